with Ada.Exceptions;
with Ada.Finalization;
package body Servers is

   --  Deals Deck_Size cards, highest first; Odd_Only is open on odd cards.
   type Dealer_Entry is (Dealer_No_Entry, Dealer_Deal, Dealer_Odd_Only);
   type Dealer_Alternative is record
      Id : Dealer_Entry := Dealer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dealer_Alternative_List is array (Positive range <>) of Dealer_Alternative;
   --  rdv2po: the rendezvous of task Dealer, for Dealer_Agent
   protected Dealer_Rendezvous is
      entry Deal (Card : out Integer);
      entry Odd_Only (Card : out Integer);
      entry Select_Arm
        (Order : Dealer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Deal_Take (Card : out Integer);
      procedure Deal_Accept_End (Card : in Integer);
      procedure Deal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Deal_Queue (Card : out Integer);
      procedure Odd_Only_Take (Card : out Integer);
      procedure Odd_Only_Accept_End (Card : in Integer);
      procedure Odd_Only_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Odd_Only_Queue (Card : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Dealer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dealer_Alternative);
      function Queued (Alternative : Dealer_Alternative) return Boolean;
      function Position_Of (Alternative : Dealer_Alternative) return Natural;
      Armed_List : Dealer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Dealer_Entry := Dealer_No_Entry;
      Closed : Boolean := False;
      Deal_Armed : Boolean := False;
      Deal_Card : Integer;
      Deal_Done : Boolean := False;
      Deal_Raised : Boolean := False;
      Deal_Failure : Ada.Exceptions.Exception_Occurrence;
      Odd_Only_Armed : Boolean := False;
      Odd_Only_Card : Integer;
      Odd_Only_Done : Boolean := False;
      Odd_Only_Raised : Boolean := False;
      Odd_Only_Failure : Ada.Exceptions.Exception_Occurrence;
   end Dealer_Rendezvous;
   task Dealer_Agent is
      --  rdv2po: general scheme agent of Dealer_Rendezvous
   end Dealer_Agent;

   protected body Dealer is
      --  rdv2po: each call goes on to Dealer_Rendezvous, as cancellable as it
      --  was
      entry Deal (Card : out Integer) when True is
      begin
         requeue Dealer_Rendezvous.Deal with abort;
      end Deal;

      entry Odd_Only (Card : out Integer) when True is
      begin
         requeue Dealer_Rendezvous.Odd_Only with abort;
      end Odd_Only;
   end Dealer;

   protected body Dealer_Rendezvous is

      entry Deal (Card : out Integer)
        when Closed or else (Chosen = Dealer_No_Entry and then Deal_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dealer_Deal, Index => 0));
         Disarm;
         Chosen := Dealer_Deal;
         Deal_Card := Card;
         Deal_Done := False;
         requeue Deal_Queue;
      end Deal;

      entry Odd_Only (Card : out Integer)
        when Closed or else (Chosen = Dealer_No_Entry and then Odd_Only_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Dealer_Odd_Only, Index => 0));
         Disarm;
         Chosen := Dealer_Odd_Only;
         Odd_Only_Card := Card;
         Odd_Only_Done := False;
         requeue Odd_Only_Queue;
      end Odd_Only;

      entry Select_Arm
        (Order : Dealer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Dealer_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Dealer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Dealer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Deal_Armed := False;
         Odd_Only_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Dealer_Alternative) is
      begin
         case Alternative.Id is
            when Dealer_Deal =>
               Deal_Armed := True;
            when Dealer_Odd_Only =>
               Odd_Only_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Dealer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Dealer_Deal =>
               return Dealer_Rendezvous.Deal'Count > 0;
            when Dealer_Odd_Only =>
               return Dealer_Rendezvous.Odd_Only'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Dealer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Deal_Take (Card : out Integer) is
      begin
         Card := Deal_Card;
         Chosen := Dealer_No_Entry;
      end Deal_Take;

      procedure Deal_Accept_End (Card : in Integer) is
      begin
         Deal_Card := Card;
         Deal_Done := True;
      end Deal_Accept_End;

      procedure Deal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Deal_Failure, Occurrence);
         Deal_Raised := True;
         Deal_Done := True;
      end Deal_Failed;

      entry Deal_Queue (Card : out Integer)
        when Deal_Done or else Closed is
      begin
         if not Deal_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Deal_Done := False;
         if Deal_Raised then
            Deal_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Deal_Failure);
         end if;
         Card := Deal_Card;
      end Deal_Queue;

      procedure Odd_Only_Take (Card : out Integer) is
      begin
         Card := Odd_Only_Card;
         Chosen := Dealer_No_Entry;
      end Odd_Only_Take;

      procedure Odd_Only_Accept_End (Card : in Integer) is
      begin
         Odd_Only_Card := Card;
         Odd_Only_Done := True;
      end Odd_Only_Accept_End;

      procedure Odd_Only_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Odd_Only_Failure, Occurrence);
         Odd_Only_Raised := True;
         Odd_Only_Done := True;
      end Odd_Only_Failed;

      entry Odd_Only_Queue (Card : out Integer)
        when Odd_Only_Done or else Closed is
      begin
         if not Odd_Only_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Odd_Only_Done := False;
         if Odd_Only_Raised then
            Odd_Only_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Odd_Only_Failure);
         end if;
         Card := Odd_Only_Card;
      end Odd_Only_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Dealer_Rendezvous;

   task body Dealer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Dealer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Dealer_Closer);
      overriding procedure Finalize (Object : in out Dealer_Closer) is
      begin
         Dealer_Rendezvous.Close;
      end Finalize;
      Closer : Dealer_Closer;
      Deck_Size : constant Integer := 5;
      Dealt     : Natural := 0;
   begin
      for Card_No in reverse 1 .. Deck_Size loop
         declare
            Choice : Natural;
         begin
            Dealer_Rendezvous.Select_Arm
              (Order => (1 => (Dealer_Deal, 0),
                         2 => ((if Card_No mod 2 = 1 then Dealer_Odd_Only else Dealer_No_Entry), 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Card : Integer;
                  begin
                     Dealer_Rendezvous.Deal_Take (Card);
                     begin
                        Card := Card_No * 10;
                     exception
                        when Occurrence : others =>
                           Dealer_Rendezvous.Deal_Failed (Occurrence);
                           raise;
                     end;
                     Dealer_Rendezvous.Deal_Accept_End (Card);
                  end;
               when 2 =>
                  declare
                     Card : Integer;
                  begin
                     Dealer_Rendezvous.Odd_Only_Take (Card);
                     begin
                        Card := Card_No;
                     exception
                        when Occurrence : others =>
                           Dealer_Rendezvous.Odd_Only_Failed (Occurrence);
                           raise;
                     end;
                     Dealer_Rendezvous.Odd_Only_Accept_End (Card);
                  end;
               when others =>
                  null;
            end case;
         end;
         Dealt := Dealt + 1;
      end loop;
   end Dealer_Agent;

   --  Hands out Green, then Blue.
   type Painter_Entry is (Painter_No_Entry, Painter_Next);
   --  rdv2po: the rendezvous of task Painter, for Painter_Agent
   protected Painter_Rendezvous is
      entry Next (Hue : out Color);
      entry Next_Accept_Begin (Hue : out Color);
      procedure Next_Accept_End (Hue : in Color);
      procedure Next_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Next_Queue (Hue : out Color);
      procedure Close;
   private
      Chosen : Painter_Entry := Painter_No_Entry;
      Closed : Boolean := False;
      Next_Hue : Color;
      Next_Done : Boolean := False;
      Next_Raised : Boolean := False;
      Next_Failure : Ada.Exceptions.Exception_Occurrence;
   end Painter_Rendezvous;
   task Painter_Agent is
      --  rdv2po: general scheme agent of Painter_Rendezvous
   end Painter_Agent;

   protected body Painter is
      --  rdv2po: each call goes on to Painter_Rendezvous, as cancellable as it
      --  was
      entry Next (Hue : out Color) when True is
      begin
         requeue Painter_Rendezvous.Next with abort;
      end Next;
   end Painter;

   protected body Painter_Rendezvous is

      entry Next (Hue : out Color)
        when Closed
          or else (Chosen = Painter_No_Entry
                   and then Next_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Painter_Next;
         Next_Hue := Hue;
         Next_Done := False;
         requeue Next_Queue;
      end Next;

      entry Next_Accept_Begin (Hue : out Color)
        when Chosen = Painter_Next is
      begin
         Hue := Next_Hue;
         Chosen := Painter_No_Entry;
      end Next_Accept_Begin;

      procedure Next_Accept_End (Hue : in Color) is
      begin
         Next_Hue := Hue;
         Next_Done := True;
      end Next_Accept_End;

      procedure Next_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Next_Failure, Occurrence);
         Next_Raised := True;
         Next_Done := True;
      end Next_Failed;

      entry Next_Queue (Hue : out Color)
        when Next_Done or else Closed is
      begin
         if not Next_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Next_Done := False;
         if Next_Raised then
            Next_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Next_Failure);
         end if;
         Hue := Next_Hue;
      end Next_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Painter_Rendezvous;

   task body Painter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Painter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Painter_Closer);
      overriding procedure Finalize (Object : in out Painter_Closer) is
      begin
         Painter_Rendezvous.Close;
      end Finalize;
      Closer : Painter_Closer;
   begin
      for C in Color range Green .. Blue loop
         declare
            Hue : Color;
         begin
            Painter_Rendezvous.Next_Accept_Begin (Hue);
            begin
               Hue := C;
            exception
               when Occurrence : others =>
                  Painter_Rendezvous.Next_Failed (Occurrence);
                  raise;
            end;
            Painter_Rendezvous.Next_Accept_End (Hue);
         end;
      end loop;
   end Painter_Agent;

   --  Over a subtype mark: Sat, then Sun.
   type Weekly_Entry is (Weekly_No_Entry, Weekly_Rest);
   --  rdv2po: the rendezvous of task Weekly, for Weekly_Agent
   protected Weekly_Rendezvous is
      entry Rest (Which : out Day; Hours : out Natural);
      entry Rest_Accept_Begin (Which : out Day; Hours : out Natural);
      procedure Rest_Accept_End (Which : in Day; Hours : in Natural);
      procedure Rest_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Rest_Queue (Which : out Day; Hours : out Natural);
      procedure Close;
   private
      Chosen : Weekly_Entry := Weekly_No_Entry;
      Closed : Boolean := False;
      Rest_Which : Day;
      Rest_Hours : Natural;
      Rest_Done : Boolean := False;
      Rest_Raised : Boolean := False;
      Rest_Failure : Ada.Exceptions.Exception_Occurrence;
   end Weekly_Rendezvous;
   task Weekly_Agent is
      --  rdv2po: general scheme agent of Weekly_Rendezvous
   end Weekly_Agent;

   protected body Weekly is
      --  rdv2po: each call goes on to Weekly_Rendezvous, as cancellable as it
      --  was
      entry Rest (Which : out Day; Hours : out Natural) when True is
      begin
         requeue Weekly_Rendezvous.Rest with abort;
      end Rest;
   end Weekly;

   protected body Weekly_Rendezvous is

      entry Rest (Which : out Day; Hours : out Natural)
        when Closed
          or else (Chosen = Weekly_No_Entry
                   and then Rest_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Weekly_Rest;
         Rest_Which := Which;
         Rest_Hours := Hours;
         Rest_Done := False;
         requeue Rest_Queue;
      end Rest;

      entry Rest_Accept_Begin (Which : out Day; Hours : out Natural)
        when Chosen = Weekly_Rest is
      begin
         Which := Rest_Which;
         Hours := Rest_Hours;
         Chosen := Weekly_No_Entry;
      end Rest_Accept_Begin;

      procedure Rest_Accept_End (Which : in Day; Hours : in Natural) is
      begin
         Rest_Which := Which;
         Rest_Hours := Hours;
         Rest_Done := True;
      end Rest_Accept_End;

      procedure Rest_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Rest_Failure, Occurrence);
         Rest_Raised := True;
         Rest_Done := True;
      end Rest_Failed;

      entry Rest_Queue (Which : out Day; Hours : out Natural)
        when Rest_Done or else Closed is
      begin
         if not Rest_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Rest_Done := False;
         if Rest_Raised then
            Rest_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Rest_Failure);
         end if;
         Which := Rest_Which;
         Hours := Rest_Hours;
      end Rest_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Weekly_Rendezvous;

   task body Weekly_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Weekly_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Weekly_Closer);
      overriding procedure Finalize (Object : in out Weekly_Closer) is
      begin
         Weekly_Rendezvous.Close;
      end Finalize;
      Closer : Weekly_Closer;
      Total : Natural := 0;
   begin
      for D in Weekend loop
         Total := Total + 8;
         declare
            Which : Day;
            Hours : Natural;
         begin
            Weekly_Rendezvous.Rest_Accept_Begin (Which, Hours);
            begin
               Which := D;
               Hours := Total;
            exception
               when Occurrence : others =>
                  Weekly_Rendezvous.Rest_Failed (Occurrence);
                  raise;
            end;
            Weekly_Rendezvous.Rest_Accept_End (Which, Hours);
         end;
      end loop;
   end Weekly_Agent;

   --  An empty range: the task ends without accepting.
   type Empty_Entry is (Empty_No_Entry, Empty_Ping);
   --  rdv2po: the rendezvous of task Empty, for Empty_Agent
   protected Empty_Rendezvous is
      entry Ping;
      entry Ping_Accept_Begin;
      procedure Close;
   private
      Chosen : Empty_Entry := Empty_No_Entry;
      Closed : Boolean := False;
   end Empty_Rendezvous;
   task Empty_Agent is
      --  rdv2po: general scheme agent of Empty_Rendezvous
   end Empty_Agent;

   protected body Empty is
      --  rdv2po: each call goes on to Empty_Rendezvous, as cancellable as it
      --  was
      entry Ping when True is
      begin
         requeue Empty_Rendezvous.Ping with abort;
      end Ping;
   end Empty;

   protected body Empty_Rendezvous is

      entry Ping
        when Closed
          or else (Chosen = Empty_No_Entry
                   and then Ping_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Empty_Ping;
      end Ping;

      entry Ping_Accept_Begin
        when Chosen = Empty_Ping is
      begin
         Chosen := Empty_No_Entry;
      end Ping_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Empty_Rendezvous;

   task body Empty_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Empty_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Empty_Closer);
      overriding procedure Finalize (Object : in out Empty_Closer) is
      begin
         Empty_Rendezvous.Close;
      end Finalize;
      Closer : Empty_Closer;
      Count : Natural := 0;
   begin
      for I in 1 .. Count loop
         Empty_Rendezvous.Ping_Accept_Begin;
      end loop;
   end Empty_Agent;

end Servers;

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Plain_Srv_Entry is
     (Plain_Srv_No_Entry,
      Plain_Srv_Take,
      Plain_Srv_Give);
   type Plain_Srv_Alternative is record
      Id : Plain_Srv_Entry := Plain_Srv_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Plain_Srv_Alternative_List is array (Positive range <>) of Plain_Srv_Alternative;
   --  rdv2po: task Plain_Srv became this protected object; its code runs in
   --  the task Plain_Srv_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Plain_Srv is
      entry Take (V : out Integer);
      entry Give (V : Integer);
      --  rdv2po: the rendezvous protocol, for Plain_Srv_Agent
      entry Select_Arm
        (Order : Plain_Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Take_Take (V : out Integer);
      procedure Take_Accept_End (V : in Integer);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (V : out Integer);
      procedure Give_Take (V : out Integer);
      procedure Give_Accept_End;
      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Give_Queue (V : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Plain_Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Plain_Srv_Alternative);
      function Queued (Alternative : Plain_Srv_Alternative) return Boolean;
      function Position_Of (Alternative : Plain_Srv_Alternative) return Natural;
      Armed_List : Plain_Srv_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Plain_Srv_Entry := Plain_Srv_No_Entry;
      Closed : Boolean := False;
      Take_Armed : Boolean := False;
      Take_V : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Give_Armed : Boolean := False;
      Give_V : Integer;
      Give_Done : Boolean := False;
      Give_Raised : Boolean := False;
      Give_Failure : Ada.Exceptions.Exception_Occurrence;
   end Plain_Srv;
   task Plain_Srv_Agent is
      --  rdv2po: general scheme agent of Plain_Srv
   end Plain_Srv_Agent;

   type Handled_Srv_Entry is
     (Handled_Srv_No_Entry,
      Handled_Srv_Take,
      Handled_Srv_Give);
   type Handled_Srv_Alternative is record
      Id : Handled_Srv_Entry := Handled_Srv_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Handled_Srv_Alternative_List is array (Positive range <>) of Handled_Srv_Alternative;
   --  rdv2po: task Handled_Srv became this protected object; its code runs in
   --  the task Handled_Srv_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Handled_Srv is
      entry Take (V : out Integer);
      entry Give (V : Integer);
      --  rdv2po: the rendezvous protocol, for Handled_Srv_Agent
      entry Select_Arm
        (Order : Handled_Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Take_Take (V : out Integer);
      procedure Take_Accept_End (V : in Integer);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (V : out Integer);
      procedure Give_Take (V : out Integer);
      procedure Give_Accept_End;
      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Give_Queue (V : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Handled_Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Handled_Srv_Alternative);
      function Queued (Alternative : Handled_Srv_Alternative) return Boolean;
      function Position_Of (Alternative : Handled_Srv_Alternative) return Natural;
      Armed_List : Handled_Srv_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Handled_Srv_Entry := Handled_Srv_No_Entry;
      Closed : Boolean := False;
      Take_Armed : Boolean := False;
      Take_V : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Give_Armed : Boolean := False;
      Give_V : Integer;
      Give_Done : Boolean := False;
      Give_Raised : Boolean := False;
      Give_Failure : Ada.Exceptions.Exception_Occurrence;
   end Handled_Srv;
   task Handled_Srv_Agent is
      --  rdv2po: general scheme agent of Handled_Srv
   end Handled_Srv_Agent;

   protected body Plain_Srv is

      entry Take (V : out Integer)
        when Closed or else (Chosen = Plain_Srv_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Plain_Srv_Take, Index => 0));
         Disarm;
         Chosen := Plain_Srv_Take;
         Take_V := V;
         Take_Done := False;
         requeue Take_Queue;
      end Take;

      entry Give (V : Integer)
        when Closed or else (Chosen = Plain_Srv_No_Entry and then Give_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Plain_Srv_Give, Index => 0));
         Disarm;
         Chosen := Plain_Srv_Give;
         Give_V := V;
         Give_Done := False;
         requeue Give_Queue;
      end Give;

      entry Select_Arm
        (Order : Plain_Srv_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Plain_Srv_No_Entry then
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
        (Order : Plain_Srv_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Plain_Srv_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Take_Armed := False;
         Give_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Plain_Srv_Alternative) is
      begin
         case Alternative.Id is
            when Plain_Srv_Take =>
               Take_Armed := True;
            when Plain_Srv_Give =>
               Give_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Plain_Srv_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Plain_Srv_Take =>
               return Plain_Srv.Take'Count > 0;
            when Plain_Srv_Give =>
               return Plain_Srv.Give'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Plain_Srv_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Take_Take (V : out Integer) is
      begin
         V := Take_V;
         Chosen := Plain_Srv_No_Entry;
      end Take_Take;

      procedure Take_Accept_End (V : in Integer) is
      begin
         Take_V := V;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (V : out Integer)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         V := Take_V;
      end Take_Queue;

      procedure Give_Take (V : out Integer) is
      begin
         V := Give_V;
         Chosen := Plain_Srv_No_Entry;
      end Give_Take;

      procedure Give_Accept_End is
      begin
         Give_Done := True;
      end Give_Accept_End;

      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Give_Failure, Occurrence);
         Give_Raised := True;
         Give_Done := True;
      end Give_Failed;

      entry Give_Queue (V : in Integer)
        when Give_Done or else Closed is
      begin
         if not Give_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Give_Done := False;
         if Give_Raised then
            Give_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Give_Failure);
         end if;
      end Give_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Plain_Srv;

   task body Plain_Srv_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Plain_Srv_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Plain_Srv_Closer);
      overriding procedure Finalize (Object : in out Plain_Srv_Closer) is
      begin
         Plain_Srv.Close;
      end Finalize;
      Closer : Plain_Srv_Closer;
      Held : Integer := 0;
      Uses : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Plain_Srv.Select_Arm
              (Order => (1 => ((if Uses < 3 and Held > 0 then Plain_Srv_Take else Plain_Srv_No_Entry), 0),
                         2 => ((if Uses < 3 and Held = 0 then Plain_Srv_Give else Plain_Srv_No_Entry), 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Plain_Srv.Take_Take (V);
                     begin
                        V := Held;
                     exception
                        when Occurrence : others =>
                           Plain_Srv.Take_Failed (Occurrence);
                           raise;
                     end;
                     Plain_Srv.Take_Accept_End (V);
                  end;
                  Held := 0;
                  Uses := Uses + 1;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Plain_Srv.Give_Take (V);
                     begin
                        Held := V;
                     exception
                        when Occurrence : others =>
                           Plain_Srv.Give_Failed (Occurrence);
                           raise;
                     end;
                     Plain_Srv.Give_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Plain_Srv_Agent;

   protected body Handled_Srv is

      entry Take (V : out Integer)
        when Closed or else (Chosen = Handled_Srv_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Handled_Srv_Take, Index => 0));
         Disarm;
         Chosen := Handled_Srv_Take;
         Take_V := V;
         Take_Done := False;
         requeue Take_Queue;
      end Take;

      entry Give (V : Integer)
        when Closed or else (Chosen = Handled_Srv_No_Entry and then Give_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Handled_Srv_Give, Index => 0));
         Disarm;
         Chosen := Handled_Srv_Give;
         Give_V := V;
         Give_Done := False;
         requeue Give_Queue;
      end Give;

      entry Select_Arm
        (Order : Handled_Srv_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Handled_Srv_No_Entry then
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
        (Order : Handled_Srv_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Handled_Srv_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Take_Armed := False;
         Give_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Handled_Srv_Alternative) is
      begin
         case Alternative.Id is
            when Handled_Srv_Take =>
               Take_Armed := True;
            when Handled_Srv_Give =>
               Give_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Handled_Srv_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Handled_Srv_Take =>
               return Handled_Srv.Take'Count > 0;
            when Handled_Srv_Give =>
               return Handled_Srv.Give'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Handled_Srv_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Take_Take (V : out Integer) is
      begin
         V := Take_V;
         Chosen := Handled_Srv_No_Entry;
      end Take_Take;

      procedure Take_Accept_End (V : in Integer) is
      begin
         Take_V := V;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (V : out Integer)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         V := Take_V;
      end Take_Queue;

      procedure Give_Take (V : out Integer) is
      begin
         V := Give_V;
         Chosen := Handled_Srv_No_Entry;
      end Give_Take;

      procedure Give_Accept_End is
      begin
         Give_Done := True;
      end Give_Accept_End;

      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Give_Failure, Occurrence);
         Give_Raised := True;
         Give_Done := True;
      end Give_Failed;

      entry Give_Queue (V : in Integer)
        when Give_Done or else Closed is
      begin
         if not Give_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Give_Done := False;
         if Give_Raised then
            Give_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Give_Failure);
         end if;
      end Give_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Handled_Srv;

   task body Handled_Srv_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Handled_Srv_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Handled_Srv_Closer);
      overriding procedure Finalize (Object : in out Handled_Srv_Closer) is
      begin
         Handled_Srv.Close;
      end Finalize;
      Closer : Handled_Srv_Closer;
      Held : Integer := 0;
      Uses : Integer := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Handled_Srv.Select_Arm
              (Order => (1 => ((if Uses < 2 and Held > 0 then Handled_Srv_Take else Handled_Srv_No_Entry), 0),
                         2 => ((if Uses < 2 and Held = 0 then Handled_Srv_Give else Handled_Srv_No_Entry), 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     V : Integer;
                  begin
                     Handled_Srv.Take_Take (V);
                     begin
                        V := Held;
                     exception
                        when Occurrence : others =>
                           Handled_Srv.Take_Failed (Occurrence);
                           raise;
                     end;
                     Handled_Srv.Take_Accept_End (V);
                  end;
                  Held := 0;
                  Uses := Uses + 1;
               when 2 =>
                  declare
                     V : Integer;
                  begin
                     Handled_Srv.Give_Take (V);
                     begin
                        Held := V;
                     exception
                        when Occurrence : others =>
                           Handled_Srv.Give_Failed (Occurrence);
                           raise;
                     end;
                     Handled_Srv.Give_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when Program_Error => null;
   end Handled_Srv_Agent;

   V : Integer;
begin
   for I in 1 .. 4 loop
      begin
         Plain_Srv.Give (I);
         Plain_Srv.Take (V);
         Put_Line ("plain round" & Integer'Image (I) & Integer'Image (V));
      exception
         when Tasking_Error => Put_Line ("plain: Tasking_Error at" & Integer'Image (I));
      end;
   end loop;
   for I in 1 .. 3 loop
      begin
         Handled_Srv.Give (I * 10);
         Handled_Srv.Take (V);
         Put_Line ("handled round" & Integer'Image (I) & Integer'Image (V));
      exception
         when Tasking_Error => Put_Line ("handled: Tasking_Error at" & Integer'Image (I));
      end;
   end loop;
   Put_Line ("PASSED");
end Main;

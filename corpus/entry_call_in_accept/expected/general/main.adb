--  Nested rendezvous: the accept body of Front.Request calls the entry
--  Back.Square, so the caller of Front stays in rendezvous with Front while
--  Front is in rendezvous with Back.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Back_Entry is (Back_No_Entry, Back_Square);
   type Back_Alternative is record
      Id : Back_Entry := Back_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Back_Alternative_List is array (Positive range <>) of Back_Alternative;
   --  rdv2po: task Back became this protected object; its code runs in the
   --  task Back_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Back is
      entry Square (X : Integer; Y : out Integer);
      --  rdv2po: the rendezvous protocol, for Back_Agent
      entry Select_Arm
        (Order : Back_Alternative_List;
         Chosen_Position : out Natural);
      entry Square_Held (X : Integer; Y : out Integer);
      procedure Square_Woken (X : in Integer; Y : in Integer);
      procedure Square_Take (X : out Integer; Y : out Integer);
      procedure Square_Accept_End (Y : in Integer);
      procedure Square_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Square_Queue (X : in Integer; Y : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Back_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Back_Alternative);
      function Queued (Alternative : Back_Alternative) return Boolean;
      function Position_Of (Alternative : Back_Alternative) return Natural;
      Armed_List : Back_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Back_Entry := Back_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Square_Armed : Boolean := False;
      Square_X : Integer;
      Square_Y : Integer;
      Square_Done : Boolean := False;
      Square_Raised : Boolean := False;
      Square_Failure : Ada.Exceptions.Exception_Occurrence;
   end Back;
   task Back_Agent is
      --  rdv2po: general scheme agent of Back
      entry Wake_1 (Positive range 1 .. 1)
        (Value_1 : in Integer; Value_2 : out Integer);
   end Back_Agent;

   type Front_Entry is
     (Front_No_Entry,
      Front_Request,
      Front_Served,
      Front_Stop);
   type Front_Alternative is record
      Id : Front_Entry := Front_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Front_Alternative_List is array (Positive range <>) of Front_Alternative;
   --  rdv2po: task Front became this protected object; its code runs in the
   --  task Front_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Front is
      entry Request (X : Integer; Y : out Integer);
      entry Served (N : out Natural);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Front_Agent
      entry Select_Arm
        (Order : Front_Alternative_List;
         Chosen_Position : out Natural);
      procedure Request_Take (X : out Integer; Y : out Integer);
      procedure Request_Accept_End (Y : in Integer);
      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Request_Queue (X : in Integer; Y : out Integer);
      procedure Served_Take (N : out Natural);
      procedure Served_Accept_End (N : in Natural);
      procedure Served_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Served_Queue (N : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Front_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Front_Alternative);
      function Queued (Alternative : Front_Alternative) return Boolean;
      function Position_Of (Alternative : Front_Alternative) return Natural;
      Armed_List : Front_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Front_Entry := Front_No_Entry;
      Closed : Boolean := False;
      Request_Armed : Boolean := False;
      Request_X : Integer;
      Request_Y : Integer;
      Request_Done : Boolean := False;
      Request_Raised : Boolean := False;
      Request_Failure : Ada.Exceptions.Exception_Occurrence;
      Served_Armed : Boolean := False;
      Served_N : Natural;
      Served_Done : Boolean := False;
      Served_Raised : Boolean := False;
      Served_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Front;
   task Front_Agent is
      --  rdv2po: general scheme agent of Front
   end Front_Agent;

   protected body Back is

      entry Square (X : Integer; Y : out Integer)
        when Closed
          or else (Chosen = Back_No_Entry
                   and then Square_Armed
                   and then Square_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Back_Agent.Wake_1
              (Position_Of ((Id => Back_Square, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Back_Square, Index => 0));
         Square_Woken (X, Y);
         requeue Square_Queue;
      end Square;

      entry Square_Held (X : Integer; Y : out Integer)
        when Closed or else (Chosen = Back_No_Entry and then Square_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Back_Square, Index => 0));
         Square_Woken (X, Y);
         requeue Square_Queue;
      end Square_Held;

      entry Select_Arm
        (Order : Back_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Back_No_Entry then
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
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
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Back_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Back_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Square_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Back_Alternative) is
      begin
         case Alternative.Id is
            when Back_Square =>
               Square_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Back_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Back_Square =>
               return Back.Square'Count + Square_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Back_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Square_Take (X : out Integer; Y : out Integer) is
      begin
         X := Square_X;
         Y := Square_Y;
         Chosen := Back_No_Entry;
      end Square_Take;

      procedure Square_Woken (X : in Integer; Y : in Integer) is
      begin
         Disarm;
         Chosen := Back_Square;
         Square_X := X;
         Square_Y := Y;
         Square_Done := False;
      end Square_Woken;

      procedure Square_Accept_End (Y : in Integer) is
      begin
         Square_Y := Y;
         Square_Done := True;
      end Square_Accept_End;

      procedure Square_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Square_Failure, Occurrence);
         Square_Raised := True;
         Square_Done := True;
      end Square_Failed;

      entry Square_Queue (X : in Integer; Y : out Integer)
        when Square_Done or else Closed is
      begin
         if not Square_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Square_Done := False;
         if Square_Raised then
            Square_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Square_Failure);
         end if;
         Y := Square_Y;
      end Square_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Back;

   task body Back_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Back_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Back_Closer);
      overriding procedure Finalize (Object : in out Back_Closer) is
      begin
         Back.Close;
      end Finalize;
      Closer : Back_Closer;
   begin
      loop
         declare
            Alternatives : constant Back_Alternative_List :=
              (1 => (Back_Square, 0));
            Choice : Natural;
         begin
            Back.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Integer; Value_2 : out Integer) do
                     Back.Square_Woken (Value_1, Value_2);
                     requeue Back.Square_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Integer; Value_2 : out Integer) do
                        requeue Back.Square_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Back.Square_Take (X, Y);
                     begin
                        Y := X * X;
                     exception
                        when Occurrence : others =>
                           Back.Square_Failed (Occurrence);
                           raise;
                     end;
                     Back.Square_Accept_End (Y);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Back_Agent;

   protected body Front is

      entry Request (X : Integer; Y : out Integer)
        when Closed or else (Chosen = Front_No_Entry and then Request_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Front_Request, Index => 0));
         Disarm;
         Chosen := Front_Request;
         Request_X := X;
         Request_Y := Y;
         Request_Done := False;
         requeue Request_Queue;
      end Request;

      entry Served (N : out Natural)
        when Closed or else (Chosen = Front_No_Entry and then Served_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Front_Served, Index => 0));
         Disarm;
         Chosen := Front_Served;
         Served_N := N;
         Served_Done := False;
         requeue Served_Queue;
      end Served;

      entry Stop
        when Closed or else (Chosen = Front_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Front_Stop, Index => 0));
         Disarm;
         Chosen := Front_Stop;
      end Stop;

      entry Select_Arm
        (Order : Front_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Front_No_Entry then
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
        (Order : Front_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Front_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Request_Armed := False;
         Served_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Front_Alternative) is
      begin
         case Alternative.Id is
            when Front_Request =>
               Request_Armed := True;
            when Front_Served =>
               Served_Armed := True;
            when Front_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Front_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Front_Request =>
               return Front.Request'Count > 0;
            when Front_Served =>
               return Front.Served'Count > 0;
            when Front_Stop =>
               return Front.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Front_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Request_Take (X : out Integer; Y : out Integer) is
      begin
         X := Request_X;
         Y := Request_Y;
         Chosen := Front_No_Entry;
      end Request_Take;

      procedure Request_Accept_End (Y : in Integer) is
      begin
         Request_Y := Y;
         Request_Done := True;
      end Request_Accept_End;

      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Request_Failure, Occurrence);
         Request_Raised := True;
         Request_Done := True;
      end Request_Failed;

      entry Request_Queue (X : in Integer; Y : out Integer)
        when Request_Done or else Closed is
      begin
         if not Request_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Request_Done := False;
         if Request_Raised then
            Request_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Request_Failure);
         end if;
         Y := Request_Y;
      end Request_Queue;

      procedure Served_Take (N : out Natural) is
      begin
         N := Served_N;
         Chosen := Front_No_Entry;
      end Served_Take;

      procedure Served_Accept_End (N : in Natural) is
      begin
         Served_N := N;
         Served_Done := True;
      end Served_Accept_End;

      procedure Served_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Served_Failure, Occurrence);
         Served_Raised := True;
         Served_Done := True;
      end Served_Failed;

      entry Served_Queue (N : out Natural)
        when Served_Done or else Closed is
      begin
         if not Served_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Served_Done := False;
         if Served_Raised then
            Served_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Served_Failure);
         end if;
         N := Served_N;
      end Served_Queue;

      procedure Stop_Take is
      begin
         Chosen := Front_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Front;

   task body Front_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Front_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Front_Closer);
      overriding procedure Finalize (Object : in out Front_Closer) is
      begin
         Front.Close;
      end Finalize;
      Closer : Front_Closer;
      Count : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Front.Select_Arm
              (Order => (1 => (Front_Request, 0),
                         2 => (Front_Served, 0),
                         3 => (Front_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Front.Request_Take (X, Y);
                     begin
                        Back.Square (X, Y);
                        Y := Y + 1;
                     exception
                        when Occurrence : others =>
                           Front.Request_Failed (Occurrence);
                           raise;
                     end;
                     Front.Request_Accept_End (Y);
                  end;
                  Count := Count + 1;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Front.Served_Take (N);
                     begin
                        N := Count;
                     exception
                        when Occurrence : others =>
                           Front.Served_Failed (Occurrence);
                           raise;
                     end;
                     Front.Served_Accept_End (N);
                  end;
               when 3 =>
                  Front.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Front_Agent;

   Y     : Integer;
   Sum   : Integer := 0;
   Count : Natural;

begin
   for X in -3 .. 4 loop
      Front.Request (X, Y);
      Sum := Sum + Y;
   end loop;
   Front.Served (Count);
   Front.Stop;
   Ada.Text_IO.Put_Line ("Requests:" & Natural'Image (Count));
   Ada.Text_IO.Put_Line ("Sum:" & Integer'Image (Sum));
   --  squares of -3 .. 4: 9+4+1+0+1+4+9+16 = 44, plus 8 times 1
   if Count = 8 and then Sum = 52 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;

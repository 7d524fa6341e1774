--  A guard reading B'Count, B itself guarded: Server evaluates it once, when
--  it reaches its select (RM 9.7.1(15)), so a call of B queued while Server
--  waits there leaves A open, and the conditional call of A is accepted.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Server_Entry is (Server_No_Entry, Server_A, Server_B, Server_Open_B);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry A;
      entry B;
      entry Open_B;
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry A_Held;
      procedure A_Woken;
      procedure A_Take;
      entry B_Held;
      procedure B_Woken;
      procedure B_Take;
      function B_Count return Natural;
      entry Open_B_Held;
      procedure Open_B_Woken;
      procedure Open_B_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      A_Armed : Boolean := False;
      B_Armed : Boolean := False;
      Open_B_Armed : Boolean := False;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 3);
   end Server_Agent;
   protected body Server is

      entry A
        when Closed
          or else (Chosen = Server_No_Entry
                   and then A_Armed
                   and then A_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_A, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_A, Index => 0));
         A_Woken;
      end A;

      entry A_Held
        when Closed or else (Chosen = Server_No_Entry and then A_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_A, Index => 0));
         A_Woken;
      end A_Held;

      entry B
        when Closed
          or else (Chosen = Server_No_Entry
                   and then B_Armed
                   and then B_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_B, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_B, Index => 0));
         B_Woken;
      end B;

      entry B_Held
        when Closed or else (Chosen = Server_No_Entry and then B_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_B, Index => 0));
         B_Woken;
      end B_Held;

      entry Open_B
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Open_B_Armed
                   and then Open_B_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Server_Agent.Wake_1
              (Position_Of ((Id => Server_Open_B, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Server_Open_B, Index => 0));
         Open_B_Woken;
      end Open_B;

      entry Open_B_Held
        when Closed or else (Chosen = Server_No_Entry and then Open_B_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Open_B, Index => 0));
         Open_B_Woken;
      end Open_B_Held;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Server_No_Entry then
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
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         A_Armed := False;
         B_Armed := False;
         Open_B_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_A =>
               A_Armed := True;
            when Server_B =>
               B_Armed := True;
            when Server_Open_B =>
               Open_B_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_A =>
               return Server.A'Count + A_Held'Count > 0;
            when Server_B =>
               return Server.B'Count + B_Held'Count > 0;
            when Server_Open_B =>
               return Server.Open_B'Count + Open_B_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure A_Take is
      begin
         Chosen := Server_No_Entry;
      end A_Take;

      procedure A_Woken is
      begin
         Disarm;
         Chosen := Server_A;
      end A_Woken;

      procedure B_Take is
      begin
         Chosen := Server_No_Entry;
      end B_Take;

      procedure B_Woken is
      begin
         Disarm;
         Chosen := Server_B;
      end B_Woken;

      function B_Count return Natural is
      begin
         return Server.B'Count + B_Held'Count;
      end B_Count;

      procedure Open_B_Take is
      begin
         Chosen := Server_No_Entry;
      end Open_B_Take;

      procedure Open_B_Woken is
      begin
         Disarm;
         Chosen := Server_Open_B;
      end Open_B_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server.Close;
      end Finalize;
      Closer : Server_Closer;
      B_Open : Boolean := False;
   begin
      loop
         declare
            Alternatives : constant Server_Alternative_List :=
              (1 => ((if Server.B_Count = 0 then Server_A else Server_No_Entry), 0),
               2 => ((if B_Open then Server_B else Server_No_Entry), 0),
               3 => (Server_Open_B, 0));
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Server.A_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) do
                     Server.B_Woken;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_1 (3) do
                     Server.Open_B_Woken;
                  end Wake_1;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Server.A_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) do
                        requeue Server.B_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (3) do
                        requeue Server.Open_B_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Server.A_Take;
               when 2 =>
                  Server.B_Take;
               when 3 =>
                  Server.Open_B_Take;
                  B_Open := True;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;
   Admitted : Boolean;
begin
   declare
      task Caller_B;
      task body Caller_B is
      begin
         delay 0.1;  --  Server is already waiting in its select, A open
         Server.B;
      end Caller_B;
   begin
      delay 0.3;  --  Caller_B is now queued on B
      select
         Server.A;
         Admitted := True;
      else
         Admitted := False;
      end select;
      Server.Open_B;
   end;
   Put_Line ("A admitted: " & Boolean'Image (Admitted));
   Put_Line ("PASSED");
end Main;

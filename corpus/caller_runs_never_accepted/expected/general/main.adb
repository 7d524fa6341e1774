with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Once_Entry is (Once_No_Entry, Once_Never, Once_Go, Once_Stop);
   --  rdv2po: task Once became this protected object; its code runs in the
   --  task Once_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Once is
      entry  Never ;
      entry Go (N : Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Once_Agent
      entry Go_Accept_Begin (N : out Integer);
      procedure Go_Accept_End;
      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Go_Queue (N : in Integer);
      entry Stop_Accept_Begin;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      Chosen : Once_Entry := Once_No_Entry;
      Closed : Boolean := False;
      Go_N : Integer;
      Go_Done : Boolean := False;
      Go_Raised : Boolean := False;
      Go_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Once;
   task Once_Agent is
      --  rdv2po: general scheme agent of Once
   end Once_Agent;

   protected body Once is

      entry Never
        when Closed or else (Chosen = Once_No_Entry and then False)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Once_Never;
      end Never;

      entry Go (N : Integer)
        when Closed
          or else (Chosen = Once_No_Entry and then Go_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Once_Go;
         Go_N := N;
         Go_Done := False;
         requeue Go_Queue;
      end Go;

      entry Stop
        when Closed
          or else (Chosen = Once_No_Entry and then Stop_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Once_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Go_Accept_Begin (N : out Integer)
        when Chosen = Once_Go is
      begin
         N := Go_N;
         Chosen := Once_No_Entry;
      end Go_Accept_Begin;

      procedure Go_Accept_End is
      begin
         Go_Done := True;
      end Go_Accept_End;

      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Go_Failure, Occurrence);
         Go_Raised := True;
         Go_Done := True;
      end Go_Failed;

      entry Go_Queue (N : in Integer)
        when Go_Done or else Closed is
      begin
         if not Go_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Go_Done := False;
         if Go_Raised then
            Go_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Go_Failure);
         end if;
      end Go_Queue;

      entry Stop_Accept_Begin
        when Chosen = Once_Stop is
      begin
         Chosen := Once_No_Entry;
      end Stop_Accept_Begin;

      procedure Stop_Accept_End is
      begin
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Once;

   task body Once_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Once_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Once_Closer);
      overriding procedure Finalize (Object : in out Once_Closer) is
      begin
         Once.Close;
      end Finalize;
      Closer : Once_Closer;
      Sum : Integer := 0;
   begin
      declare
         N : Integer;
      begin
         Once.Go_Accept_Begin (N);
         begin
            Sum := N;
            Put_Line ("go" & Integer'Image (N));
         exception
            when Occurrence : others =>
               Once.Go_Failed (Occurrence);
               raise;
         end;
         Once.Go_Accept_End;
      end;
      Once.Stop_Accept_Begin;
      begin
         Put_Line ("stop at" & Integer'Image (Sum));
      exception
         when Occurrence : others =>
            Once.Stop_Failed (Occurrence);
            raise;
      end;
      Once.Stop_Accept_End;
   end Once_Agent;

   type Looper_Entry is (Looper_No_Entry, Looper_Put, Looper_Unused);
   type Looper_Alternative is record
      Id : Looper_Entry := Looper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Looper_Alternative_List is array (Positive range <>) of Looper_Alternative;
   --  rdv2po: task Looper became this protected object; its code runs in the
   --  task Looper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Looper is
      entry Put (N : Integer);
      entry Unused;
      --  rdv2po: the rendezvous protocol, for Looper_Agent
      entry Select_Arm
        (Order : Looper_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (N : Integer);
      procedure Put_Woken (N : in Integer);
      procedure Put_Take (N : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (N : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Looper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Looper_Alternative);
      function Queued (Alternative : Looper_Alternative) return Boolean;
      function Position_Of (Alternative : Looper_Alternative) return Natural;
      Armed_List : Looper_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Looper_Entry := Looper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_N : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Looper;
   task Looper_Agent is
      --  rdv2po: general scheme agent of Looper
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in Integer);
   end Looper_Agent;

   protected body Looper is

      entry Put (N : Integer)
        when Closed
          or else (Chosen = Looper_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Looper_Agent.Wake_1
              (Position_Of ((Id => Looper_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Looper_Put, Index => 0));
         Put_Woken (N);
         requeue Put_Queue;
      end Put;

      entry Put_Held (N : Integer)
        when Closed or else (Chosen = Looper_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Looper_Put, Index => 0));
         Put_Woken (N);
         requeue Put_Queue;
      end Put_Held;

      entry Unused
        when Closed or else (Chosen = Looper_No_Entry and then False)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Looper_Unused;
      end Unused;

      entry Select_Arm
        (Order : Looper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Looper_No_Entry then
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
        (Order : Looper_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Looper_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Looper_Alternative) is
      begin
         case Alternative.Id is
            when Looper_Put =>
               Put_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Looper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Looper_Put =>
               return Looper.Put'Count + Put_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Looper_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (N : out Integer) is
      begin
         N := Put_N;
         Chosen := Looper_No_Entry;
      end Put_Take;

      procedure Put_Woken (N : in Integer) is
      begin
         Disarm;
         Chosen := Looper_Put;
         Put_N := N;
         Put_Done := False;
      end Put_Woken;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (N : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Looper;

   task body Looper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Looper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Looper_Closer);
      overriding procedure Finalize (Object : in out Looper_Closer) is
      begin
         Looper.Close;
      end Finalize;
      Closer : Looper_Closer;
   begin
      loop
         declare
            Alternatives : constant Looper_Alternative_List :=
              (1 => (Looper_Put, 0));
            Choice : Natural;
         begin
            Looper.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Looper.Put_Woken (Value_1);
                     requeue Looper.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Looper.Put_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     N : Integer;
                  begin
                     Looper.Put_Take (N);
                     begin
                        Put_Line ("put" & Integer'Image (N));
                     exception
                        when Occurrence : others =>
                           Looper.Put_Failed (Occurrence);
                           raise;
                     end;
                     Looper.Put_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Looper_Agent;
begin
   select
      Once.Never;
      Put_Line ("never taken?");
   else
      Put_Line ("never: else part");
   end select;
   Once.Go (3);
   select
      Once.Never;
      Put_Line ("never taken?");
   or
      delay 0.05;
      Put_Line ("never: timed out");
   end select;
   Once.Stop;
   begin
      Once.Never;
      Put_Line ("never returned?");
   exception
      when Tasking_Error =>
         Put_Line ("never: Tasking_Error");
   end;
   begin
      select
         Once.Never;
      else
         Put_Line ("never: else after the end?");
      end select;
   exception
      when Tasking_Error =>
         Put_Line ("never: Tasking_Error again");
   end;
   Looper.Put (1);
   Put_Line ("PASSED");
end Main;

--  general scheme (reduced from ACATS C95040C): when a task completes, its
--  entry calls raise Tasking_Error and T'Callable is False (RM 9.9(2)).  In
--  the translation the object is closed (calls raise Tasking_Error) by a
--  controlled object finalized at the end of the agent's body, but
--  T1'Callable becomes T1_Agent'Callable, which is still True until the
--  agent completes: a caller that just got Tasking_Error can see
--  T1'Callable = True.  The original prints 0; the translation prints a
--  varying positive number.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Seen_Callable : Natural := 0 with Atomic;
begin
   for Round in 1 .. 300 loop
      declare
         type T1_Entry is (T1_No_Entry, T1_E);
         --  rdv2po: task T1 became this protected object; its code runs in the
         --  task T1_Agent, declared after it (general scheme: each rendezvous
         --  goes through the object)
         protected T1 is
            entry E;
            --  rdv2po: the rendezvous protocol, for T1_Agent
            function Agent_Callable return Boolean;
            procedure Close;
         private
            Chosen : T1_Entry := T1_No_Entry;
            Closed : Boolean := False;
         end T1;
         task T1_Agent is
            --  rdv2po: general scheme agent of T1
         end T1_Agent;
         protected body T1 is

            entry E
              when Closed or else (Chosen = T1_No_Entry and then False)
            is
            begin
               if Closed then
                  raise Tasking_Error;
               end if;
               Chosen := T1_E;
            end E;

            function Agent_Callable return Boolean is
            begin
               return not Closed and then T1_Agent'Callable;
            end Agent_Callable;

            procedure Close is
            begin
               Closed := True;
            end Close;
         end T1;

         task body T1_Agent is
            --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
            type T1_Closer is new Ada.Finalization.Limited_Controlled with null record;
            overriding procedure Finalize (Object : in out T1_Closer);
            overriding procedure Finalize (Object : in out T1_Closer) is
            begin
               T1.Close;
            end Finalize;
            task T2;
            task body T2 is
            begin
               T1.E;
            exception
               when Tasking_Error =>
                  if T1.Agent_Callable then
                     Seen_Callable := Seen_Callable + 1;
                  end if;
            end T2;
         begin
            declare
               Closer : T1_Closer;   --  closes on completion
            begin
               null;
            end;
         end T1_Agent;
      begin
         null;
      end;
   end loop;
   Put_Line ("T1'Callable after Tasking_Error:" & Natural'Image (Seen_Callable));
end Main;

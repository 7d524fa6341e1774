--  A calling server that computes each worker's share with a loop between
--  its calls.  The loop reads only the task's own variables and a counter
--  steps towards a fixed bound: it ends alike in the task and in the
--  protected procedure that runs it inside a worker's call.
with Ada.Task_Identification;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Got : array (1 .. 2) of Natural := (others => 0);

   procedure Run is
      task type Worker (Id : Positive);

      First  : Worker (1);
      Second : Worker (2);

      protected Dispatcher is
         entry Start (Share : out Natural);
      private
         --  rdv2po: task Dispatcher, a calling server, became this protected
         --  object; its workers call it for what Dispatcher handed them. Stage is
         --  the call Dispatcher makes next: 1 = First.Start (Total); 2 =
         --  Second.Start (Total); 0 = not started; -1 = done (calls wait for ever,
         --  as for a task that has ended).
         Stage : Integer := 0;
         Total : Natural := 0;
         I     : Natural := 0;
         procedure Advance;
         function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean;
         procedure Wake;
         Start_Retry : Natural := 0;
         entry Start_Wait (Share : out Natural);
      end Dispatcher;

      task body Worker is
         Mine : Natural;
      begin
         declare
            Share : Natural;
         begin
            Dispatcher.Start (Share);
            Mine := Share;
         end;
         Got (Id) := Mine;   --  each worker its own component
      end Worker;

      protected body Dispatcher is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when 2 => goto Resume_2;
               when others => null;
            end case;
            while I < 10 loop
               I := I + 1;
               Total := Total + I;
            end loop;
            Stage := 1;  --  First.Start (Total)
            return;
            <<Resume_1>>
            I := 0;
            while I < 4 loop
               I := I + 1;
               Total := Total - I;
            end loop;
            Stage := 2;  --  Second.Start (Total)
            return;
            <<Resume_2>>
            Stage := -1;
         exception
            when others =>
               --  Dispatcher would have ended here, silently
               Stage := -1;
         end Advance;

         function Is_Target (Caller : Ada.Task_Identification.Task_Id) return Boolean is
            use type Ada.Task_Identification.Task_Id;
         begin
            case Stage is
               when 1 => return Caller = First'Identity;
               when 2 => return Caller = Second'Identity;
               when others => return False;
            end case;
         end Is_Target;

         procedure Wake is
         begin
            Start_Retry := Start_Wait'Count;
         end Wake;

         entry Start_Wait (Share : out Natural)
           when Start_Retry > 0
         is
         begin
            Start_Retry := Start_Retry - 1;
            requeue Start with abort;
         end Start_Wait;

         entry Start (Share : out Natural)
           when Stage in 0 | 1 | 2
         is
         begin
            if Stage = 0 then
               Advance;
               Wake;
               requeue Start with abort;
            end if;
            if not Is_Target (Start'Caller) then
               requeue Start_Wait with abort;
            end if;
            case Stage is
               when 1 =>
                  Share := Total;
               when 2 =>
                  Share := Total;
               when others =>
                  null;
            end case;
            Advance;
            Wake;
         exception
            when others =>
               --  Dispatcher would have ended here, silently, before this call
               Stage := -1;
               --  and never made it: its callee waits for ever
               requeue Start with abort;
         end Start;

      end Dispatcher;
   begin
      null;
   end Run;
begin
   Run;  --  waits for the tasks
   for Id in Got'Range loop
      Put_Line ("worker" & Positive'Image (Id) & " got" & Natural'Image (Got (Id)));
   end loop;
   Put_Line ("PASSED");
end Main;

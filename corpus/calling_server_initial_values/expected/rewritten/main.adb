--  Calling servers whose variables have initial values.  The task evaluated
--  them when it was activated: an exception there failed the activation, and
--  the activator got Tasking_Error at its begin.  The protected object gets
--  them as component defaults, evaluated where it is declared, where the
--  exception would propagate as Constraint_Error.  Planner's values are shown
--  within their subtypes: translated.  Setup's Level - 1 + 1 is not shown
--  within Positive (Level is a variable; were it 0, the activation would
--  fail): refused, though this run gives it 1.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Offset : constant := 4;
   Level  : Integer := 1;
begin
   declare
      task Worker;

      protected Planner is
         entry Start (Id : out Integer);
      private
         --  rdv2po: task Planner, a calling server, became this protected object;
         --  its workers call it for what Planner handed them. Stage is the call
         --  Planner makes next: 1 = Worker.Start (Base + Step); 0 = not started;
         --  -1 = done (calls wait for ever, as for a task that has ended).
         Stage : Integer := 0;
         Base : Positive := Offset + 1;
         Step : Natural := Offset - 4;
         procedure Advance;
      end Planner;

      task body Worker is
         Got : Integer := 0;
      begin
         declare
            Id : Integer;
         begin
            Planner.Start (Id);
            Got := Id;
         end;
         Put_Line ("worker got" & Integer'Image (Got));
      end Worker;

      protected body Planner is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when others => null;
            end case;
            Stage := 1;  --  Worker.Start (Base + Step)
            return;
            <<Resume_1>>
            Stage := -1;
         end Advance;

         entry Start (Id : out Integer)
           when Stage in 0 | 1
         is
         begin
            if Stage = 0 then
               Advance;
               requeue Start with abort;
            end if;
            case Stage is
               when 1 =>
                  Id := Base + Step;
               when others =>
                  null;
            end case;
            Advance;
         exception
            when others =>
               --  Planner would have ended here, silently, before this call
               Stage := -1;
               --  and never made it: its callee waits for ever
               requeue Start with abort;
         end Start;

      end Planner;
   begin
      null;
   end;

   declare
      package Helper is
         procedure Start (Id : Integer);
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end Helper;

      task Setup;

      package body Helper is
         Got : Integer := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Start;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Start
         end Turn;

         protected body Turn is
            entry Start when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end Start;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;

            entry Await_End when Over is
            begin
               null;
            end Await_End;
         end Turn;

         procedure Start (Id : Integer) is
            Ended : Boolean := False;
         begin
            Turn.Start;
            begin
               Got := Id;
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Put_Line ("helper got" & Integer'Image (Got));
               Ended := True;   -- the task's end
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Start;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end Helper;

      task body Setup is
         Base : Positive := Level - 1 + 1;
      begin
         Helper.Start (Base);
      end Setup;
      Helper_Master : Helper.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      null;
   exception
      when Tasking_Error => Put_Line ("setup's activation failed");
   end;
   Put_Line ("PASSED");
end Main;

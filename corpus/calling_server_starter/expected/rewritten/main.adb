--  A starter task, as textbooks write it: Starter waits for Go, then hands
--  each runner of Crew its number.  Crew is indexed by its own integer
--  type Id, so the loop parameter I is of type Id (GNAT's cross references
--  name it only by its representation; the scheme reads it from Crew's
--  declaration).  Each runner stores the square of its number.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Id is range 1 .. 5;
   Squares : array (Id) of Integer := (others => 0);
   pragma Volatile_Components (Squares);

   procedure Run is

      task type Runner;

      Crew : array (Id) of Runner;

      protected Starter is
         entry Go;
         entry Assign (Who : out Id);
      private
         --  rdv2po: task Starter, a calling server, became this protected object;
         --  its workers call it for what Starter handed them. Stage is the call
         --  Starter makes next: 1 = accept Go; 2 = Crew (I).Assign (I); 0 = not
         --  started; -1 = done (the workers' calls wait for ever, as for a task
         --  that has ended; calls of Starter's own entries raise Tasking_Error).
         Stage : Integer := 0;
         I, I_Bound : Id'Base;  --  loop at src/main.adb:39
         procedure Advance;
      end Starter;

      task body Runner is
         Me : Id;
      begin
         declare
            Who : Id;
         begin
            Starter.Assign (Who);
            Me := Who;
         end;
         Squares (Me) := Integer (Me) * Integer (Me);
      end Runner;

      protected body Starter is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when 2 => goto Resume_2;
               when others => null;
            end case;
            Stage := 1;  --  accept Go
            return;
            <<Resume_1>>
            --  for I in Crew'Range loop  (src/main.adb:39)
            I := Crew'First;
            I_Bound := Crew'Last;
            if I > I_Bound then
               goto End_Loop_1;
            end if;
            <<Loop_1>>
               Stage := 2;  --  Crew (I).Assign (I)
               return;
               <<Resume_2>>
            if I = I_Bound then
               goto End_Loop_1;
            end if;
            I := Id'Succ (I);
            goto Loop_1;
            <<End_Loop_1>>
            Stage := -1;
         exception
            when others =>
               --  Starter would have ended here, silently
               Stage := -1;
         end Advance;

         entry Go
           when Stage in 0 | -1 | 1
         is
         begin
            if Stage = -1 then
               raise Tasking_Error;  --  the task has ended
            elsif Stage = 0 then
               Advance;
               requeue Go with abort;
            end if;
            Advance;
         end Go;

         entry Assign (Who : out Id)
           when Stage in 0 | 2
         is
         begin
            if Stage = 0 then
               Advance;
               requeue Assign with abort;
            end if;
            case Stage is
               when 2 =>
                  Who := I;
               when others =>
                  null;
            end case;
            Advance;
         exception
            when others =>
               --  Starter would have ended here, silently, before this call
               Stage := -1;
               --  and never made it: its callee waits for ever
               requeue Assign with abort;
         end Assign;

      end Starter;

   begin
      Starter.Go;
   end Run;

   Total : Integer := 0;
begin
   Run;
   for I in Id loop
      Put_Line (Id'Image (I) & " ->" & Integer'Image (Squares (I)));
      Total := Total + Squares (I);
   end loop;
   if Total = 55 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

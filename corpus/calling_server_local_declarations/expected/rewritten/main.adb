--  A calling server with its own helpers: Dispatcher declares an empty
--  package (named nowhere: dropped), a procedure that uses only its
--  parameter and outer names, and a procedure that counts in one of its
--  variables.  Both procedures become private operations of the protected
--  object, called from the code that replaces the task's statements.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Offset : constant Integer := 3;

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   function Square (V : Integer) return Integer is (V * V);

   procedure Run is

   task type Worker;

   Crew : array (1 .. 3) of Worker;

   protected Dispatcher is
      entry Start (V : out Integer);
   private
      --  rdv2po: task Dispatcher, a calling server, became this protected
      --  object; its workers call it for what Dispatcher handed them. Stage is
      --  the call Dispatcher makes next: 1 = Crew (I).Start (Next); 0 = not
      --  started; -1 = done (calls wait for ever, as for a task that has
      --  ended).
      Stage : Integer := 0;
      Next   : Integer := 1;
      Handed : Natural := 0;
      I, I_Bound : Integer'Base;  --  loop at src/main.adb:66
      procedure Advance;
   end Dispatcher;

   task body Worker is
      Mine : Integer;
   begin
      declare
         V : Integer;
      begin
         Dispatcher.Start (V);
         Mine := V;
      end;
      Sums.Add (Mine);
   end Worker;

   protected body Dispatcher is

      procedure Grow (X : in out Integer) is
      begin
         X := Square (X) + Offset;
      end Grow;

      procedure Count is
      begin
         Handed := Handed + 1;
      end Count;

      procedure Advance is
      begin
         case Stage is
            when 1 => goto Resume_1;
            when others => null;
         end case;
         --  for I in Crew'Range loop  (src/main.adb:66)
         I := Crew'First;
         I_Bound := Crew'Last;
         if I > I_Bound then
            goto End_Loop_1;
         end if;
         <<Loop_1>>
            Stage := 1;  --  Crew (I).Start (Next)
            return;
            <<Resume_1>>
            Count;
            Grow (Next);
         if I = I_Bound then
            goto End_Loop_1;
         end if;
         I := Integer'Succ (I);
         goto Loop_1;
         <<End_Loop_1>>
         Sums.Add (100 * Handed);
         Stage := -1;
      exception
         when others =>
            --  Dispatcher would have ended here, silently
            Stage := -1;
      end Advance;

      entry Start (V : out Integer)
        when Stage in 0 | 1
      is
      begin
         if Stage = 0 then
            Advance;
            requeue Start with abort;
         end if;
         case Stage is
            when 1 =>
               V := Next;
            when others =>
               null;
         end case;
         Advance;
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
   Run;
   Put_Line ("Sum:" & Integer'Image (Sums.Get));
   if Sums.Get = 324 then
      Put_Line ("PASSED");
   end if;
end Main;

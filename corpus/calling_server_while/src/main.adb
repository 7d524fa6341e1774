--  Calling server with a while loop and a plain loop/exit when: Feeder
--  hands every worker of a task array one Start call, odd slots upwards in
--  a while loop, even slots downwards in a loop with exit when, numbering
--  the hand-outs as it goes.  Main then reads each worker back by index
--  with Report, so which message reached which worker is observable.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 8;

   task type Worker is
      entry Start (Seq : Integer; Value : Integer);
      entry Report (Result : out Integer);
   end Worker;

   task body Worker is
      My_Seq, My_Value : Integer;
   begin
      accept Start (Seq : Integer; Value : Integer) do
         My_Seq := Seq;
         My_Value := Value;
      end Start;
      accept Report (Result : out Integer) do
         Result := My_Seq * 100 + My_Value * My_Value;
      end Report;
   end Worker;

   Pool : array (1 .. Size) of Worker;

   task Feeder;

   task body Feeder is
      I   : Integer := 1;
      Seq : Integer := 0;
   begin
      while I <= Size loop
         Seq := Seq + 1;
         Pool (I).Start (Seq, I + Seq);
         I := I + 2;
      end loop;
      I := Size;
      loop
         Seq := Seq + 1;
         Pool (I).Start (Seq, I - Seq);
         I := I - 2;
         exit when I < 1;
      end loop;
   end Feeder;

   Expected : constant array (1 .. Size) of Integer :=
     (104, 836, 225, 709, 364, 600, 521, 509);
   Result   : Integer;
   Total    : Integer := 0;
   Ok       : Boolean := True;

begin
   for I in Pool'Range loop
      Pool (I).Report (Result);
      Put_Line ("worker" & Integer'Image (I) & " result" & Integer'Image (Result));
      Total := Total + Result;
      Ok := Ok and Result = Expected (I);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Ok and Total = 3868 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

with Ada.Text_IO; use Ada.Text_IO;
with Queues; use Queues;
with Meters; use Meters;
with Tuning;
procedure Main is
   Q : Queue;
   M : Meter;
   V : Integer;
   N : Natural;
begin
   Q.Put (1);
   Q.Put (2);
   Q.Get (V);
   Put_Line (V'Image);
   M.Add;
   M.Add;
   M.Total (N);
   Put_Line (N'Image);
   Tuning.Show;
   Put_Line ("PASSED");
end Main;

--  Producer/consumer benchmark (rendezvous form): 5_000 * Scale items go
--  through the bounded Buffer server task, from one producer task to one
--  consumer task; Main checks what the consumer received against a
--  direct computation.

with Ada.Command_Line;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Text_IO;   use Ada.Text_IO;
with Agents;

procedure Main is

   Items_Per_Scale : constant := 5_000;

   Scale    : Positive := 1;
   N        : Positive;
   Count    : Natural;
   Sum      : Long_Integer;
   Checksum : Long_Integer;
   Ref_Sum  : Long_Integer := 0;
   Ref_Chk  : Long_Integer := 0;
   T0, T1   : Time;

begin
   if Ada.Command_Line.Argument_Count >= 1 then
      begin
         Scale := Positive'Value (Ada.Command_Line.Argument (1));
      exception
         when Constraint_Error =>
            Put_Line (Standard_Error,
                      "usage: main [scale]  (positive integer)");
            Ada.Command_Line.Set_Exit_Status (Ada.Command_Line.Failure);
            return;
      end;
   end if;
   N := Items_Per_Scale * Scale;

   T0 := Clock;
   declare
      P : Agents.Producer;
      C : Agents.Consumer;
   begin
      P.Start (N);
      C.Start (N);
      C.Done (Count, Sum, Checksum);
   end;
   T1 := Clock;

   for I in 1 .. N loop
      Ref_Sum := Ref_Sum + Long_Integer (Agents.Item (I));
      Ref_Chk := Agents.Step (Ref_Chk, Agents.Item (I));
   end loop;

   Put_Line ("items" & Natural'Image (Count));
   Put_Line ("sum" & Long_Integer'Image (Sum));
   Put_Line ("checksum" & Long_Integer'Image (Checksum));
   Put_Line (Standard_Error,
             "time producer_consumer" &
             Duration'Image (To_Duration (T1 - T0)));
   if Count = N and then Sum = Ref_Sum and then Checksum = Ref_Chk then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
      Ada.Command_Line.Set_Exit_Status (Ada.Command_Line.Failure);
   end if;
end Main;

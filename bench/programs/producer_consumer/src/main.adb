--  Producer/consumer benchmark (rendezvous form): 5_000 * Scale items go
--  through the bounded Buffer server task, from one producer task to one
--  consumer task; Main checks what the consumer received against a
--  direct computation.  The whole run is timed, from creating the tasks
--  until both have ended; with the argument "io" the consumer also prints
--  every item it gets (the paper timed its program with I/O).

with Ada.Command_Line; use Ada.Command_Line;
with Ada.Real_Time;    use Ada.Real_Time;
with Ada.Text_IO;      use Ada.Text_IO;
with Agents;
with Bench_Support;    use Bench_Support;

procedure Main is

   Items_Per_Scale : constant := 5_000;

   Scale    : Positive := 1;
   Print    : Boolean := False;
   N        : Positive;
   Sent     : Natural;
   Count    : Natural;
   Sum      : Long_Integer;
   Checksum : Long_Integer;
   Ref_Sum  : Long_Integer := 0;
   Ref_Chk  : Long_Integer := 0;
   T0, T1   : Time;
   S0, S1   : Switch_Count;

begin
   begin
      if Argument_Count >= 1 then
         Scale := Positive'Value (Argument (1));
      end if;
      if Argument_Count >= 2 then
         Print := Argument (2) = "io";
         if not Print and then Argument (2) /= "noio" then
            raise Constraint_Error;
         end if;
      end if;
   exception
      when Constraint_Error =>
         Put_Line (Standard_Error,
                   "usage: main [scale [io|noio]]  (scale: positive integer)");
         Set_Exit_Status (Failure);
         return;
   end;
   N := Items_Per_Scale * Scale;

   S0 := Switches;
   T0 := Clock;
   declare
      P : Agents.Producer;
      C : Agents.Consumer;
   begin
      P.Start (N);
      C.Start (N, Print);
      P.Finish (Sent);
      C.Done (Count, Sum, Checksum);
   end;
   T1 := Clock;
   S1 := Switches;

   for I in 1 .. N loop
      Ref_Sum := Ref_Sum + Long_Integer (Agents.Item (I));
      Ref_Chk := Agents.Step (Ref_Chk, Agents.Item (I));
   end loop;

   Put_Line ("items" & Natural'Image (Count));
   Put_Line ("sum" & Long_Integer'Image (Sum));
   Put_Line ("checksum" & Long_Integer'Image (Checksum));
   Put_Time ("producer_consumer", T1 - T0);
   Put_Switches ("producer_consumer", S1 - S0);
   if Sent = N and then Count = N and then Sum = Ref_Sum
     and then Checksum = Ref_Chk
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
      Set_Exit_Status (Failure);
   end if;
end Main;

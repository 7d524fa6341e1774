--  A calling server and an accepting server in one program: Dispatcher
--  hands each worker of a task array a job number with one Start call in a
--  for loop; the workers send their results to Collector, a select loop
--  with Put, a guarded Get (open once all four results are in) and a
--  terminate alternative.  Main reads the results with Collector.Get.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 4;
   type Value_Array is array (1 .. Size) of Integer;

   task Collector is
      entry Put (Id : Integer; Value : Integer);
      entry Get (Values : out Value_Array);
   end Collector;

   task body Collector is
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   begin
      loop
         select
            accept Put (Id : Integer; Value : Integer) do
               Store (Id) := Value;
               Count := Count + 1;
            end Put;
         or
            when Count = Size =>
               accept Get (Values : out Value_Array) do
                  Values := Store;
               end Get;
         or
            terminate;
         end select;
      end loop;
   end Collector;

   task type Worker is
      entry Start (Id : Integer; Job : Integer);
   end Worker;

   task body Worker is
      My_Id, My_Job : Integer;
   begin
      accept Start (Id : Integer; Job : Integer) do
         My_Id := Id;
         My_Job := Job;
      end Start;
      Collector.Put (My_Id, My_Job * 3 - My_Id);
   end Worker;

   Team : array (1 .. Size) of Worker;

   task Dispatcher;

   task body Dispatcher is
      Job : Integer := 100;
   begin
      for I in Team'Range loop
         Team (I).Start (I, Job);
         Job := Job + 11 * I;
      end loop;
   end Dispatcher;

   Values : Value_Array;
   Total  : Integer := 0;

begin
   Collector.Get (Values);
   for I in Values'Range loop
      Put_Line ("job" & Integer'Image (I) & " result" & Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Values = (299, 331, 396, 494) and Total = 1520 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

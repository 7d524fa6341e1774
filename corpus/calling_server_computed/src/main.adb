--  Calling server with computed parameters: Server walks a task array in a
--  for loop, passing values derived from the loop variable and from its own
--  variables updated between calls.  Workers have only the entry Work, use
--  only what they receive, and report to Board by the Id they received.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Size : constant := 6;
   type Value_Array is array (1 .. Size) of Integer;

   protected Board is
      procedure Put (Id : Integer; Value : Integer);
      entry Wait_All (Values : out Value_Array);
   private
      Store : Value_Array := (others => 0);
      Count : Natural := 0;
   end Board;

   protected body Board is
      procedure Put (Id : Integer; Value : Integer) is
      begin
         Store (Id) := Value;
         Count := Count + 1;
      end Put;
      entry Wait_All (Values : out Value_Array) when Count = Size is
      begin
         Values := Store;
      end Wait_All;
   end Board;

   task type Worker is
      entry Work (Id : Integer; Base : Integer; Limit : Integer);
   end Worker;

   Pool : array (1 .. Size) of Worker;

   task Server;

   task body Server is
      Base : Integer := 0;
      Step : Integer := 1;
   begin
      for I in Pool'Range loop
         Base := Base + I * 3;
         Pool (I).Work (I, Base, Base + I);
         Step := Step * 2;
         Base := Base - Step / 4;
      end loop;
   end Server;

   task body Worker is
      My_Id, Lo, Hi : Integer;
      Sum           : Integer := 0;
   begin
      accept Work (Id : Integer; Base : Integer; Limit : Integer) do
         My_Id := Id;
         Lo := Base;
         Hi := Limit;
      end Work;
      for K in Lo .. Hi loop
         Sum := Sum + K;
      end loop;
      Board.Put (My_Id, Sum);
   end Worker;

   Values                : Value_Array;
   Total, Expected, Base : Integer := 0;
   Step                  : Integer := 1;

begin
   Board.Wait_All (Values);
   for I in Values'Range loop
      Put_Line ("result" & Integer'Image (I) & " =" & Integer'Image (Values (I)));
      Total := Total + Values (I);
   end loop;
   for I in 1 .. Size loop
      Base := Base + I * 3;
      Expected := Expected + (2 * Base + I) * (I + 1) / 2;
      Step := Step * 2;
      Base := Base - Step / 4;
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Total = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

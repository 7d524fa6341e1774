--  A register whose entries clients call, declared before declarations that
--  start no task: allocators of Integer and of an array of Integer, a package
--  body holding only subprograms, a generic's body (elaborating it runs
--  nothing), an instance of that generic and a call of a function that starts
--  no task.  Nothing can call the register before it is activated, so the
--  accepting-server scheme translates it.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Int_Ref is access Integer;
   type Table is array (Positive range <>) of Integer;
   type Table_Ref is access Table;

   package Counters is
      function Next return Integer;
   end Counters;

   generic
      Start : Integer;
   package Offsets is
      function Base return Integer;
   end Offsets;

   protected type Register is
      procedure Add (X : Integer);
      procedure Get (Total : out Integer; Calls : out Natural);
   private
      --  rdv2po: task Register became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
      N : Natural := 0;
   end Register;

   task type Client (Amount : Integer);
   type Client_Ref is access Client;

   R : Register;

   First : constant Int_Ref := new Integer'(10);
   Row : constant Table_Ref := new Table'(1 .. 3 => 5);

   package body Counters is
      Count : Integer := 0;
      function Next return Integer is
      begin
         Count := Count + 1;
         return Count;
      end Next;
   end Counters;

   package body Offsets is
      function Base return Integer is (Start * 100);
   end Offsets;

   package Hundreds is new Offsets (Start => 2);

   Seed : constant Integer := Counters.Next + Hundreds.Base;

   protected body Register is

      procedure Add (X : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            N := N + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Add;

      procedure Get (Total : out Integer; Calls : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Total := Sum;
         Calls := N;
      end Get;

   end Register;

   task body Client is
   begin
      R.Add (Amount);
   end Client;

   Total : Integer;
   Calls : Natural;
begin
   declare
      A : Client_Ref := new Client (First.all);
      B : Client_Ref := new Client (Row (2));
   begin
      while not (A'Terminated and B'Terminated) loop
         delay 0.01;
      end loop;
   end;
   R.Add (Seed);
   R.Get (Total, Calls);
   Put_Line ("total" & Integer'Image (Total) & " in" & Natural'Image (Calls) & " calls");
   Put_Line ("PASSED");
end Main;

--  Servers whose clients can call them before they are activated: a task
--  started in the declarative part that declares the server waits for the
--  server's activation (RM 9.5.3), which a protected object would not.
--  Tally: an allocator of a record with a client task component starts that
--  client at once.  Log: a package body declaring a client task activates it
--  at its begin, before the end of the declarative part.  Both are refused.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Counter is
      entry Add (X : Integer);
      entry Get (Total : out Integer);
   end Counter;

   task body Counter is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Sum := Sum + X;
            end Add;
         or
            accept Get (Total : out Integer) do
               Total := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Counter;

   Done : Natural := 0 with Atomic;

   Result_Tally, Result_Log : Integer;
begin
   declare
      Tally : Counter;
      task type Adder (Amount : Integer);
      type Pair is record
         Left : Adder (3);
         Right : Integer := 0;
      end record;
      type Pair_Ref is access Pair;
      task body Adder is
      begin
         Tally.Add (Amount);
         Done := Done + 1;
      end Adder;
      Early : constant Pair_Ref := new Pair;   --  its Left calls Tally at once
   begin
      while Done < 1 loop
         delay 0.01;
      end loop;
      Tally.Get (Result_Tally);
   end;
   declare
      task Log is
         entry Put (X : Integer);
         entry Get (Total : out Integer);
      end Log;
      package Early is
      end Early;
      package body Early is
         task Writer;
         task body Writer is
         begin
            Log.Put (7);
            Done := Done + 1;
         end Writer;
      end Early;                                --  Writer is activated here
      task body Log is
         Sum : Integer := 0;
      begin
         loop
            select
               accept Put (X : Integer) do
                  Sum := Sum + X;
               end Put;
            or
               accept Get (Total : out Integer) do
                  Total := Sum;
               end Get;
            or
               terminate;
            end select;
         end loop;
      end Log;
   begin
      while Done < 2 loop
         delay 0.01;
      end loop;
      Log.Get (Result_Log);
   end;
   Put_Line ("tally" & Integer'Image (Result_Tally) & ", log" & Integer'Image (Result_Log));
   Put_Line ("PASSED");
end Main;

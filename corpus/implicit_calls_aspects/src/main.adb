pragma Assertion_Policy (Check);
with Ada.Text_IO; use Ada.Text_IO;
with Checks; use Checks;
procedure Main is
   --  Level's predicate calls In_Range, a comparison: followed, taken
   task Gauge is
      entry Set (V : Integer);
      entry Get (V : out Integer);
   end Gauge;

   task body Gauge is
      L : Level;   --  no value given: no predicate check (RM 3.2.4(31))
   begin
      loop
         select
            accept Set (V : Integer) do
               L := V;
            end Set;
         or
            accept Get (V : out Integer) do
               V := L;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Gauge;

   --  Record_It's precondition writes text: not in a protected action (the
   --  accepting scheme refuses), in the caller's accept body (caller-runs takes it)
   task Logger is
      entry Put (V : Integer);
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Put (V : Integer) do
               Record_It (V);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Logger;

   --  Ticket's predicate calls Admit, which waits on Gate's entry: after the
   --  accept, neither in a protected action nor in the caller (refused)
   task Waiter is
      entry Take (V : Integer);
      entry Count (C : out Integer);
   end Waiter;

   task body Waiter is
      T : Ticket := 1;
      N : Integer := 0;
   begin
      loop
         select
            accept Take (V : Integer) do
               N := N + V;
            end Take;
            T := N;
         or
            accept Count (C : out Integer) do
               C := T;
            end Count;
         or
            terminate;
         end select;
      end loop;
   end Waiter;

   X : Integer;
begin
   Gauge.Set (42);
   Gauge.Get (X);
   Put_Line ("level" & Integer'Image (X));
   Logger.Put (7);
   Waiter.Take (1);
   Waiter.Take (2);
   Waiter.Count (X);
   Put_Line ("tickets" & Integer'Image (X));
   Put_Line ("PASSED");
end Main;

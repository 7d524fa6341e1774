--  Return statements in accept bodies: each ends the rendezvous, and the task
--  goes on with what follows the accept.  Ledger leaves from a loop and from a
--  handler of its accept body and counts its calls after the accept; Filter
--  accepts Start first (a stage of its own), then returns early from an accept
--  whose statements after it run all the same, and from one that requeues.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type List is array (1 .. 4) of Integer;

   task Ledger is
      entry Post (Items : List);
      entry Parse (Image : String);
      entry Report (Sum, Calls, Bad : out Integer);
   end Ledger;

   task body Ledger is
      Total, Calls, Bad : Integer := 0;
   begin
      loop
         select
            accept Post (Items : List) do
               for I of Items loop
                  if I = 0 then
                     return;              --  a zero ends the list
                  end if;
                  Total := Total + I;
               end loop;
            end Post;
            Calls := Calls + 1;
         or
            accept Parse (Image : String) do
               Total := Total + Integer'Value (Image);
            exception
               when Constraint_Error =>
                  Bad := Bad + 1;
                  return;
            end Parse;
            Calls := Calls + 1;
         or
            accept Report (Sum, Calls, Bad : out Integer) do
               Sum := Total;
               Calls := Ledger.Calls;
               Bad := Ledger.Bad;
            end Report;
         or
            terminate;
         end select;
      end loop;
   end Ledger;

   task Filter is
      entry Start (Limit : Integer);
      entry Put (X : Integer);
      entry Take (X : Integer);
      entry Get (Kept, Seen : out Integer);
   end Filter;

   task body Filter is
      Max, Kept, Seen : Integer := 0;
   begin
      accept Start (Limit : Integer) do
         Max := Limit;
      end Start;
      loop
         select
            accept Put (X : Integer) do
               if X > Max then
                  return;
               end if;
               Kept := Kept + X;
            end Put;
            Seen := Seen + 1;
         or
            accept Take (X : Integer) do
               if X < 0 then
                  return;
               end if;
               requeue Put;
            end Take;
            Seen := Seen + 10;
         or
            accept Get (Kept, Seen : out Integer) do
               Kept := Filter.Kept;
               Seen := Filter.Seen;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Filter;

   A, B, C : Integer;
begin
   Ledger.Post ((1, 2, 0, 4));
   Ledger.Post ((5, 5, 5, 5));
   Ledger.Parse ("12");
   Ledger.Parse ("x");
   Ledger.Report (A, B, C);
   Put_Line ("ledger" & Integer'Image (A) & Integer'Image (B) & Integer'Image (C));
   Filter.Start (10);
   Filter.Put (3);
   Filter.Put (30);
   Filter.Take (4);
   Filter.Take (-1);
   Filter.Get (A, B);
   Put_Line ("filter" & Integer'Image (A) & Integer'Image (B));
   Put_Line ("PASSED");
end Main;

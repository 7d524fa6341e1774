--  Main starts the dispenser at ticket First; three takers take tickets
--  while a refiller tops the stock up exactly as often as needed.  Every
--  ticket First .. First + Total - 1 must be handed out exactly once.

with Ada.Text_IO; use Ada.Text_IO;
with Tickets;     use Tickets;

procedure Main is

   First      : constant := 100;
   Num_Takers : constant := 3;
   Takes_Each : constant := 16;
   Total      : constant := Num_Takers * Takes_Each;       --  48 tickets
   Refills    : constant := Total / Batch - 1;             --  5 refills

   subtype Ticket_Range is Integer range First .. First + Total - 1;
   Seen : array (Ticket_Range) of Natural := (others => 0);
   Sums : array (1 .. Num_Takers) of Integer := (others => 0);

   procedure Run_Clients is

      task type Taker (Id : Positive);

      task body Taker is
         T : Integer;
      begin
         for I in 1 .. Takes_Each loop
            Dispenser.Take (T);
            Seen (T) := Seen (T) + 1;   --  each ticket goes to one taker
            Sums (Id) := Sums (Id) + T;
         end loop;
      end Taker;

      task Refiller;

      task body Refiller is
      begin
         for I in 1 .. Refills loop
            Dispenser.Refill;
         end loop;
      end Refiller;

      T1 : Taker (1);
      T2 : Taker (2);
      T3 : Taker (3);
      pragma Unreferenced (T1, T2, T3);
   begin
      null;  --  returns when every taker and the refiller have terminated
   end Run_Clients;

   Sum   : Integer := 0;
   Once  : Natural := 0;

begin
   Dispenser.Start (First);
   Run_Clients;

   for S of Sums loop
      Sum := Sum + S;
   end loop;
   for N of Seen loop
      if N = 1 then
         Once := Once + 1;
      end if;
   end loop;

   Put_Line ("Tickets handed out once:" & Natural'Image (Once));
   Put_Line ("Sum of tickets         :" & Integer'Image (Sum));
   if Once = Total
     and then Sum = Total * First + Total * (Total - 1) / 2
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

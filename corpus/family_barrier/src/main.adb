--  Six clients, two per level, each send Calls_Each requests to their
--  member of the Desk.Request family and check every answer.  The order
--  in which the desk serves them depends on scheduling; the totals do not.

with Ada.Text_IO; use Ada.Text_IO;
with Service;     use Service;

procedure Main is

   Calls_Each : constant := 30;

   subtype Client_Id is Positive range 1 .. 6;

   Got   : array (Client_Id) of Integer := (others => 0);
   Wrong : array (Client_Id) of Natural := (others => 0);

   procedure Run_Clients is

      task type Client (Id : Client_Id; L : Level);

      task body Client is
         Y : Integer;
      begin
         for X in 1 .. Calls_Each loop
            Desk.Request (L) (X, Y);
            if Y /= X * Weight (L) then
               Wrong (Id) := Wrong (Id) + 1;
            end if;
            Got (Id) := Got (Id) + Y;
         end loop;
      end Client;

      C1 : Client (1, Low);
      C2 : Client (2, Medium);
      C3 : Client (3, High);
      C4 : Client (4, High);
      C5 : Client (5, Medium);
      C6 : Client (6, Low);
      pragma Unreferenced (C1, C2, C3, C4, C5, C6);
   begin
      null;  --  returns when every client has terminated
   end Run_Clients;

   Counts    : Level_Counts;
   Sums      : Level_Sums;
   Total     : Integer := 0;
   Errors    : Natural := 0;
   Per_Level : constant Integer := 2 * (Calls_Each * (Calls_Each + 1) / 2);

begin
   Run_Clients;
   Desk.Report (Counts, Sums);

   for L in Level loop
      Put_Line (Level'Image (L) & (1 .. 7 - Level'Image (L)'Length => ' ')
                & "served" & Natural'Image (Counts (L))
                & ", sum" & Integer'Image (Sums (L)));
   end loop;
   for Id in Client_Id loop
      Total := Total + Got (Id);
      Errors := Errors + Wrong (Id);
   end loop;
   Put_Line ("Clients got" & Integer'Image (Total)
             & ", wrong answers" & Natural'Image (Errors));

   if Counts = Level_Counts'(others => 2 * Calls_Each)
     and then Sums = (Low    => Per_Level * Weight (Low),
                      Medium => Per_Level * Weight (Medium),
                      High   => Per_Level * Weight (High))
     and then Total = Sums (Low) + Sums (Medium) + Sums (High)
     and then Errors = 0
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

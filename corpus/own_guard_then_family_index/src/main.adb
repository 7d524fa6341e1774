--  When a selective accept starts, it evaluates the guards of its
--  alternatives and, for each open one that accepts a member of an entry
--  family, the family index, which comes only after its own guard
--  (RM 9.7.1(15)).  Every guard and every index here is a function call
--  that writes a letter into a trace: a capital for guard N, the small
--  letter for index N.  Crossing waits until Main has called Arrive, so
--  the select takes that call; Main then checks the trace.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Lane is (North, South);

   Trace : String (1 .. 6) := (others => '.');
   Used  : Natural := 0;

   procedure Mark (Letter : Character) is
   begin
      Used := Used + 1;
      Trace (Used) := Letter;
   end Mark;

   function Guard (Letter : Character) return Boolean is
   begin
      Mark (Letter);
      return True;
   end Guard;

   function Index (Letter : Character; Which : Lane) return Lane is
   begin
      Mark (Letter);
      return Which;
   end Index;

   function Place (Letter : Character) return Natural is
   begin
      for K in Trace'Range loop
         if Trace (K) = Letter then
            return K;
         end if;
      end loop;
      return 0;
   end Place;

   In_Order : Boolean := True;

begin
   declare
      task Crossing is
         entry Pass (Lane);
         entry Arrive;
      end Crossing;

      task body Crossing is
      begin
         while Arrive'Count = 0 loop
            delay 0.005;
         end loop;

         select
            accept Arrive;
         or
            when Guard ('A') =>
               accept Pass (Index ('a', North));
         or
            when Guard ('B') =>
               accept Pass (Index ('b', South));
         or
            when Guard ('C') =>
               accept Pass (Index ('c', North));
         end select;
      end Crossing;
   begin
      Crossing.Arrive;
   end;

   Put_Line ("guards and indexes evaluated in the order " & Trace);
   for N in 0 .. 2 loop
      declare
         Guard_Letter : constant Character := Character'Val (Character'Pos ('A') + N);
         Index_Letter : constant Character := Character'Val (Character'Pos ('a') + N);
      begin
         if Place (Guard_Letter) = 0 or else Place (Index_Letter) < Place (Guard_Letter) then
            In_Order := False;
         end if;
      end;
   end loop;
   if In_Order then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

--  Paper Figure 1: client tasks access a common resource in mutual
--  exclusion through the accepting server Resources.Resource.

with Ada.Text_IO; use Ada.Text_IO;
with Resources;   use Resources;

procedure Main is

   Num_Clients : constant := 6;
   Rounds      : constant := 250;

   --  Figure 1 (a): the client tasks
   task type Client;

   task body Client is
      Result : Natural := 0;
      Done   : Boolean := False;
      Local  : Natural;
      N      : Natural := 0;
   begin
      loop
         --  Calculate (Result)
         Result := (Result * 7 + N) mod 101;

         Resource.Acquire;
         --  Access_Resource: a non-atomic read-modify-write
         Holders := Holders + 1;
         if Holders > 1 then
            Overlaps := Overlaps + 1;
         end if;
         Local := Counter;
         Counter := Local + 1;
         Holders := Holders - 1;
         Resource.Release;

         N := N + 1;
         Done := N = Rounds;
         exit when Done;
      end loop;
   end Client;

begin
   declare
      P : array (1 .. Num_Clients) of Client;
      pragma Unreferenced (P);
   begin
      null;  --  wait here until all clients have terminated
   end;

   Put_Line ("Clients :" & Natural'Image (Num_Clients));
   Put_Line ("Rounds  :" & Natural'Image (Rounds));
   Put_Line ("Counter :" & Natural'Image (Counter));
   Put_Line ("Overlaps:" & Natural'Image (Overlaps));
   if Counter = Num_Clients * Rounds and then Overlaps = 0 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

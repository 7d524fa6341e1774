--  Nine clients each make one call to a member of the entry family
--  Dispatch.Server.Request.  Main waits (polling Ready) until all nine are
--  queued, then opens the server with Go: the server must serve the three
--  High requests first, then the Mid ones, then the Low ones.

with Ada.Text_IO; use Ada.Text_IO;
with Dispatch;    use Dispatch;

procedure Main is

   procedure Run_Clients is

      task type Client (P : Priority; X : Integer);

      task body Client is
      begin
         Server.Request (P) (X);
      end Client;

      --  Declared (and so activated) lowest priority first
      C1 : Client (Low, 1);
      C2 : Client (Low, 2);
      C3 : Client (Low, 4);
      C4 : Client (Mid, 10);
      C5 : Client (Mid, 20);
      C6 : Client (Mid, 40);
      C7 : Client (High, 100);
      C8 : Client (High, 200);
      C9 : Client (High, 400);
      pragma Unreferenced (C1, C2, C3, C4, C5, C6, C7, C8, C9);

      All_Queued : Boolean;
   begin
      loop
         Server.Ready (All_Queued);
         exit when All_Queued;
         delay 0.001;
      end loop;
      Server.Go;
   end Run_Clients;  --  returns when all clients have been served

   Trace      : Natural;
   Sums       : Sum_Array;
   Served     : Natural;
   Violations : Natural;

   --  High, High, High, Mid, Mid, Mid, Low, Low, Low in base 3
   Expected_Trace : constant := 2 * 3**8 + 2 * 3**7 + 2 * 3**6
                                 + 3**5 + 3**4 + 3**3;

begin
   Run_Clients;
   Server.Report (Trace, Sums, Served, Violations);

   Put_Line ("Served    :" & Natural'Image (Served));
   for P in Priority loop
      Put_Line ("Sum " & Priority'Image (P)
                & (1 .. 6 - Priority'Image (P)'Length => ' ')
                & ":" & Integer'Image (Sums (P)));
   end loop;
   Put_Line ("Trace     :" & Natural'Image (Trace));
   Put_Line ("Violations:" & Natural'Image (Violations));
   if Served = Expected
     and then Sums = (Low => 7, Mid => 70, High => 700)
     and then Trace = Expected_Trace
     and then Violations = 0
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

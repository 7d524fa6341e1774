--  A task of a nested package is activated when the package body starts,
--  while the enclosing declarative part is still being elaborated, and calls
--  Server before Server is activated (and before the general scheme's
--  protected body would be elaborated: Program_Error).  The call must just
--  wait for the activation.  The general scheme refuses Server.
with Ada.Text_IO;   use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;

procedure Main is
   task Server is
      entry Hello (N : Integer);
      entry Finished;
      entry Report;
   end Server;

   package Early is
      task Client;  --  activated when Early's body starts, before Server's body
   end Early;

   package body Early is
      task body Client is
      begin
         Server.Hello (1);
         Put_Line ("Client: call done");
         Server.Finished;
      exception
         when E : others =>
            Put_Line ("Client: " & Exception_Name (E) & " (wrong)");
      end Client;
   end Early;

   function Slow return Boolean is
   begin
      delay 0.2;  --  elaboration that takes a while
      return True;
   end Slow;

   Ready : constant Boolean := Slow;
   pragma Unreferenced (Ready);

   task body Server is
   begin
      accept Hello (N : Integer) do
         Put_Line ("Server: Hello" & Integer'Image (N) & " accepted");
      end Hello;
      accept Finished;
      accept Report;
   end Server;
begin
   Server.Report;  --  after Client's calls
   Put_Line ("PASSED");
end Main;

with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Gate is
      entry Enter;
      procedure Leave;
   private
      Inside : Boolean := False;
   end Gate;

   protected body Gate is
      entry Enter when not Inside is
      begin
         Inside := True;
      end Enter;
      procedure Leave is
      begin
         Inside := False;
      end Leave;
   end Gate;

   --  Its one accept sits in a select of one guarded alternative.
   task Greeter is
      entry Hello (N : Integer);
   end Greeter;

   task body Greeter is
   begin
      select
         when Hello'Count >= 0 =>
         accept Hello (N : Integer) do
            Put_Line ("hello" & N'Image);
         end Hello;
      end select;
   end Greeter;

   --  After its accept it waits on a protected entry.
   task Visitor is
      entry Go (N : Integer);
   end Visitor;

   task body Visitor is
      Id : Integer;
   begin
      accept Go (N : Integer) do
         Id := N;
         Put_Line ("visitor" & Id'Image);
      end Go;
      Gate.Enter;
      Id := Id + 1;
      Gate.Leave;
   end Visitor;

   --  Beside Greeter: the same accept, written bare, is a one-shot server.
   task Waver is
      entry Wave (N : Integer);
   end Waver;

   task body Waver is
   begin
      accept Wave (N : Integer) do
         Put_Line ("wave" & N'Image);
      end Wave;
   end Waver;
begin
   Greeter.Hello (1);
   Waver.Wave (3);
   Visitor.Go (2);
   Put_Line ("PASSED");
end Main;

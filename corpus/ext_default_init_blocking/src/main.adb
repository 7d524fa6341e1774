with Ada.Text_IO; use Ada.Text_IO;
with Ada.Finalization;
procedure Main is
   protected Gate is
      entry Pass (V : in out Integer);
   private
      Open : Boolean := True;
   end Gate;
   protected body Gate is
      entry Pass (V : in out Integer) when Open is
      begin
         V := V + 1;
      end Pass;
   end Gate;
   Counter : Integer := 0;
   function Slow return Integer is
   begin
      Gate.Pass (Counter);
      return Counter;
   end Slow;
   type Rec is record
      X : Integer := Slow;
   end record;
   task Server is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end Server;
   task body Server is
      T : Integer := 0;
   begin
      loop
         select
            accept Put (V : Integer) do
               declare R : Rec; begin T := T + V + R.X; end;
            end Put;
         or
            accept Get (V : out Integer) do V := T; end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
   X : Integer;
begin
   Server.Put (3); Server.Put (4); Server.Get (X);
   Put_Line (X'Img & Counter'Img);
   Put_Line ("PASSED");
end Main;

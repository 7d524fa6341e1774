with Ada.Text_IO; use Ada.Text_IO;
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
   type Fn is access function (A, B : Integer) return Integer;
   function Slow (A, B : Integer) return Integer is
      V : Integer := A;
   begin
      Gate.Pass (V);
      return V + B;
   end Slow;
   F : constant Fn := Slow'Access;
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
               T := F (T, V);
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
   Put_Line (X'Img);
   Put_Line ("PASSED");
end Main;

with Ada.Text_IO;
procedure Main is
   protected Flags is
      procedure Stop;
      function Stopped return Boolean;
   private
      S : Boolean := False;
   end Flags;
   protected body Flags is
      procedure Stop is begin S := True; end Stop;
      function Stopped return Boolean is (S);
   end Flags;
   Rounds : Integer := 0;
   task Server is
      entry Start;
      entry Get (N : out Integer);
   end Server;
   task body Server is
   begin
      loop
         select
            accept Start;
            loop
               exit when Flags.Stopped;
               Rounds := 1;
            end loop;
         or
            accept Get (N : out Integer) do N := Rounds; end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
   N : Integer;
begin
   Server.Start;
   Ada.Text_IO.Put_Line ("start returned");
   delay 0.1;
   Flags.Stop;
   Server.Get (N);
   Ada.Text_IO.Put_Line ("rounds" & N'Img);
   Ada.Text_IO.Put_Line ("PASSED");
end Main;

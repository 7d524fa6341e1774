with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Get (X : out Integer);
      entry Get2 (X : out Integer);
      entry Hold (X : out Integer);
      entry Release;
      entry Done;
   end Server;
   task body Server is
      Stop : Boolean := False;
   begin
      loop
         select
            accept Get (X : out Integer) do
               X := 1;
               requeue Hold with abort;
            end Get;
         or
            accept Get2 (X : out Integer) do
               X := 2;
               requeue Hold;
            end Get2;
         or
            when Release'Count = 0 =>
            accept Release do
               Put_Line ("release, hold count" & Hold'Count'Img);
            end Release;
            if Hold'Count > 0 then
               accept Hold (X : out Integer) do X := X + 100; end Hold;
            end if;
         or
            accept Done;
            exit;
         end select;
      end loop;
   end Server;
   X : Integer := 0;
begin
   select
      Server.Get (X);
      Put_Line ("Get completed?!" & X'Img);
   or
      delay 0.1;
      Put_Line ("Get timed out after requeue with abort");
   end select;
   Server.Release;
   declare
      task T;
      task body T is
         Y : Integer := 0;
      begin
         select
            Server.Get2 (Y);
            Put_Line ("Get2 completed" & Y'Img);
         or
            delay 0.1;
            Put_Line ("Get2 timed out?!");
         end select;
      end T;
   begin
      delay 0.25;
      Server.Release;
   end;
   Server.Done;
   Put_Line ("PASSED");
end Main;

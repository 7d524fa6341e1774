--  Conditional calls of servers the caller-runs scheme takes (each prints in
--  its accept body).  Warm computes a table before its first select: the task
--  ran that loop on its own once activated, so a conditional call made
--  meanwhile took its else part; the package would run it in the activator,
--  before the activator goes on, and every later call would find the server
--  ready.  Cold's start-up code is one assignment, whose time no call can see.
--  Main calls each once plainly first, so in this run both are ready.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Warm is
      entry Ping (N : Integer);
   end Warm;

   task body Warm is
      Table : array (1 .. 100) of Integer;
      Sum   : Integer := 0;
   begin
      for I in Table'Range loop
         Table (I) := I mod 7;
      end loop;
      loop
         select
            accept Ping (N : Integer) do
               Sum := Sum + Table (N);
               Put_Line ("warm sum" & Integer'Image (Sum));
            end Ping;
         or
            terminate;
         end select;
      end loop;
   end Warm;

   task Cold is
      entry Ping (N : Integer);
   end Cold;

   task body Cold is
      Sum : Integer := 0;
   begin
      Sum := 1;
      loop
         select
            accept Ping (N : Integer) do
               Sum := Sum + N;
               Put_Line ("cold sum" & Integer'Image (Sum));
            end Ping;
         or
            terminate;
         end select;
      end loop;
   end Cold;
begin
   Warm.Ping (10);
   Cold.Ping (4);
   delay 0.5;
   select
      Warm.Ping (20);
      Put_Line ("warm taken");
   else
      Put_Line ("warm busy");
   end select;
   select
      Cold.Ping (6);
      Put_Line ("cold taken");
   else
      Put_Line ("cold busy");
   end select;
   Put_Line ("PASSED");
end Main;

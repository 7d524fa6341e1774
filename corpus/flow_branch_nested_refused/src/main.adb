--  Accepts in if statements the server scheme does not translate, beside
--  flow_branch_nested: an if without else nested in a branch of another (where
--  its condition is false the task goes on past both statements), and an if
--  without else in a server with a delay alternative (going past it sets the
--  stage where the object's timer is not set).  Both are refused, each with
--  its reason.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Picky is
      entry Take (N : out Natural);
      entry Give (N : Natural);
   end Picky;
   task body Picky is
      Busy : Boolean := False;
      Stock : Natural := 0;
   begin
      loop
         if Busy then
            if Stock > 0 then
               accept Take (N : out Natural) do
                  N := Stock;
               end Take;
               Stock := 0;
            end if;
            Busy := False;
         else
            select
               accept Give (N : Natural) do
                  Stock := Stock + N;
               end Give;
               Busy := True;
            or
               terminate;
            end select;
         end if;
      end loop;
   end Picky;

   task Watch is
      entry Tick;
      entry Ack;
      entry Missed (N : out Natural);
      entry Stop;
   end Watch;
   task body Watch is
      Late : Natural := 0;
      Pending : Boolean := False;
   begin
      loop
         select
            accept Tick;
            Pending := True;
         or
            accept Missed (N : out Natural) do
               N := Late;
            end Missed;
         or
            accept Stop;
            exit;
         or
            delay 10.0;
            Late := Late + 1;
         end select;
         if Pending then
            accept Ack;
            Pending := False;
         end if;
      end loop;
   end Watch;

   N : Natural;
begin
   Picky.Give (0);
   Picky.Give (5);
   Picky.Take (N);
   Put_Line ("took" & Natural'Image (N));
   Watch.Tick;
   Watch.Ack;
   Watch.Missed (N);
   Put_Line ("missed" & Natural'Image (N));
   Watch.Stop;
   Put_Line ("PASSED");
end Main;

--  A server that, after each accept, runs plain loops of its own: each ends
--  when a counter passes a bound that is a named number, a constant of a
--  package named by its expanded name, or one of a nested package.  The
--  accepting-server scheme runs them inside the protected object's entry,
--  proved to end.  Beside server_loop_named_bounds_refused.

with Ada.Text_IO; use Ada.Text_IO;
with Limits;

procedure Main is
   Steps : constant := 5;

   task Mixer is
      entry Feed (X : Integer);
      entry Total (T : out Integer);
   end Mixer;

   task body Mixer is
      Sum : Integer := 0;
      I, J, K : Integer := 0;
   begin
      loop
         select
            accept Feed (X : Integer) do
               Sum := Sum + X;
            end Feed;
            I := 1;
            loop
               exit when I > Steps;
               Sum := Sum + I;
               I := I + 1;
            end loop;
            J := 0;
            loop
               Sum := Sum + 10 * J;
               J := J + 1;
               exit when J >= Limits.Spread;
            end loop;
            K := Limits.Rounds;
            loop
               exit when K < Limits.Inner.Depth;
               Sum := Sum + 100;
               K := K - 1;
            end loop;
         or
            accept Total (T : out Integer) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Mixer;

   T : Integer;
begin
   Mixer.Feed (1);
   Mixer.Feed (1000);
   Mixer.Total (T);
   Put_Line ("total:" & Integer'Image (T));
   Put_Line ("PASSED");
end Main;

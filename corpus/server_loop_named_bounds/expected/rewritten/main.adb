--  A server that, after each accept, runs plain loops of its own: each ends
--  when a counter passes a bound that is a named number, a constant of a
--  package named by its expanded name, or one of a nested package.  The
--  accepting-server scheme runs them inside the protected object's entry,
--  proved to end.  Beside server_loop_named_bounds_refused.

with Ada.Text_IO; use Ada.Text_IO;
with Limits;

procedure Main is
   Steps : constant := 5;

   protected Mixer is
      procedure Feed (X : Integer);
      procedure Total (T : out Integer);
   private
      --  rdv2po: task Mixer became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
      I, J, K : Integer := 0;
   end Mixer;

   protected body Mixer is

      procedure Feed (X : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
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
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Feed;

      procedure Total (T : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         T := Sum;
      end Total;

   end Mixer;

   T : Integer;
begin
   Mixer.Feed (1);
   Mixer.Feed (1000);
   Mixer.Total (T);
   Put_Line ("total:" & Integer'Image (T));
   Put_Line ("PASSED");
end Main;

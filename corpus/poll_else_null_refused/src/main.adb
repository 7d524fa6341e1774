--  Beside poll_else_null: polling servers whose polling can be told from waiting
--  stay refused, each naming what tells it.
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Never : Boolean := False;  --  the calls it guards are not made
   pragma Volatile (Never);

   --  A conditional call of Asked.Get (below): the original takes its else part
   task Asked is
      entry Set (V : Integer);
      entry Get (V : out Integer);
      entry Quit;
   end Asked;

   --  A timed call with a zero delay of Timed.Get (below)
   task Timed is
      entry Set (V : Integer);
      entry Get (V : out Integer);
      entry Quit;
   end Timed;

   --  Its else part counts the passes
   task Busy is
      entry Set (V : Integer);
      entry Quit;
   end Busy;

   --  A statement before its select runs on every pass
   task Around is
      entry Set (V : Integer);
      entry Quit;
   end Around;

   --  A guard reading 'Count, which changes while it polls
   task Counted is
      entry Set (V : Integer);
      entry Quit;
   end Counted;

   --  Every alternative guarded: all closed, it spins where waiting raises
   task Guarded is
      entry Set (V : Integer);
      entry Quit;
   end Guarded;

   task body Asked is
      Value : Integer := 0;
   begin
      loop
         select
            accept Set (V : Integer) do
               Value := V;
            end Set;
         or
            when Value > 0 =>
               accept Get (V : out Integer) do
                  V := Value;
               end Get;
         or
            accept Quit;
            exit;
         else
            null;
         end select;
      end loop;
   end Asked;

   task body Timed is
      Value : Integer := 0;
   begin
      loop
         select
            accept Set (V : Integer) do
               Value := V;
            end Set;
         or
            when Value > 0 =>
               accept Get (V : out Integer) do
                  V := Value;
               end Get;
         or
            accept Quit;
            exit;
         else
            null;
         end select;
      end loop;
   end Timed;

   task body Busy is
      Value, Spins : Integer := 0;
   begin
      loop
         select
            accept Set (V : Integer) do
               Value := V;
            end Set;
         or
            accept Quit;
            exit;
         else
            Spins := Spins + 1;
         end select;
      end loop;
   end Busy;

   task body Around is
      Value, Passes : Integer := 0;
   begin
      loop
         Passes := Passes + 1;
         select
            accept Set (V : Integer) do
               Value := V;
            end Set;
         or
            accept Quit;
            exit;
         else
            null;
         end select;
      end loop;
   end Around;

   task body Counted is
      Value : Integer := 0;
   begin
      loop
         select
            when Quit'Count = 0 =>
               accept Set (V : Integer) do
                  Value := V;
               end Set;
         or
            accept Quit;
            exit;
         else
            null;
         end select;
      end loop;
   end Counted;

   task body Guarded is
      Value : Integer := 0;
   begin
      loop
         select
            when Value >= 0 =>
               accept Set (V : Integer) do
                  Value := V;
               end Set;
         or
            when Value >= 0 =>
               accept Quit;
               exit;
         else
            null;
         end select;
      end loop;
   end Guarded;

   X : Integer := 0;
begin
   Asked.Set (1);
   Timed.Set (2);
   Busy.Set (3);
   Around.Set (4);
   Counted.Set (5);
   Guarded.Set (6);
   if Never then
      select
         Asked.Get (X);
      else
         X := -1;
      end select;
      select
         Timed.Get (X);
      or
         delay 0.0;
         X := -1;
      end select;
   end if;
   Asked.Get (X);
   Put_Line ("asked" & X'Image);
   Timed.Get (X);
   Put_Line ("timed" & X'Image);
   Asked.Quit;
   Timed.Quit;
   Busy.Quit;
   Around.Quit;
   Counted.Quit;
   Guarded.Quit;
   Put_Line ("PASSED");
end Main;

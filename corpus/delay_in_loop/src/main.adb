--  A rate-limited accumulator: after each rendezvous the server loop
--  executes "delay 0.001;" before it accepts again.  The delay is outside
--  every accept body, but the server scheme would have to move it into a
--  protected entry body.

with Ada.Text_IO;

procedure Main is

   task Throttle is
      entry Add (X : Integer);
      entry Get (Count : out Natural; Sum : out Integer);
   end Throttle;

   task body Throttle is
      Calls : Natural := 0;
      Total : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Total := Total + X;
            end Add;
            Calls := Calls + 1;
         or
            accept Get (Count : out Natural; Sum : out Integer) do
               Count := Calls;
               Sum := Total;
            end Get;
         or
            terminate;
         end select;
         delay 0.001;
      end loop;
   end Throttle;

   Count : Natural;
   Sum   : Integer;

begin
   for I in 1 .. 15 loop
      Throttle.Add (I * (if I mod 2 = 0 then 1 else -1));
   end loop;
   Throttle.Get (Count, Sum);
   Ada.Text_IO.Put_Line ("Calls:" & Natural'Image (Count));
   Ada.Text_IO.Put_Line ("Sum:" & Integer'Image (Sum));
   --  -1 + 2 - 3 + ... - 15 = -8
   if Count = 15 and then Sum = -8 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;

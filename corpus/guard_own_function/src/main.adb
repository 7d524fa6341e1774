with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Slots : constant := 3;

   task Ring is
      entry Put (V : Integer);
      entry Take (V : out Integer);
      entry Quit;
   end Ring;

   task body Ring is
      type Slot is mod Slots;
      Store : array (Slot) of Integer := (others => 0);
      Head, Tail : Slot := 0;
      Held : Natural range 0 .. Slots := 0;
      Done : Boolean := False;
      function Empty return Boolean is (Held = 0);
      function Full return Boolean is (Held = Slots);
      function Settled return Boolean is (Empty and then Done);
   begin
      loop
         select
            when not Full and not Done =>
               accept Put (V : Integer) do
                  Store (Tail) := V;
               end Put;
               Tail := Tail + 1;
               Held := Held + 1;
         or
            when not Empty =>
               accept Take (V : out Integer) do
                  V := Store (Head);
               end Take;
               Head := Head + 1;
               Held := Held - 1;
         or
            accept Quit;
            Done := True;
         or
            when Settled =>
               terminate;
         end select;
      end loop;
   end Ring;

   task Producer;
   task body Producer is
   begin
      for I in 1 .. 7 loop
         Ring.Put (I * I);
      end loop;
      Ring.Quit;
   end Producer;

   V : Integer;
   Sum : Integer := 0;
begin
   for I in 1 .. 7 loop
      Ring.Take (V);
      Sum := Sum + V;
   end loop;
   Put_Line ("sum" & Sum'Image);
   Put_Line ("PASSED");
end Main;

with Limits; use Limits;
with Shades; use Shades;
package body Stacks is
   task body Stack is
      Items : array (1 .. Depth) of Integer := (others => Start);
      Top   : Natural range 0 .. Depth := 0;
      Mode  : Shade := Light;
      Seen  : Level := 0;
   begin
      loop
         select
            when Top < Depth =>
               accept Push (V : Integer) do
                  Top := Top + 1;
                  Items (Top) := V;
               end Push;
         or
            when Top > 0 =>
               accept Pop (V : out Integer) do
                  V := Items (Top);
                  Top := Top - 1;
               end Pop;
         or
            accept Flip (S : out Boolean) do
               if Mode = Light then
                  Mode := Dark;
               else
                  Mode := Light;
               end if;
               S := Mode = Dark;
               if Seen < Level'Last then
                  Seen := Seen + 1;
               end if;
            end Flip;
         or
            terminate;
         end select;
      end loop;
   end Stack;
end Stacks;

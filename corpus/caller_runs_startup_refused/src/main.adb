--  Servers that print, whose activation or start-up the caller-runs scheme
--  cannot do where the task was activated: a delay before the loop (the
--  activator would wait it out, where the task delayed only itself), a
--  constant computed at activation (a package cannot compute it there), a
--  string whose bounds come from a value computed at activation (the
--  package declares it earlier).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Base : Integer := 3;

   function Image (X : Integer) return String is (Integer'Image (X));

   task Warm is
      entry Put (V : Integer);
   end Warm;

   task body Warm is
   begin
      delay 0.01;
      loop
         select
            accept Put (V : Integer) do
               Put_Line ("warm" & Integer'Image (V));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Warm;

   task Fixed is
      entry Put (V : Integer);
   end Fixed;

   task body Fixed is
      Limit : constant Integer := Base * 2;
   begin
      loop
         select
            accept Put (V : Integer) do
               Put_Line ("fixed" & Integer'Image (Integer'Min (V, Limit)));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Fixed;

   task Named is
      entry Put (V : Integer);
   end Named;

   task body Named is
      Name : String := Image (Base);
   begin
      loop
         select
            accept Put (V : Integer) do
               Put_Line ("named" & Name & Integer'Image (V));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Named;
begin
   Warm.Put (1);
   Fixed.Put (10);
   Named.Put (2);
   Base := 0;   --  a variable the program writes: the moment of a read matters
   Put_Line ("PASSED");
end Main;

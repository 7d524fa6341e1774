--  Two servers with one select each, whose code cannot raise: a lock whose
--  guards read a Boolean, and a register that copies an enumeration value in
--  and out.  Neither task can end but by its terminate alternative, so the
--  protected objects need no Stage and no exception handlers: the barriers
--  are the guards as written.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Mode is (Idle, Reading, Writing);

   task Lock is
      entry Acquire;
      entry Release;
   end Lock;

   task body Lock is
      Held : Boolean := False;
   begin
      loop
         select
            when not Held =>
               accept Acquire do
                  Held := True;
               end Acquire;
         or
            when Held =>
               accept Release;
               Held := False;
         or
            terminate;
         end select;
      end loop;
   end Lock;

   task Register is
      entry Set (M : Mode);
      entry Get (M : out Mode);
   end Register;

   task body Register is
      Current : Mode := Idle;
   begin
      loop
         select
            accept Set (M : Mode) do
               Current := M;
            end Set;
         or
            accept Get (M : out Mode) do
               M := Current;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Register;

   Shared : Natural := 0;

   task type Worker (Id : Natural);
   task body Worker is
   begin
      for I in 1 .. 200 loop
         Lock.Acquire;
         Shared := Shared + Id;
         Lock.Release;
      end loop;
   end Worker;

   Seen : Mode;
begin
   declare
      A : Worker (1);
      B : Worker (2);
      C : Worker (3);
   begin
      null;
   end;
   Put_Line ("Shared =" & Natural'Image (Shared));
   Register.Get (Seen);
   Put_Line ("first " & Mode'Image (Seen));
   for M in Mode loop
      Register.Set (M);
      Register.Get (Seen);
      Put_Line ("set " & Mode'Image (M) & ", got " & Mode'Image (Seen));
   end loop;
   Put_Line ("PASSED");
end Main;

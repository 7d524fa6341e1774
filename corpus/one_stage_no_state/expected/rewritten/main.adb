--  Two servers with one select each, whose code cannot raise: a lock whose
--  guards read a Boolean, and a register that copies an enumeration value in
--  and out.  Neither task can end but by its terminate alternative, so the
--  protected objects need no Stage and no exception handlers: the barriers
--  are the guards as written.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Mode is (Idle, Reading, Writing);

   protected Lock is
      entry Acquire;
      entry Release;
   private
      --  rdv2po: task Lock became this protected object.
      Held : Boolean := False;
   end Lock;

   protected body Lock is

      entry Acquire when not Held is
      begin
         Held := True;
      end Acquire;

      entry Release when Held is
      begin
         Held := False;
      end Release;

   end Lock;

   protected Register is
      procedure Set (M : Mode);
      procedure Get (M : out Mode);
   private
      --  rdv2po: task Register became this protected object.
      Current : Mode := Idle;
   end Register;

   protected body Register is

      procedure Set (M : Mode) is
      begin
         Current := M;
      end Set;

      procedure Get (M : out Mode) is
      begin
         M := Current;
      end Get;

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

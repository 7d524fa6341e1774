with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   N : constant := 3;
   Shared : Integer := 0;
   pragma Atomic (Shared);
   Results : array (1 .. N) of Integer := (others => 0);
   pragma Atomic_Components (Results);
   Log : String (1 .. 64) := (others => ' ');
   Pos : Natural := 0;
   pragma Atomic (Pos);
   procedure Note (C : Character) is
   begin
      Pos := Pos + 1;
      Log (Pos) := C;
   end Note;
   procedure Run is
      task type Worker is
         entry Start (Index : Integer; Job : Integer);
      end Worker;
      Workers : array (1 .. N) of Worker;
      task Boss;
      task body Worker is
         Me, J : Integer := 0;
      begin
         accept Start (Index : Integer; Job : Integer) do
            Me := Index;
            J := Job;
            J := J + Shared;
         end Start;
         Results (Me) := J;
      end Worker;
      task body Boss is
         Index : Integer := 0;
         Stage : Integer := 5;
      begin

         for I in Workers'Range loop
            Shared := I * 10;
            Index := Index + 1;
            Workers (I).Start (Index, Stage * I);
            Note (Character'Val (Character'Pos ('0') + I));
            Stage := Stage + 1;
         end loop;
         Note ('E');
         Shared := 77;
      end Boss;
   begin
      null;
   end Run;
begin
   Run;
   for I in Results'Range loop
      Put_Line (Integer'Image (I) & Integer'Image (Results (I)));
   end loop;
   Put_Line (Log (1 .. Pos) & Integer'Image (Shared));
   Put_Line ("PASSED");
end Main;

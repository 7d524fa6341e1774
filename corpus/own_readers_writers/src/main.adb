--  Readers and writers with a control task, in the style of Burns &
--  Wellings, "Concurrency in Ada" (writers preferred: a reader is not
--  admitted while a writer waits, using Start_Write'Count in a guard).
--  Writers update two fields that must always be equal; readers check them.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Readers_Count : constant := 4;
   Writers_Count : constant := 2;
   Rounds        : constant := 200;

   type Pair is record
      A, B : Integer := 0;
   end record;

   Shared : Pair;
   pragma Volatile (Shared);

   task Control is
      entry Start_Read;
      entry End_Read;
      entry Start_Write;
      entry End_Write;
      entry Statistics (Reads, Writes : out Natural);
   end Control;

   task body Control is
      Readers      : Natural := 0;
      Writing      : Boolean := False;
      Total_Reads  : Natural := 0;
      Total_Writes : Natural := 0;
   begin
      loop
         select
            when not Writing and then Start_Write'Count = 0 =>
               accept Start_Read;
               Readers := Readers + 1;
               Total_Reads := Total_Reads + 1;
         or
            accept End_Read;
            Readers := Readers - 1;
         or
            when not Writing and then Readers = 0 =>
               accept Start_Write;
               Writing := True;
               Total_Writes := Total_Writes + 1;
         or
            accept End_Write;
            Writing := False;
         or
            accept Statistics (Reads, Writes : out Natural) do
               Reads := Total_Reads;
               Writes := Total_Writes;
            end Statistics;
         or
            terminate;
         end select;
      end loop;
   end Control;

   protected Violations is
      procedure Note;
      function Value return Natural;
   private
      Count : Natural := 0;
   end Violations;

   protected body Violations is
      procedure Note is
      begin
         Count := Count + 1;
      end Note;
      function Value return Natural is (Count);
   end Violations;

   Reads, Writes : Natural;
begin
   declare
      task type Reader;
      task body Reader is
         Copy : Pair;
      begin
         for I in 1 .. Rounds loop
            Control.Start_Read;
            Copy := Shared;
            if Copy.A /= Copy.B then
               Violations.Note;
            end if;
            Control.End_Read;
         end loop;
      end Reader;

      task type Writer;
      task body Writer is
      begin
         for I in 1 .. Rounds loop
            Control.Start_Write;
            Shared.A := Shared.A + 1;
            Shared.B := Shared.B + 1;
            Control.End_Write;
         end loop;
      end Writer;

      R : array (1 .. Readers_Count) of Reader;
      W : array (1 .. Writers_Count) of Writer;
   begin
      null;
   end;
   Control.Statistics (Reads, Writes);
   Put_Line ("reads" & Natural'Image (Reads) & ", writes" &
             Natural'Image (Writes));
   Put_Line ("final value" & Integer'Image (Shared.A) & Integer'Image (Shared.B));
   Put_Line ("violations" & Natural'Image (Violations.Value));
end Main;

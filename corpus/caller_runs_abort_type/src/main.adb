--  Objects of a printing task type that accepts Note twice, one after the
--  other, the main program aborting them: named, through an in parameter and
--  as an array component.  The program has no other task, so no caller is in
--  an object's code when the abort comes; after it, 'Callable is False and a
--  call raises Tasking_Error, while an object not aborted is still served.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Scribe is
      entry Note (Line : String; Count : in out Natural);
   end Scribe;

   task body Scribe is
   begin
      accept Note (Line : String; Count : in out Natural) do
         Put_Line ("first note: " & Line);
         Count := Count + 1;
      end Note;
      accept Note (Line : String; Count : in out Natural) do
         Put_Line ("second note: " & Line);
         Count := Count + 10;
      end Note;
   end Scribe;

   type Row is array (1 .. 2) of Scribe;

   Alone : Scribe;
   Pair : Row;
   Count : Natural := 0;
   Failures : Natural := 0;

   procedure Stop (S : Scribe; Name : String) is
   begin
      abort S;
      Put_Line (Name & " callable after abort: " & Boolean'Image (S'Callable));
   end Stop;

   procedure Call_After (S : Scribe; Name : String) is
   begin
      S.Note ("late", Count);
      Put_Line (Name & ": no error");
      Failures := Failures + 1;
   exception
      when Tasking_Error => Put_Line (Name & ": Tasking_Error");
   end Call_After;
begin
   Alone.Note ("alone", Count);
   Pair (1).Note ("pair 1", Count);
   Pair (2).Note ("pair 2", Count);
   abort Alone;
   Put_Line ("alone callable after abort: " & Boolean'Image (Alone'Callable));
   Stop (Pair (1), "pair 1");
   Call_After (Alone, "alone");
   Call_After (Pair (1), "pair 1");
   Pair (2).Note ("pair 2 again", Count);
   abort Pair (2);
   Put_Line ("count" & Natural'Image (Count));
   if Failures = 0 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

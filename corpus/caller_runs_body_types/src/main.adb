with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Total : Integer := 0;

   --  A single task: its types, numbers, exception and renaming stay where
   --  they were written, in the package body that takes the task body's place.
   task Logger is
      entry Log (N : Integer);
      entry Stop;
   end Logger;

   task body Logger is
      Max : constant := 50;
      type Level is (Low, Mid, High);
      subtype Warm is Level range Mid .. High;
      type Small is range 0 .. 10;
      subtype Tiny is Small range 0 .. 3;
      type Ring is array (Tiny) of Integer;
      type Entry_Kind is record
         Value : Integer;
         Kind  : Level;
      end record;
      Too_Big : exception;
      Sum : Integer renames Total;
      Seen : Ring := (others => 0);
      Last : Entry_Kind := (0, Low);
      Next : Tiny := 0;
   begin
      loop
         select
            accept Log (N : Integer) do
               begin
                  if N > Max then
                     raise Too_Big;
                  end if;
                  Last := (N, (if N > 30 then High elsif N > 10 then Mid else Low));
                  Seen (Next) := N;
                  Next := (if Next = Tiny'Last then 0 else Next + 1);
                  Sum := Sum + N;
                  Put_Line ("logged" & Integer'Image (Last.Value) & " "
                            & Level'Image (Last.Kind)
                            & (if Last.Kind in Warm then " warm" else ""));
               exception
                  when Too_Big =>
                     Put_Line ("too big:" & Integer'Image (N));
               end;
            end Log;
         or
            accept Stop do
               Put_Line ("ring" & Integer'Image (Seen (0)) & Integer'Image (Seen (1)));
            end Stop;
            exit;
         end select;
      end loop;
   end Logger;

   --  A task type: its types and numbers move out before its package, under
   --  fresh names, for the record holding its variables to see them.
   task type Meter (Id : Positive) is
      entry Add (N : Integer);
      entry Show;
   end Meter;

   task body Meter is
      Limit : constant := 4;
      type Level is (Calm, Brisk, Peak);
      subtype Reading is Integer range 0 .. 100;
      type History is array (1 .. Limit) of Reading;
      Seen : History := (others => 0);
      Last : Level := Calm;
      Count : Natural := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Count := Count mod Limit + 1;
               Seen (Count) := N;
               Last := (if N > 30 then Peak elsif N > 10 then Brisk else Calm);
               Put_Line ("meter" & Positive'Image (Id) & " " & Level'Image (Last));
            end Add;
         or
            accept Show do
               for R of Seen loop
                  Put (Reading'Image (R));
               end loop;
               New_Line;
            end Show;
         or
            terminate;
         end select;
      end loop;
   end Meter;

   A : Meter (1);
   B : Meter (2);
begin
   Logger.Log (5);
   Logger.Log (20);
   Logger.Log (70);
   Logger.Log (40);
   Logger.Stop;
   A.Add (5);
   B.Add (40);
   A.Add (20);
   A.Show;
   B.Show;
   Put_Line ("total" & Integer'Image (Total));
   Put_Line ("PASSED");
end Main;

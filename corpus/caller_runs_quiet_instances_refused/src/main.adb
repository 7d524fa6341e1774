--  Awaited task types whose objects are followed by instances rdv2po cannot
--  show quiet, so the caller-runs scheme refuses each, naming the instance:
--  an in actual converted to a formal's subtype that may not hold its value
--  (Gauge: a Natural to a Positive), an instance of a generic package whose
--  body has statements (Meter), an in out actual whose name evaluates an
--  index (Dial).  If the instance raised, the task would never be activated
--  and its master would not wait for it; the translated object's Finalize
--  would.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Gauge is
      entry Put (S : String);
      entry Stop;
   end Gauge;

   task body Gauge is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line ("gauge: " & S);
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Gauge;

   task type Meter is
      entry Put (S : String);
      entry Stop;
   end Meter;

   task body Meter is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line ("meter: " & S);
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Meter;

   task type Dial is
      entry Put (S : String);
      entry Stop;
   end Dial;

   task body Dial is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line ("dial: " & S);
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Dial;
begin
   declare
      Level : Natural := 4;

      generic
         Limit : in Positive;
      package Bounded is
         function Cap return Positive;
      end Bounded;

      package body Bounded is
         function Cap return Positive is
         begin
            return Limit;
         end Cap;
      end Bounded;

      G : Gauge;
      package Four is new Bounded (Level);
   begin
      G.Put ("cap" & Positive'Image (Four.Cap));
      G.Stop;
   end;

   declare
      generic
      package Announced is
         procedure Hello;
      end Announced;

      package body Announced is
         procedure Hello is
         begin
            Put_Line ("hello");
         end Hello;
      begin
         Put_Line ("announced");
      end Announced;

      M : Meter;
      package Loud is new Announced;
   begin
      M.Put ("one");
      Loud.Hello;
      M.Stop;
   end;

   declare
      Table : array (1 .. 3) of Integer := (others => 0);
      Slot : Integer := 2;

      generic
         Cell : in out Integer;
      procedure Bump;

      procedure Bump is
      begin
         Cell := Cell + 1;
      end Bump;

      D : Dial;
      procedure Bump_Slot is new Bump (Table (Slot));
   begin
      Bump_Slot;
      D.Put ("slot" & Integer'Image (Table (2)));
      D.Stop;
   end;
   Put_Line ("PASSED");
end Main;

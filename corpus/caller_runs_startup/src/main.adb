--  Servers that do work when they are activated and before their loop:
--  initial values computed from a global and a function, a Time and an
--  Unbounded_String, start-up statements that print.  The caller-runs
--  scheme does that work where the task was activated (a declaration placed
--  last in the declarative part), before anyone can take the server's turn.
--  An initial value that raises makes the activation fail: Tasking_Error in
--  the activator, before its first statement (RM 9.2).  Start-up code that
--  raises ends the server silently: later calls raise Tasking_Error.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Real_Time; use Ada.Real_Time;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
procedure Main is
   Base : Integer := 10;
   Zero : Integer := 0;

   function Twice (X : Integer) return Integer is
   begin
      Put_Line ("twice" & Integer'Image (X));
      return X * 2;
   end Twice;

   procedure Run is
      task Journal is
         entry Put (S : String);
         entry Total (N : out Integer);
      end Journal;

      task body Journal is
         Started : Time := Clock;
         Count : Integer := Twice (Base);
         Text : Unbounded_String := To_Unbounded_String ("<");
         Period : Time_Span := Milliseconds (5) * 2;
         Lines : Natural := 0;
      begin
         Put_Line ("journal starts at" & Integer'Image (Count));
         Count := Count + 1;
         loop
            select
               accept Put (S : String) do
                  Append (Text, S);
               end Put;
               Lines := Lines + 1;
               Put_Line (To_String (Text) & Natural'Image (Lines));
            or
               accept Total (N : out Integer) do
                  N := Count + Length (Text)
                    + (if Clock - Started < Period * 1000 then 0 else 1000);
               end Total;
            or
               terminate;
            end select;
         end loop;
      end Journal;

      N : Integer;
   begin
      Base := 20;            --  after the activation: Count saw 10
      Journal.Put ("a");
      Journal.Put ("b");
      Journal.Total (N);
      Put_Line ("total" & Integer'Image (N));
   end Run;

   procedure Fail_At_Activation is
      task Broken is
         entry Put (V : Integer);
      end Broken;

      task body Broken is
         Divisor : Positive := Zero;   --  raises Constraint_Error at activation
      begin
         loop
            select
               accept Put (V : Integer) do
                  Put_Line (Integer'Image (V / Divisor));
               end Put;
            or
               terminate;
            end select;
         end loop;
      end Broken;
   begin
      Put_Line ("not reached");
      Broken.Put (1);
   exception
      when Tasking_Error =>
         Put_Line ("activation failed: Tasking_Error");
         begin
            Broken.Put (2);
         exception
            when Tasking_Error => Put_Line ("later call: Tasking_Error");
         end;
   end Fail_At_Activation;

   procedure Fail_At_Start is
      task Dies is
         entry Put (V : Integer);
      end Dies;

      task body Dies is
         Scale : Integer := 1;
      begin
         Scale := Scale / Zero;        --  ends the task silently
         loop
            select
               accept Put (V : Integer) do
                  Put_Line (Integer'Image (V * Scale));
               end Put;
            or
               terminate;
            end select;
         end loop;
      end Dies;
   begin
      Dies.Put (1);
      Put_Line ("call accepted");
   exception
      when Tasking_Error => Put_Line ("call after a failed start: Tasking_Error");
   end Fail_At_Start;
begin
   Run;
   Fail_At_Activation;
   Fail_At_Start;
   Put_Line ("PASSED");
end Main;

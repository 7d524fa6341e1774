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
      package Journal is
         procedure Put (S : String);
         procedure Total (N : out Integer);
         function Start return Boolean;   --  rdv2po: the task's activation
      end Journal;

      package body Journal is
         Started : Time;
         Count : Integer;
         Text : Unbounded_String;
         Period : Time_Span;
         Lines : Natural := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Put;
            entry Total;
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := True;   -- until Start has run
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Put when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Put;

            entry Total when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Total;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Put (S : String) is
            Ended : Boolean := False;
         begin
            Turn.Put;
            begin
               Append (Text, S);
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               Lines := Lines + 1;
               Put_Line (To_String (Text) & Natural'Image (Lines));
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Put;

         procedure Total (N : out Integer) is
         begin
            Turn.Total;
            begin
               N := Count + Length (Text)
                 + (if Clock - Started < Period * 1000 then 0 else 1000);
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Total;

         --  What the task did when it was activated and before its loop, done
         --  where it was activated; False when its activation failed.
         function Start return Boolean is
         begin
            begin
               Started := Clock;
               Count := Twice (Base);
               Text := To_Unbounded_String ("<");
               Period := Milliseconds (5) * 2;
            exception
               when others =>   -- the task's activation failed
                  Turn.Finish (Ended => True);
                  return False;
            end;
            begin
               Put_Line ("journal starts at" & Integer'Image (Count));
               Count := Count + 1;
            exception
               when others =>   -- the server dies of it, silently
                  Turn.Finish (Ended => True);
                  return True;
            end;
            Turn.Finish (Ended => False);   -- the server is at its loop
            return True;
         end Start;
      end Journal;

      N : Integer;
      Journal_Started : constant Boolean := Journal.Start;  --  rdv2po: the task was activated here
   begin
      if not Journal_Started then raise Tasking_Error; end if;  --  rdv2po: the task was activated here
      Base := 20;            --  after the activation: Count saw 10
      Journal.Put ("a");
      Journal.Put ("b");
      Journal.Total (N);
      Put_Line ("total" & Integer'Image (N));
   end Run;

   procedure Fail_At_Activation is
      package Broken is
         procedure Put (V : Integer);
         function Start return Boolean;   --  rdv2po: the task's activation
      end Broken;

      package body Broken is
         Divisor : Positive;   --  raises Constraint_Error at activation

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Put;
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := True;   -- until Start has run
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Put when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Put;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Put (V : Integer) is
         begin
            Turn.Put;
            begin
               Put_Line (Integer'Image (V / Divisor));
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Put;

         --  What the task did when it was activated and before its loop, done
         --  where it was activated; False when its activation failed.
         function Start return Boolean is
         begin
            begin
               Divisor := Zero;
            exception
               when others =>   -- the task's activation failed
                  Turn.Finish (Ended => True);
                  return False;
            end;
            Turn.Finish (Ended => False);   -- the server is at its loop
            return True;
         end Start;
      end Broken;
      Broken_Started : constant Boolean := Broken.Start;  --  rdv2po: the task was activated here
   begin
      if not Broken_Started then raise Tasking_Error; end if;  --  rdv2po: the task was activated here
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
      package Dies is
         procedure Put (V : Integer);
         function Start return Boolean;   --  rdv2po: the task's activation
      end Dies;

      package body Dies is
         Scale : Integer := 1;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Put;
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := True;   -- until Start has run
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Put when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Put;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Put (V : Integer) is
         begin
            Turn.Put;
            begin
               Put_Line (Integer'Image (V * Scale));
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Put;

         --  What the task did when it was activated and before its loop, done
         --  where it was activated; False when its activation failed.
         function Start return Boolean is
         begin
            begin
               Scale := Scale / Zero;
            exception
               when others =>   -- the server dies of it, silently
                  Turn.Finish (Ended => True);
                  return True;
            end;
            Turn.Finish (Ended => False);   -- the server is at its loop
            return True;
         end Start;
      end Dies;
      Dies_Started : constant Boolean := Dies.Start;  --  rdv2po: the task was activated here
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

--  Entry formals of a type with defaulted discriminants: A'Constrained is
--  True exactly when the actual is constrained (or the formal is an in
--  formal), and an assignment that changes the discriminants of a formal
--  whose actual is constrained raises Constraint_Error in the accept body
--  (RM 3.7.2).  (Repro constrained_entry_params: the general scheme's agent
--  worked on unconstrained copies.)  The general scheme refuses Checker.
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   subtype Size is Natural range 0 .. 8;

   type Buf (Len : Size := 0) is record
      Data : String (1 .. Len);
   end record;

   Fixed : Buf (3) := (3, "abc");
   Free  : Buf     := (2, "xy");
   Other : Buf     := (1, "z");

   package Checker is
      procedure Probe (A : in out Buf; B : in out Buf; C : in Buf);
      procedure Grow (A : in out Buf);
   end Checker;

   package body Checker is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Probe;
         entry Grow;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Probe, 2 at accept Grow
      end Turn;

      protected body Turn is
         entry Probe when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Probe;

         entry Grow when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 3;
         end Grow;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Probe (A : in out Buf; B : in out Buf; C : in Buf) is
      begin
         Turn.Probe;
         begin
            Put_Line ("A'Constrained = " & Boolean'Image (A'Constrained));
            Put_Line ("B'Constrained = " & Boolean'Image (B'Constrained));
            Put_Line ("C'Constrained = " & Boolean'Image (C'Constrained));
            B := (5, "hello");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Probe;

      procedure Grow (A : in out Buf) is
      begin
         Turn.Grow;
         begin
            begin
               A := (4, "four");
               Put_Line ("Grow: assigned");
            exception
               when Constraint_Error =>
                  Put_Line ("Grow: Constraint_Error in the accept body");
            end;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Grow;
   end Checker;
begin
   Checker.Probe (Fixed, Free, Other);
   Put_Line ("Free.Len =" & Size'Image (Free.Len));
   begin
      Checker.Grow (Fixed);
      Put_Line ("Fixed.Len =" & Size'Image (Fixed.Len));
   exception
      when Constraint_Error =>
         Put_Line ("Grow: Constraint_Error in the caller (wrong)");
   end;
   Put_Line ("PASSED");
end Main;

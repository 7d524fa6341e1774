--  Servers with entry families, taken by the caller-runs scheme: each
--  family becomes a procedure whose first formal is the member, and its
--  calls T.E (I) (A) become T.E (I, A).  Sequencer takes one member at a
--  time, in turn (accept Put (Next) (...), Next a variable of the task):
--  writers call their own member from their own tasks and are served in
--  the members' order.  Steps is a one-shot server taking Step (1) then
--  Step (2).  Checker's calls compute the index and the actuals with
--  functions that trace their order: the index is evaluated first, and an
--  index out of the family's range raises Constraint_Error before the
--  actuals are evaluated, as the entry call did.  A renaming of a member
--  becomes a procedure calling it, with the member's subtypes.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Slot is range 1 .. 3;
   type Color is (Red, Green, Blue);
   type Palette is array (Color range Red .. Green) of Boolean;

   procedure Sequencing is
      package Sequencer is
         subtype Put_Index is Slot;
         procedure Put (Member : Put_Index; Item : Integer);
      end Sequencer;

      package body Sequencer is
         Next : Slot := 1;
         Sum : Integer := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Put (Put_Index);
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Put (for Member in Put_Index)
               when Over or else (not Busy and then Member = (Next))
            is
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

         procedure Put (Member : Put_Index; Item : Integer) is
            Ended : Boolean := False;
         begin
            Turn.Put (Member);
            begin
               Put_Line ("slot" & Slot'Image (Next) & " gives" & Integer'Image (Item));
               Sum := Sum + Item;
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               if Next = Slot'Last then
                  Put_Line ("round done, sum" & Integer'Image (Sum));
                  Next := Slot'First;
               else
                  Next := Next + 1;
               end if;
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Put;
      end Sequencer;

      task type Writer (Mine : Slot);

      task body Writer is
      begin
         for Round in 1 .. 2 loop
            declare
               Member : constant Sequencer.Put_Index := Mine;
            begin
               Sequencer.Put (Member, Integer (Mine) * 10 + Round);
            end;
         end loop;
      end Writer;

      W3 : Writer (3);
      W2 : Writer (2);
      W1 : Writer (1);
   begin
      null;
   end Sequencing;

   procedure Stepping is
      package Steps is
         subtype Step_Index is Integer range 1 .. 2;
         procedure Step (Member : Step_Index);
         subtype Paint_Index is Color range Palette'Range;
         procedure Paint (Member : Paint_Index; Times : Natural);
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end Steps;

      package body Steps is
         Painted : Natural := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Step (Step_Index) (Place : out Positive);
            entry Paint (Paint_Index);
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept Step, 2 at accept Paint, 3 at accept Step
         end Turn;

         protected body Turn is
            entry Step (for Member in Step_Index) (Place : out Positive)
               when Over or else (not Busy and then ((Stage = 1 and then Member = (1)) or else (Stage = 3 and then Member = (2))))
            is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Place := Stage;
               if Stage <= 3 then
                  Stage := Stage + 1;
               end if;
            end Step;

            entry Paint (for Member in Paint_Index)
               when Over or else (not Busy and then Stage = 2 and then Member = (Green))
            is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 3;
            end Paint;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;

            entry Await_End when Over is
            begin
               null;
            end Await_End;
         end Turn;

         procedure Step (Member : Step_Index) is
            Place : Positive;
            Ended : Boolean := False;
         begin
            Turn.Step (Member) (Place);
            case Place is
               when 1 =>
                  begin
                     Put_Line ("step one");
                  exception
                     when others =>
                        Turn.Finish (Ended => True);
                        raise;
                  end;
                  Turn.Finish (Ended => False);
               when others =>
                  begin
                     Put_Line ("steps done, painted" & Natural'Image (Painted));
                     Ended := True;   -- the task's end
                  exception
                     when others =>
                        Ended := True;
                  end;
                  Turn.Finish (Ended);
            end case;
         end Step;

         procedure Paint (Member : Paint_Index; Times : Natural) is
         begin
            Turn.Paint (Member);
            begin
               Painted := Times;
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Paint;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end Steps;
      Steps_Master : Steps.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      Steps.Step (1);
      Steps.Paint (Green, 4);
      Steps.Step (2);
   end Stepping;

   procedure Checking is
      package Checker is
         subtype Check_Index is Slot;
         procedure Check (Member : Check_Index; A, B : Integer);
      end Checker;

      package body Checker is
         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Check (Check_Index);
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Check (for Member in Check_Index)
               when Over or else (not Busy and then Member = (2))
            is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Check;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Check (Member : Check_Index; A, B : Integer) is
         begin
            Turn.Check (Member);
            begin
               Put_Line ("checked" & Integer'Image (A) & Integer'Image (B));
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Check;
      end Checker;

      --  the renamed member's subtypes apply (RM 8.5.4), not Natural: -1 passes
      --  rdv2po: a renaming of Checker.Check (2), whose subtypes apply
      procedure Check_Two (X : Integer; Y : Integer) is
      begin
         Checker.Check (2, X, Y);
      end Check_Two;

      Trace : String (1 .. 6) := (others => ' ');
      Last : Natural := 0;

      function Traced (Mark : Character; Value : Integer) return Integer is
      begin
         Last := Last + 1;
         Trace (Last) := Mark;
         return Value;
      end Traced;
   begin
      declare
         Member : constant Checker.Check_Index := Slot (Traced ('i', 2));
      begin
         Checker.Check (Member, Traced ('a', 7), 8);
      end;
      begin
         declare
            Member : constant Checker.Check_Index := Slot (Traced ('j', 5));
         begin
            Checker.Check (Member, Traced ('b', 1), Traced ('c', 2));
         end;
      exception
         when Constraint_Error =>
            Put_Line ("out of the family's range");
      end;
      Check_Two (-1, Y => 3);
      Put_Line ("evaluated: " & Trace (1 .. Last));
   end Checking;
begin
   Sequencing;
   Stepping;
   Checking;
   Put_Line ("PASSED");
end Main;

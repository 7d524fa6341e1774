--  Entry defaults written with a user-defined operator: a call evaluates the
--  entry declaration's default in the caller, and the accept statement only
--  repeats the formal part, so the server never runs the operator there.
--  Scaler runs it after the accept as well: its caller would run that code,
--  and nothing proves the operator cannot wait for that caller.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Grams is new Integer;

   function "*" (Left, Right : Grams) return Grams is
   begin
      return Grams (Integer (Left) * Integer (Right));
   end "*";

   procedure Run is
      package Weigher is
         procedure Weigh (Amount : Grams := 25 * 4);
      end Weigher;

      package body Weigher is
         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Weigh;
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Weigh when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Weigh;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Weigh (Amount : Grams := 25 * 4) is
         begin
            Turn.Weigh;
            begin
               Put_Line ("weighed" & Grams'Image (Amount));
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Weigh;
      end Weigher;

      task Scaler is
         entry Scale (Amount : Grams := 3 * 3);
      end Scaler;

      task body Scaler is
         Last : Grams := 0;
      begin
         loop
            select
               accept Scale (Amount : Grams := 3 * 3) do
                  Last := Amount;
               end Scale;
               Put_Line ("scaled" & Grams'Image (Last * 2));
            or
               terminate;
            end select;
         end loop;
      end Scaler;
   begin
      Weigher.Weigh;
      Weigher.Weigh (7);
      Scaler.Scale;
   end Run;  --  waits for both tasks
begin
   Run;
   Put_Line ("PASSED");
end Main;

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
      task Weigher is
         entry Weigh (Amount : Grams := 25 * 4);
      end Weigher;

      task body Weigher is
      begin
         loop
            select
               accept Weigh (Amount : Grams := 25 * 4) do
                  Put_Line ("weighed" & Grams'Image (Amount));
               end Weigh;
            or
               terminate;
            end select;
         end loop;
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

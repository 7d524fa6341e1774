with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Tally is
      procedure Add (N : Integer);
      procedure Total (T : out Integer);
   private
      --  rdv2po: task Tally became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Tally;

   package Counting is
      procedure Bump;
      function Value return Integer;
   end Counting;

   package body Counting is
      Count : Integer := 0;
      procedure Bump is
      begin
         Count := Count + 1;
         Tally.Add (Count);
      end Bump;
      function Value return Integer is (Count);
   end Counting;

   protected body Tally is

      procedure Add (N : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Total (T : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         T := Sum;
      end Total;

   end Tally;

   Result : Integer;
begin
   Counting.Bump;
   Counting.Bump;
   Tally.Total (Result);
   Put_Line ("count" & Integer'Image (Counting.Value)
             & ", total" & Integer'Image (Result));
   Put_Line ("PASSED");
end Main;

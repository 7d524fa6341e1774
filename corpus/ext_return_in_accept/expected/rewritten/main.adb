with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Acc is
      procedure Add (X : Integer);
      procedure Get (Sum : out Integer; N : out Integer);
   private
      --  rdv2po: task Acc became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Total, Calls : Integer := 0;
   end Acc;
   protected body Acc is

      procedure Add (X : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if X < 0 then
               goto Accepted_1;
            end if;
            Total := Total + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         <<Accepted_1>>
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Add;

      procedure Get (Sum : out Integer; N : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Sum := Total;
         N := Calls;
      end Get;

   end Acc;
   S, N : Integer;
begin
   Acc.Add (5);
   Acc.Add (-1);
   Acc.Add (7);
   Acc.Get (S, N);
   Put_Line ("sum" & Integer'Image (S) & " calls" & Integer'Image (N));
   Acc.Add (-3);
   Acc.Get (S, N);
   Put_Line ("sum" & Integer'Image (S) & " calls" & Integer'Image (N));
   Put_Line ("PASSED");
end Main;

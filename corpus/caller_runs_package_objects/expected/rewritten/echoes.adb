with Ada.Text_IO;
package body Echoes is
   package body Echo_Objects is
      protected body Echo_Turn is
         entry Start when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Start;

         entry Put when Over or else (not Busy and then Stage = 2) is
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

         entry Await_End when Over or else (not Busy and then Stage = 2) is
         begin
            null;
         end Await_End;
      end Echo_Turn;

      procedure Start (Self : Echo; Tag : String) is
         Turn : Echo_Turn renames Self.This.Turn;
         Mine : String renames Self.This.Mine;
      begin
         Turn.Start;
         begin
            Mine := Tag;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Start;

      procedure Put (Self : Echo; S : String) is
         Turn : Echo_Turn renames Self.This.Turn;
         Mine : String renames Self.This.Mine;
         Count : Natural renames Self.This.Count;
      begin
         Turn.Put;
         begin
            Count := Count + 1;
            Ada.Text_IO.Put_Line (Mine & Natural'Image (Count) & ": " & S);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Put;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Echo) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Echo_Objects;
end Echoes;

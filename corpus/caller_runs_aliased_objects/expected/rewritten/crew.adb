with Ada.Text_IO; use Ada.Text_IO;
package body Crew is
   package body Hand_Objects is
      protected body Hand_Turn is
         entry Go when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Go;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Hand_Turn;

      procedure Go (Self : Hand; Times : Positive) is
         Turn : Hand_Turn renames Self.This.Turn;
         Tag : Character renames Self.Tag;
      begin
         Turn.Go;
         begin
            for I in 1 .. Times loop
               Put_Line (Tag & " went" & Integer'Image (I));
            end loop;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Go;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Hand) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Hand_Objects;

   task body Foreman is
   begin
      First.Go (1);
      Second.Go (2);
   end Foreman;

   procedure Send (H : access Hand; Times : Positive) is
   begin
      H.Go (Times);
   end Send;
end Crew;

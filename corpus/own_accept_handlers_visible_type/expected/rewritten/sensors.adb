with Ada.Text_IO; use Ada.Text_IO;

package body Sensors is

   procedure Complain (What : String) is
   begin
      Problems := Problems + 1;
      Put_Line (Standard_Error, What);
   end Complain;

   package body Probe_Objects is
      protected body Probe_Turn is
         entry Reading when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Reading;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         function Completed return Boolean is
         begin
            return Over;
         end Completed;
      end Probe_Turn;

      procedure Reading (Self : Probe; Level : in Level_Type) is
         Turn : Probe_Turn renames Self.This.Turn;
         Ended : Boolean := False;
      begin
         Turn.Reading;
         begin
            begin
               case Level is
                  when 1_001 .. Level_Type'Last =>
                     raise Too_High;
                  when 501 .. 1_000 =>
                     raise Out_Of_Range;
                  when 101 .. 500 =>
                     raise Bad_Value;
                  when 0 .. 100 =>
                     Last_Level := Integer (Level);
               end case;
               exception
               when Too_High =>
                  Handled_In_Accept := True;
               when Out_Of_Range =>
                  Raised_Again := True;
                  raise;
            end;
         exception
            when Too_High =>
               begin
                  Complain ("Probe: Too_High left the accept body");
               exception
                  when Too_High | Out_Of_Range =>
                     begin
                        Complain ("Probe: an exception handled inside the loop ended the task");
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Ended := True;
                  when others =>
                     Ended := True;
               end;
               Turn.Finish (Ended);
               raise;
            when Out_Of_Range =>
               begin
                  Handled_Around_Loop := True;
               exception
                  when Too_High | Out_Of_Range =>
                     begin
                        Complain ("Probe: an exception handled inside the loop ended the task");
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Ended := True;
                  when others =>
                     Ended := True;
               end;
               Turn.Finish (Ended);
               raise;
            when others =>   -- the task body's handlers take it
               begin
                  raise;
               exception
                  when Too_High | Out_Of_Range =>
                     begin
                        Complain ("Probe: an exception handled inside the loop ended the task");
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Turn.Finish (Ended => True);
                     raise;
                  when others =>
                     Turn.Finish (Ended => True);
                     raise;
               end;
         end;
         Turn.Finish (Ended => False);
      end Reading;

      function Is_Callable (Self : Probe) return Boolean is
      begin
         return not Self.This.Turn.Completed;
      end Is_Callable;
   end Probe_Objects;

end Sensors;

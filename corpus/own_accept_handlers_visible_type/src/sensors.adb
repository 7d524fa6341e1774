with Ada.Text_IO; use Ada.Text_IO;

package body Sensors is

   procedure Complain (What : String) is
   begin
      Problems := Problems + 1;
      Put_Line (Standard_Error, What);
   end Complain;

   task body Probe is
   begin
      loop
         One_Reading :
         begin
            select
               accept Reading (Level : in Level_Type) do
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
               end Reading;
            or
               terminate;
            end select;
         exception
            when Too_High =>
               Complain ("Probe: Too_High left the accept body");
            when Out_Of_Range =>
               Handled_Around_Loop := True;
         end One_Reading;
      end loop;
   exception
      when Too_High | Out_Of_Range =>
         Complain ("Probe: an exception handled inside the loop ended the task");
      when others =>
         null;   --  Bad_Value ends the probe
   end Probe;

end Sensors;

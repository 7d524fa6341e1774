with Ada.Text_IO;
with Ada.Finalization;
package body Spooler is
   protected body Queue is separate;

   task body Queue_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Queue_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Queue_Closer);
      overriding procedure Finalize (Object : in out Queue_Closer) is
      begin
         Queue.Close;
      end Finalize;
      Closer : Queue_Closer;
      Job_Count  : Natural := 0;
      Page_Count : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Queue_Alternative_List :=
              (1 => (Queue_Submit, 0),
               2 => (Queue_Flush, 0));
            Choice : Natural;
         begin
            Queue.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in String; Value_2 : in Positive) do
                     Queue.Submit_Woken (Value_1, Value_2);
                     requeue Queue.Submit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Natural; Value_2 : out Natural) do
                     Queue.Flush_Woken (Value_1, Value_2);
                     requeue Queue.Flush_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in String; Value_2 : in Positive) do
                        requeue Queue.Submit_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Natural; Value_2 : out Natural) do
                        requeue Queue.Flush_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Pages : Positive;
                  begin
                     Queue.Submit_Take (Pages);
                     declare
                        Job : constant String := Queue.Submit_Job_Value;
                     begin
                        begin
                           Ada.Text_IO.Put_Line ("job " & Job & ":" & Positive'Image (Pages) & " page(s)");
                           Job_Count := Job_Count + 1;
                           Page_Count := Page_Count + Pages;
                        exception
                           when Occurrence : others =>
                              Queue.Submit_Failed (Occurrence);
                              raise;
                        end;
                        Queue.Submit_Accept_End;
                     end;
                  end;
               when 2 =>
                  declare
                     Jobs : Natural;
                     Pages : Natural;
                  begin
                     Queue.Flush_Take (Jobs, Pages);
                     begin
                        Jobs := Job_Count;
                        Pages := Page_Count;
                        Job_Count := 0;
                        Page_Count := 0;
                     exception
                        when Occurrence : others =>
                           Queue.Flush_Failed (Occurrence);
                           raise;
                     end;
                     Queue.Flush_Accept_End (Jobs, Pages);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Queue_Agent;
end Spooler;

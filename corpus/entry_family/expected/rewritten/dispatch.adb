package body Dispatch is

   protected body Server is

      --  rdv2po: comments of the task body, kept:
      --  a Request was served this round
      --  family member just served
      --  order of the served classes
      --  requests served
      --  lower priority served too early

      entry Ready (All_Queued : out Boolean)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            All_Queued := Request (Low)'Count + Request (Mid)'Count
                          + Request (High)'Count = Expected;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            if Got then
               Count := Count + 1;
               Order := Order * 3 + Priority'Pos (Last);
               Got := False;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Ready;

      entry Go when Stage = 0 or else (Stage = 1 and then (not Open)) is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         begin
            Open := True;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            if Got then
               Count := Count + 1;
               Order := Order * 3 + Priority'Pos (Last);
               Got := False;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Go;

      entry Request (for Index in Priority) (X : in Integer)
        when Stage = 0 or else (Stage = 1 and then Index = High and then (Open)) or else (Stage = 1 and then Index = Mid and then (Open and then Request (High)'Count = 0)) or else (Stage = 1 and then Index = Low and then (Open and then Request (High)'Count = 0 and then Request (Mid)'Count = 0))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         if (Stage = 1 and then Index = High and then (Open)) then
            begin
               Totals (High) := Totals (High) + X;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 1;
            begin
               Last := High;
               Got := True;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            begin
               if Got then
                  Count := Count + 1;
                  Order := Order * 3 + Priority'Pos (Last);
                  Got := False;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         elsif (Stage = 1 and then Index = Mid and then (Open and then Request (High)'Count = 0)) then
            begin
               Totals (Mid) := Totals (Mid) + X;
               if Request (High)'Count > 0 then
                  Bad := Bad + 1;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 1;
            begin
               Last := Mid;
               Got := True;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            begin
               if Got then
                  Count := Count + 1;
                  Order := Order * 3 + Priority'Pos (Last);
                  Got := False;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         elsif (Stage = 1 and then Index = Low and then (Open and then Request (High)'Count = 0 and then Request (Mid)'Count = 0)) then
            begin
               Totals (Low) := Totals (Low) + X;
               if Request (High)'Count + Request (Mid)'Count > 0 then
                  Bad := Bad + 1;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 1;
            begin
               Last := Low;
               Got := True;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            begin
               if Got then
                  Count := Count + 1;
                  Order := Order * 3 + Priority'Pos (Last);
                  Got := False;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         end if;
      end Request;

      entry Report (Trace : out Natural; Sums : out Sum_Array;
              Served : out Natural; Violations : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Trace := Order;
            Sums := Totals;
            Served := Count;
            Violations := Bad;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            if Got then
               Count := Count + 1;
               Order := Order * 3 + Priority'Pos (Last);
               Got := False;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Report;

   end Server;

end Dispatch;

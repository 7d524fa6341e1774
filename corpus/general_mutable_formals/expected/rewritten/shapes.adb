package body Shapes is

   function Image (B : Boolean) return Character is
   begin
      return (if B then 'T' else 'F');
   end Image;

   protected body Keeper is

      --  rdv2po: comments of the task body, kept:
      --  raises when Into's actual is constrained

      entry Swap (Into : in out Buf; From : in Buf) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Into := From;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error =>
                        Failures := Failures + 1;
                        Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
      end Swap;

      entry Fill (Into : out Buf; Len : Size; Was_Constrained : out Boolean)
        when True
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Was_Constrained := Into'Constrained;
            if Into'Constrained and then Into.Len /= Len then
               begin
                  Into := (Len, (others => '*'));
               exception
                  when Constraint_Error =>
                     Into.Data := (others => '-');
               end;
               return;
            end if;
            Into := (Len, (others => '*'));
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error =>
                        Failures := Failures + 1;
                        Ended := False;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
      end Fill;

      procedure Stop (Count : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Count := Failures;
         Ended := True;  --  the task left its loop
         return;
      end Stop;

   end Keeper;

   task body Checker is
   begin
      accept Check (A : in Buf; B : in out Buf; Report : out String) do
         Report := (1 => Image (Check.A'Constrained), 2 => Image (B'Constrained),
                    others => ' ');
         if A.Len = 0 then
            requeue Reset;
         end if;
         B := A;
      end Check;
      accept Reset (A : in Buf; B : in out Buf; Report : out String) do
         Report (3) := Image (B'Constrained);
         B := (0, "");
         Report (4) := 'R';
      end Reset;
   exception
      when Constraint_Error =>
         null;
   end Checker;

   protected body Tally is

      entry Add (Item : in Buf) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + Item.Len;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      entry Total (Sum : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total.Sum := Tally.Sum;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Ended := True;  --  the task left its loop
         return;
      end Total;

   end Tally;
end Shapes;

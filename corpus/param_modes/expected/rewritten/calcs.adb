package body Calcs is

   protected body Calc is

      procedure Add (A, B : in Integer; Sum : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := A + B;
            Last := Sum;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Add;

      procedure Swap (A, B : in out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            declare
               T : constant Integer := A;
            begin
               A := B;
               B := T;
            end;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Swap;

      entry Move (P : in out Point; D : in Point; Steps : in Positive := 1)
        when True
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            P := (X => P.X + Steps * D.X, Y => P.Y + Steps * D.Y);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Move;

      entry Normalize (V : in out Int_Array; Min, Max : out Integer)
        when True
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Min := Integer'Last;
            Max := Integer'First;
            for E of V loop
               Min := Integer'Min (Min, E);
               Max := Integer'Max (Max, E);
            end loop;
            for E of V loop
               E := E - Min;
            end loop;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Normalize;

      entry Register (P : in Person; Id : out Person_Id)
        when Ended or else Count < Max_People
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Count := Count + 1;
            People (Count) := P;
            Id := Count;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Register;

      entry Lookup (Id : in Person_Id; P : out Person; Found : out Boolean)
        when True
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Found := Id <= Count;
            if Found then
               P := People (Id);
            else
               P := (Name => (others => '?'), Age => 0);
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Lookup;

      entry Stats (S : out Stats_Rec) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            S := (Calls => Calls, Registered => Count, Last_Sum => Last);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Stats;

   end Calc;

end Calcs;

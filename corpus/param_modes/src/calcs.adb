package body Calcs is

   task body Calc is
      People : array (Person_Id) of Person :=
        (others => (Name => (others => ' '), Age => 0));
      Count  : Natural := 0;
      Calls  : Natural := 0;
      Last   : Integer := 0;
   begin
      loop
         select
            accept Add (A, B : in Integer; Sum : out Integer) do
               Sum := A + B;
               Last := Sum;
            end Add;
         or
            accept Swap (A, B : in out Integer) do
               declare
                  T : constant Integer := A;
               begin
                  A := B;
                  B := T;
               end;
            end Swap;
         or
            accept Move (P : in out Point; D : in Point;
                         Steps : in Positive := 1)
            do
               P := (X => P.X + Steps * D.X, Y => P.Y + Steps * D.Y);
            end Move;
         or
            accept Normalize (V : in out Int_Array; Min, Max : out Integer)
            do
               Min := Integer'Last;
               Max := Integer'First;
               for E of V loop
                  Min := Integer'Min (Min, E);
                  Max := Integer'Max (Max, E);
               end loop;
               for E of V loop
                  E := E - Min;
               end loop;
            end Normalize;
         or
            when Count < Max_People =>
               accept Register (P : in Person; Id : out Person_Id) do
                  Count := Count + 1;
                  People (Count) := P;
                  Id := Count;
               end Register;
         or
            accept Lookup (Id : in Person_Id; P : out Person;
                           Found : out Boolean)
            do
               Found := Id <= Count;
               if Found then
                  P := People (Id);
               else
                  P := (Name => (others => '?'), Age => 0);
               end if;
            end Lookup;
         or
            accept Stats (S : out Stats_Rec) do
               S := (Calls => Calls, Registered => Count, Last_Sum => Last);
            end Stats;
         or
            terminate;
         end select;
         Calls := Calls + 1;
      end loop;
   end Calc;

end Calcs;

package body Shapes is

   function Image (B : Boolean) return Character is
   begin
      return (if B then 'T' else 'F');
   end Image;

   task body Keeper is
      Failures : Natural := 0;
   begin
      loop
         begin
            select
               accept Swap (Into : in out Buf; From : in Buf) do
                  Into := From;        --  raises when Into's actual is constrained
               end Swap;
            or
               accept Fill (Into : out Buf; Len : Size; Was_Constrained : out Boolean) do
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
               end Fill;
            or
               accept Stop (Count : out Natural) do
                  Count := Failures;
               end Stop;
               exit;
            end select;
         exception
            when Constraint_Error =>
               Failures := Failures + 1;
         end;
      end loop;
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

   task body Tally is
      Sum : Natural := 0;
   begin
      loop
         select
            accept Add (Item : in Buf) do
               Sum := Sum + Item.Len;
            end Add;
         or
            accept Total (Sum : out Natural) do
               Total.Sum := Tally.Sum;
            end Total;
            exit;
         end select;
      end loop;
   end Tally;
end Shapes;

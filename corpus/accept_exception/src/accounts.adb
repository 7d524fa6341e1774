package body Accounts is

   task body Account is
      Total : Integer := 0;
      Slots : array (1 .. Num_Slots) of Integer := (others => 0);
      Good  : Natural := 0;
      Bad   : Natural := 0;
   begin
      loop
         begin
            select
               accept Deposit (Amount : in Integer) do
                  if Amount < 0 then
                     raise Negative_Amount;
                  end if;
                  Total := Total + Amount;
               end Deposit;
               Good := Good + 1;
            or
               accept Store (Slot : in Integer; Value : in Integer) do
                  Slots (Slot) := Value;   --  index check
               end Store;
               Good := Good + 1;
            or
               accept Report (Balance : out Integer; Slot_Sum : out Integer;
                              Accepted, Rejected : out Natural)
               do
                  Balance := Total;
                  Slot_Sum := 0;
                  for S of Slots loop
                     Slot_Sum := Slot_Sum + S;
                  end loop;
                  Accepted := Good;
                  Rejected := Bad;
               end Report;
            or
               terminate;
            end select;
         exception
            when Negative_Amount | Constraint_Error =>
               --  The caller got the exception too; count it, serve on
               Bad := Bad + 1;
         end;
      end loop;
   end Account;

end Accounts;

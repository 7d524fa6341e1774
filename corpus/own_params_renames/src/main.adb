--  A "registry" server exercising entry parameter forms: in out records,
--  out strings of fixed length, unconstrained array parameters, default
--  parameter values, an entry family indexed by an enumeration, an entry
--  renamed as a procedure, and Ada.Text_IO inside accept bodies.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Level is (Low, Normal, Urgent);

   type Vector is array (Positive range <>) of Integer;

   type Account is record
      Id      : Natural := 0;
      Balance : Integer := 0;
      Frozen  : Boolean := False;
   end record;

   subtype Name_String is String (1 .. 8);

   task Registry is
      entry Update (Acc : in out Account; Delta_Amount : Integer := 10);
      entry Name_Of (Id : Natural; Name : out Name_String);
      entry Sum (Values : Vector; Total : out Integer; Scale : Integer := 1);
      entry Log (Level) (Text : String);
      entry Counts (L, N, U : out Natural);
   end Registry;

   task body Registry is
      Logged : array (Level) of Natural := (others => 0);
      Names  : constant array (0 .. 3) of Name_String :=
        ("zero    ", "one     ", "two     ", "three   ");
   begin
      loop
         select
            accept Update (Acc : in out Account; Delta_Amount : Integer := 10) do
               if not Acc.Frozen then
                  Acc.Balance := Acc.Balance + Delta_Amount;
               end if;
               Acc.Frozen := Acc.Balance > 100;
            end Update;
         or
            accept Name_Of (Id : Natural; Name : out Name_String) do
               if Id in Names'Range then
                  Name := Names (Id);
               else
                  Name := (others => '?');
               end if;
            end Name_Of;
         or
            accept Sum (Values : Vector; Total : out Integer; Scale : Integer := 1) do
               Total := 0;
               for I in Values'Range loop
                  Total := Total + Values (I) * Scale;
               end loop;
            end Sum;
         or
            accept Log (Urgent) (Text : String) do
               Put_Line ("URGENT: " & Text);
               Logged (Urgent) := Logged (Urgent) + 1;
            end Log;
         or
            when Log (Urgent)'Count = 0 =>
               accept Log (Normal) (Text : String) do
                  Put_Line ("normal: " & Text);
                  Logged (Normal) := Logged (Normal) + 1;
               end Log;
         or
            when Log (Urgent)'Count = 0 and Log (Normal)'Count = 0 =>
               accept Log (Low) (Text : String) do
                  Put_Line ("low: " & Text);
                  Logged (Low) := Logged (Low) + 1;
               end Log;
         or
            accept Counts (L, N, U : out Natural) do
               L := Logged (Low);
               N := Logged (Normal);
               U := Logged (Urgent);
            end Counts;
         or
            terminate;
         end select;
      end loop;
   end Registry;

   procedure Alert (Text : String) renames Registry.Log (Urgent);
   procedure Deposit (Acc : in out Account; Delta_Amount : Integer := 10)
     renames Registry.Update;

   A     : Account := (Id => 7, Balance => 50, Frozen => False);
   Name  : Name_String;
   Total : Integer;
   L, N, U : Natural;
begin
   Deposit (A);
   Deposit (A, Delta_Amount => 45);
   Put_Line ("balance" & Integer'Image (A.Balance) & " frozen " & Boolean'Image (A.Frozen));
   Registry.Update (A, -200);
   Put_Line ("balance" & Integer'Image (A.Balance) & " frozen " & Boolean'Image (A.Frozen));

   for I in 1 .. 5 loop
      Registry.Name_Of (I - 1, Name);
      Put_Line ("name" & Integer'Image (I - 1) & " = [" & Name & "]");
   end loop;

   Registry.Sum ((1, 2, 3, 4), Total);
   Put_Line ("sum" & Integer'Image (Total));
   Registry.Sum ((10 => 5, 11 => 6), Total, Scale => 3);
   Put_Line ("scaled sum" & Integer'Image (Total));
   declare
      Empty : Vector (1 .. 0);
   begin
      Registry.Sum (Empty, Total);
      Put_Line ("empty sum" & Integer'Image (Total));
   end;

   Registry.Log (Low) ("disk 80% full");
   Alert ("disk full");
   Registry.Log (Normal) ("backup started");
   Registry.Counts (L, N, U);
   Put_Line ("logged" & Natural'Image (L) & Natural'Image (N) & Natural'Image (U));
end Main;

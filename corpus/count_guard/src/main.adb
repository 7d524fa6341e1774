--  Three readers and two writers use the shared data under the control of
--  Shared_Data.Control.  A writer increments A and B; a reader checks that
--  it never sees them differ.

with Ada.Text_IO; use Ada.Text_IO;
with Shared_Data; use Shared_Data;

procedure Main is

   Num_Readers  : constant := 3;
   Num_Writers  : constant := 2;
   Read_Rounds  : constant := 200;
   Write_Rounds : constant := 150;

   subtype Reader_Id is Positive range 1 .. Num_Readers;

   Torn : array (Reader_Id) of Natural := (others => 0);  --  per reader

   procedure Run is

      task type Reader (Id : Reader_Id);
      task type Writer;

      task body Reader is
      begin
         for I in 1 .. Read_Rounds loop
            Control.Start_Read;
            if A /= B then
               Torn (Id) := Torn (Id) + 1;
            end if;
            Control.End_Read;
         end loop;
      end Reader;

      task body Writer is
         Old : Natural;
      begin
         for I in 1 .. Write_Rounds loop
            Control.Start_Write;
            Old := A;
            A := Old + 1;
            B := B + 1;
            Control.End_Write;
         end loop;
      end Writer;

      R1 : Reader (1);
      R2 : Reader (2);
      R3 : Reader (3);
      W  : array (1 .. Num_Writers) of Writer;
      pragma Unreferenced (R1, R2, R3, W);
   begin
      null;
   end Run;

   Reads, Writes, Violations : Natural;
   Torn_Total : Natural := 0;

begin
   Run;
   Control.Report (Reads, Writes, Violations);
   for T of Torn loop
      Torn_Total := Torn_Total + T;
   end loop;

   Put_Line ("A, B      :" & Natural'Image (A) & Natural'Image (B));
   Put_Line ("Reads     :" & Natural'Image (Reads));
   Put_Line ("Writes    :" & Natural'Image (Writes));
   Put_Line ("Torn reads:" & Natural'Image (Torn_Total));
   Put_Line ("Violations:" & Natural'Image (Violations));
   if A = Num_Writers * Write_Rounds
     and then B = A
     and then Reads = Num_Readers * Read_Rounds
     and then Writes = Num_Writers * Write_Rounds
     and then Torn_Total = 0
     and then Violations = 0
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

--  Calling server (paper Figure 6, Gauss-Seidel client initialisation):
--  the Distributor hands every worker its slice of the index space with
--  one Start call each; main collects the partial sums.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   N             : constant := 8_000;
   Workers_Count : constant := 8;
   Chunk         : constant := N / Workers_Count;

   task type Worker is
      entry Start (Id : in Integer; Lo, Hi : in Integer);
      entry Result (Sum : out Long_Integer);
   end Worker;

   task body Worker is
      My_Id   : Integer;
      My_Lo   : Integer;
      My_Hi   : Integer;
      Partial : Long_Integer := 0;
   begin
      accept Start (Id : in Integer; Lo, Hi : in Integer) do
         My_Id := Id;
         My_Lo := Lo;
         My_Hi := Hi;
      end Start;
      pragma Assert (My_Lo = (My_Id - 1) * Chunk + 1 and My_Hi = My_Id * Chunk);
      for K in My_Lo .. My_Hi loop
         Partial := Partial + Long_Integer (K) * Long_Integer (K);
      end loop;
      accept Result (Sum : out Long_Integer) do
         Sum := Partial;
      end Result;
   end Worker;

   Workers : array (1 .. Workers_Count) of Worker;

   task Distributor;

   task body Distributor is
      Lo, Hi : Integer;
   begin
      for I in Workers'Range loop
         Lo := (I - 1) * Chunk + 1;
         Hi := I * Chunk;
         Workers (I).Start (I, Lo, Hi);
      end loop;
   end Distributor;

   Total    : Long_Integer := 0;
   Part     : Long_Integer;
   Expected : constant Long_Integer :=
     Long_Integer (N) * Long_Integer (N + 1) * Long_Integer (2 * N + 1) / 6;

begin
   for I in Workers'Range loop
      Workers (I).Result (Part);
      Put_Line ("worker" & Integer'Image (I) & " sum" &
                Long_Integer'Image (Part));
      Total := Total + Part;
   end loop;
   Put_Line ("total" & Long_Integer'Image (Total));
   if Total = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

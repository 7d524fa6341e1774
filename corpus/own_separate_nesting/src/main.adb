with Ada.Text_IO; use Ada.Text_IO;
with Spooler;

procedure Main is

   procedure Print_Report (Title : String; Copies : Positive) is
      --  A local task type: one copier per call of Print_Report.
      task Copier is
         entry Go (N : Positive);
         entry Done (Made : out Natural);
      end Copier;

      task body Copier is
         Count : Natural := 0;
         Want  : Positive;
      begin
         accept Go (N : Positive) do
            Want := N;
         end Go;
         for I in 1 .. Want loop
            Spooler.Queue.Submit (Title & " copy" & Integer'Image (I), Pages => 2);
            Count := Count + 1;
         end loop;
         accept Done (Made : out Natural) do
            Made := Count;
         end Done;
      end Copier;

      Made : Natural;
   begin
      Copier.Go (Copies);
      Copier.Done (Made);
      Put_Line (Title & ": made" & Natural'Image (Made));
   end Print_Report;

   Jobs, Pages : Natural;
begin
   Spooler.Queue.Submit ("cover");
   Print_Report ("annual", 2);
   Print_Report ("monthly", 3);
   declare
      task Last_Minute is
         entry Wait_Done;
      end Last_Minute;
      task body Last_Minute is
      begin
         Spooler.Queue.Submit ("errata", 5);
         accept Wait_Done;
      end Last_Minute;
   begin
      Last_Minute.Wait_Done;
   end;
   Spooler.Queue.Flush (Jobs, Pages);
   Put_Line ("flushed" & Natural'Image (Jobs) & " jobs," & Natural'Image (Pages) & " pages");
   Spooler.Queue.Flush (Jobs, Pages);
   Put_Line ("flushed" & Natural'Image (Jobs) & " jobs," & Natural'Image (Pages) & " pages");
end Main;

with Ada.Text_IO; use Ada.Text_IO;

package body Log_Files is

   File  : File_Type;
   Count : Natural := 0;

   procedure Write (Line : String) is
   begin
      Put_Line (File, Line);
      Count := Count + 1;
   end Write;

   function Lines return Natural is (Count);

begin
   Open (File, Out_File, "/dev/null");
end Log_Files;

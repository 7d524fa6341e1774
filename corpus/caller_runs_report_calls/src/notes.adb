with Ada.Text_IO; use Ada.Text_IO;
package body Notes is
   procedure Trace (Msg : String) is
      F : File_Type;
   begin
      Create (F, Out_File, "notes-trace.txt");
      Put_Line (F, Msg);
      Close (F);
   end Trace;

   procedure Note (Msg : String) is
   begin
      Set_Col (Standard_Output, 4);
      Put_Line (Standard_Output, Msg);
      Set_Col (2);
      Put_Line ("-");
      if Trace_File then
         Trace (Msg);
      end if;
   end Note;

   procedure Log (Msg : String) is
   begin
      if Tracing then
         Trace (Msg);
      end if;
   end Log;
end Notes;

package Notes is
   Trace_File : constant Boolean := False;
   Tracing : Boolean := False;
   procedure Note (Msg : String);   -- indented, and traced under Trace_File
   procedure Log (Msg : String);    -- only traced, under Tracing
end Notes;

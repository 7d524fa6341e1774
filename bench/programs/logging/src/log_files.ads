--  The log the Logger writes: one line per message, to /dev/null, so the
--  run measures the I/O calls and the tasking around them, not a disk.
package Log_Files is
   procedure Write (Line : String);
   function Lines return Natural;     -- lines written so far
end Log_Files;

--  The logger as one would write it by hand without a task: a package whose
--  procedures serialise the writers with a protected lock and write the
--  message in the caller's own thread, outside the protected action (a
--  protected operation must not do I/O, RM 9.5.1).
package Servers is
   package Logger is
      procedure Log (Msg : String);
      procedure Total (N : out Natural);
   end Logger;
end Servers;

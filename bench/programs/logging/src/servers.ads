--  A logging server: writers call Log, which writes the message to the log
--  inside the accept body (language-defined I/O, potentially blocking), and
--  the server counts the messages after the accept.
package Servers is
   task Logger is
      entry Log (Msg : String);
      entry Total (N : out Natural);
   end Logger;
end Servers;

--  The clients: each writer logs N messages, told by Start; Finish says how
--  many it logged, so a writer that died early is noticed.
package Writers is
   task type Writer is
      entry Start (Id : Positive; Messages : Positive);
      entry Finish (Done : out Natural);
   end Writer;
end Writers;

package body Resources is

   protected body Resource is

      --  rdv2po: comments of the task body, kept:
      --  The terminate alternative stands for Figure 1's "exit when
      --  Done": the server ends once every client has finished.

      entry Acquire when Stage = 1 is
      begin
         Stage := 2;
      end Acquire;

      entry Release when Stage = 2 is
      begin
         Stage := 1;
      end Release;

   end Resource;

end Resources;

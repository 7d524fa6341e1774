--  A sink that takes values while their sum stays under Limit * Cap.
package Sinks is

   task type W (Cap : Natural) is
      entry Start (N : Natural);
      entry Put (X : Integer; Ok : out Boolean);
      entry Quit;
   end W;

end Sinks;

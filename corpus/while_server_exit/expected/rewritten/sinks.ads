--  A sink that takes values while their sum stays under Limit * Cap.
package Sinks is

   protected type W (Cap : Natural) is
      entry Start (N : Natural);
      entry Put (X : Integer; Ok : out Boolean);
      entry Quit;
   private
      --  rdv2po: task W became this protected object. Stage is where the
      --  task stood: 1 = accept Start; 2 = select of Put/Quit; 0 = ended
      --  (calls raise Tasking_Error).
      Stage : Integer := 1;
      Limit : Natural := 0;
      Sum   : Integer := 0;
   end W;

end Sinks;

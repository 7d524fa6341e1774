--  A service desk with one entry family member per request level.  Low
--  requests are only taken while no High request is waiting; each request
--  answers Y = X * Weight (Level).

package Service is

   type Level is (Low, Medium, High);

   type Level_Counts is array (Level) of Natural;
   type Level_Sums   is array (Level) of Integer;

   Weight : constant Level_Sums := (Low => 1, Medium => 10, High => 100);

   --  rdv2po: task Desk became this protected object; its calls go on to
   --  Desk_Rendezvous and its code runs in the task Desk_Agent, both in the
   --  package body (general scheme)
   protected Desk is
      entry Request (Level) (X : in Integer; Y : out Integer);
      entry Report (Counts : out Level_Counts; Sums : out Level_Sums);
   end Desk;

end Service;

--  The clients of the host: the philosophers and the butler.
--
--  A philosopher, once started, thinks, asks the host for its forks
--  (Request), eats, and gives the forks back (Release), Meals times; the
--  thinking and eating times are random (a generator seeded with the
--  philosopher's Id), and spent in delay statements.  Finish hands back
--  what it ate, how long it was delayed, and how long it was active: the
--  time from its Start to its last meal less the time it spent in delay
--  statements (the paper's measure).
--
--  The butler serves the portions, one Serve call per meal, Portions
--  calls in all.

with Table; use Table;

package Diners is

   task type Philosopher is
      entry Start (Id : Phil_Id; Meals : Positive);
      entry Finish (Eaten, Portions : out Natural;
                    Nominal, Measured, Active : out Duration);
   end Philosopher;

   type Philosopher_Array is array (Phil_Id) of Philosopher;

   task type Butler is
      entry Start (Portions : Positive);
   end Butler;

end Diners;

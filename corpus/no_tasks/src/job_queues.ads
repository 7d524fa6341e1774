--  A bounded FIFO queue of jobs, used sequentially.  The names sound like
--  tasking (Server, Accept_Job, Entry_Count) but there are no tasks, no
--  entries and no protected objects anywhere in the program.

package Job_Queues is

   Capacity : constant := 8;

   type Job is record
      Id     : Positive;
      Weight : Natural;
   end record;

   type Server is private;

   procedure Accept_Job (S : in out Server; J : Job);
   procedure Take_Job (S : in out Server; J : out Job);
   function Entry_Count (S : Server) return Natural;

private

   type Index is mod Capacity;
   type Job_Array is array (Index) of Job;

   type Server is record
      Items : Job_Array := (others => (Id => 1, Weight => 0));
      Head  : Index := 0;
      Tail  : Index := 0;
      Count : Natural := 0;
   end record;

end Job_Queues;

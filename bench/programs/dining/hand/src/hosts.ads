--  Hand-written version (bench column "Hand-written"): the host as the
--  protected object an Ada programmer would write, without the
--  translator's stage counter.  It replaces src/hosts.ads and
--  src/hosts.adb; the philosophers, the butler and Main are unchanged.
--
--  Design.  A philosopher whose forks are in use waits on its own member
--  of the private family Wait, whose barrier is "both my forks are on the
--  table": a Release opens exactly the members that can now eat, so no
--  waiting call is retried in vain (the task version reconsiders every
--  waiting philosopher after each Release).  Once it has its forks, the
--  philosopher is requeued on the private entry Collect, where it waits
--  for the butler's next portion, as it waited inside the task's
--  rendezvous for the nested accept of Serve.  Serve is open while a
--  philosopher waits there, so the butler still hands each portion
--  straight to a philosopher holding its forks; Release and Report never
--  wait, so they are procedures.  Unlike the task, the host is not tied
--  up while a philosopher waits for its portion: the others may release
--  and take forks meanwhile.

with Table; use Table;

package Hosts is

   protected Host is
      entry Request (Id : Phil_Id; Portion : out Natural);
      entry Serve (Amount : Natural);
      procedure Release (Id : Phil_Id);
      procedure Report (Served, Portions, Requeued : out Natural;
                        Forks : out Fork_Array);
   private
      entry Wait (Phil_Id) (Id : Phil_Id; Portion : out Natural);
      entry Collect (Id : Phil_Id; Portion : out Natural);

      Free     : Fork_Array := (others => True);
      Offered  : Natural := 0;        --  the butler's portion, while Full
      Full     : Boolean := False;
      Meals    : Natural := 0;
      Total    : Natural := 0;
      Requeues : Natural := 0;
   end Host;

end Hosts;

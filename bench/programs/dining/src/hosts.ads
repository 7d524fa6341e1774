--  The host server.  A philosopher asks for both forks with Request.  If
--  either fork is in use, the call is requeued on Wait; after every
--  Release, each philosopher then waiting on Wait is reconsidered once
--  (and requeued again if its forks are still in use).  Once the forks
--  are granted, the host stays in the philosopher's rendezvous and
--  accepts, nested inside it, a Serve call from the butler, whose portion
--  it hands to the philosopher.

with Table; use Table;

package Hosts is

   task Host is
      entry Request (Id : Phil_Id; Portion : out Natural);
      entry Wait (Id : Phil_Id; Portion : out Natural);
      entry Serve (Amount : Natural);
      entry Release (Id : Phil_Id);
      entry Report (Served, Portions, Requeued : out Natural;
                    Forks : out Fork_Array);
   end Host;

end Hosts;

--  A two-stage pipeline: Relay accepts items in its server loop and, between
--  accepts (outside any accept body), forwards a transformed item to Sink by
--  calling Sink's entry.  Sink is a plain accepting server.

package Pipeline is

   --  rdv2po: task Relay became this protected object; its calls go on to
   --  Relay_Rendezvous and its code runs in the task Relay_Agent, both in the
   --  package body (general scheme)
   protected Relay is
      entry Put (Item : Integer);
      entry Stop;
   end Relay;

   --  rdv2po: task Sink became this protected object; its calls go on to
   --  Sink_Rendezvous and its code runs in the task Sink_Agent, both in the
   --  package body (general scheme)
   protected Sink is
      entry Put (Item : Integer);
      entry Report (Count : out Natural; Sum : out Integer);
   end Sink;

end Pipeline;

--  A two-stage pipeline: Relay accepts items in its server loop and, between
--  accepts (outside any accept body), forwards a transformed item to Sink by
--  calling Sink's entry.  Sink is a plain accepting server.

package Pipeline is

   task Relay is
      entry Put (Item : Integer);
      entry Stop;
   end Relay;

   task Sink is
      entry Put (Item : Integer);
      entry Report (Count : out Natural; Sum : out Integer);
   end Sink;

end Pipeline;

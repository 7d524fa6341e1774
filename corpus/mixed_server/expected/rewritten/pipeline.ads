--  A two-stage pipeline: Relay accepts items in its server loop and, between
--  accepts (outside any accept body), forwards a transformed item to Sink by
--  calling Sink's entry.  Sink is a plain accepting server.

package Pipeline is

   protected Relay is
      procedure Put (Item : Integer);
      procedure Stop;
   private
      --  rdv2po: task Relay became this protected object. Ended_2: the task
      --  has ended (calls raise Tasking_Error).
      Ended_2 : Boolean := False;
      Value : Integer;
   end Relay;

   protected Sink is
      procedure Put (Item : Integer);
      procedure Report (Count : out Natural; Sum : out Integer);
   private
      --  rdv2po: task Sink became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Received : Natural := 0;
      Total    : Integer := 0;
   end Sink;

end Pipeline;

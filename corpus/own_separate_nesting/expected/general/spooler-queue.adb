with Ada.Text_IO;
separate (Spooler)
protected body Queue is
   --  rdv2po: each call goes on to Queue_Rendezvous, as cancellable as it
   --  was
   entry Submit (Job : String; Pages : Positive := 1) when True is
   begin
      requeue Queue_Rendezvous.Submit with abort;
   end Submit;

   entry Flush (Jobs, Pages : out Natural) when True is
   begin
      requeue Queue_Rendezvous.Flush with abort;
   end Flush;
end Queue;

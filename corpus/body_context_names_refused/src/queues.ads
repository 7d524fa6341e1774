package Queues is
   --  Its body's `with Tuning` has elaboration that prints.
   task type Queue is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end Queue;
end Queues;

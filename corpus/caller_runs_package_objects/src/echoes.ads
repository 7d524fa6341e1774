package Echoes is
   --  Waits at Start without a terminate alternative: the master of each
   --  object waits for it, so the translation must know where each object
   --  is activated.
   task type Echo is
      entry Start (Tag : String);
      entry Put (S : String);
   end Echo;
end Echoes;

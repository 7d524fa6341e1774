package Stacks is
   task type Stack is
      entry Push (V : Integer);
      entry Pop (V : out Integer);
      entry Flip (S : out Boolean);
   end Stack;
end Stacks;

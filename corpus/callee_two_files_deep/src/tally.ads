package Tally is
   task Counter is
      entry Add (X : Integer);
      entry Get (Result : out Integer);
   end Counter;
end Tally;

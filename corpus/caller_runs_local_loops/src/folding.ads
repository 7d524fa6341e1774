package Folding is
   --  Prints Msg in lines of at most Width characters, broken at spaces.
   procedure Put_Folded (Msg : String; Width : Positive);
   Ready : Boolean := False with Volatile;
   Polls : Natural := 0 with Volatile;
end Folding;

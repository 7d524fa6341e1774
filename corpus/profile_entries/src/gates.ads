--  A gate that lets a caller pass only once it has been opened.

package Gates is

   task Gate is
      entry Open;
      entry Pass;
   end Gate;

end Gates;

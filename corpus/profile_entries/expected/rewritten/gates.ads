--  A gate that lets a caller pass only once it has been opened.

package Gates is

   protected Gate is
      procedure Open;
      entry Pass;
   private
      --  rdv2po: task Gate became this protected object.
      Is_Open : Boolean := False;
   end Gate;

end Gates;

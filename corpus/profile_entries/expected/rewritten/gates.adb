package body Gates is

   protected body Gate is

      procedure Open is
      begin
         Is_Open := True;
      end Open;

      entry Pass when Is_Open is
      begin
         null;  --  an accept without statements
      end Pass;

   end Gate;

end Gates;

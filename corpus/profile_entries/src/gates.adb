package body Gates is

   task body Gate is
      Is_Open : Boolean := False;
   begin
      loop
         select
            accept Open do
               Is_Open := True;
            end Open;
         or
            when Is_Open =>
               accept Pass;
         or
            terminate;
         end select;
      end loop;
   end Gate;

end Gates;

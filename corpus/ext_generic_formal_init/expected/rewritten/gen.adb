package body Gen is
   protected Server is
      entry Put (V : Integer);
      entry Total (T : out Integer);
   private
      --  rdv2po: task Server became this protected object. Stage is where
      --  the task stood: 1 = select of Put/Total; 0 = ended (calls raise
      --  Tasking_Error).
      Stage : Integer := 1;
      Sum : Integer := Size * 100 + Name'Length;
   end Server;
   protected body Server is

      entry Put (V : Integer)
        when Stage = 0 or else (Stage = 1 and then (Sum < Size * 1000))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + V;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Put;

      entry Total (T : out Integer) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            T := Sum;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Total;

   end Server;
   procedure Put (V : Integer) is
   begin
      Server.Put (V);
   end Put;
   function Total return Integer is
      T : Integer;
   begin
      Server.Total (T);
      return T;
   end Total;
end Gen;

package body Buffers is

   procedure Fill (B : in out Buffer'Class; First, Last : Integer) is
   begin
      for I in First .. Last loop
         B.Put (I);
      end loop;
   end Fill;

end Buffers;

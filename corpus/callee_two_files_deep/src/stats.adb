with Scales;
package body Stats is
   --  The server's accept body reaches Scales.Scaled through this body: a call
   --  two files away from the task, pure arithmetic.
   procedure Record_Value (Total : in out Integer; X : Integer) is
   begin
      Total := Total + Scales.Scaled (X);
   end Record_Value;
end Stats;

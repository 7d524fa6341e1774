package Stats is
   procedure Record_Value (Total : in out Integer; X : Integer);
end Stats;

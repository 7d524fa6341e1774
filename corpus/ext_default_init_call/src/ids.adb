package body Ids is
   Counter : Integer := 0;
   function Next return Integer is
   begin
      Counter := Counter + 1;
      return Counter;
   end Next;
end Ids;

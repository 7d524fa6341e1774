package Ids is
   function Next return Integer;
   type Tagged_Id is record
      Id : Integer := Next;
   end record;
end Ids;

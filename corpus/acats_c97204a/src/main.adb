with C97204A;
procedure Main is
begin
   C97204A;
end Main;

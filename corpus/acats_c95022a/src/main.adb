with C95022A;
procedure Main is
begin
   C95022A;
end Main;

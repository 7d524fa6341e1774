with C954010;
procedure Main is
begin
   C954010;
end Main;

with C954012;
procedure Main is
begin
   C954012;
end Main;

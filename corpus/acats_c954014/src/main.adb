with C954014;
procedure Main is
begin
   C954014;
end Main;

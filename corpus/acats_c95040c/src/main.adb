with C95040C;
procedure Main is
begin
   C95040C;
end Main;

with C97117A;
procedure Main is
begin
   C97117A;
end Main;

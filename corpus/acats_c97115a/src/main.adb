with C97115A;
procedure Main is
begin
   C97115A;
end Main;

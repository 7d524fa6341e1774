with C97301B;
procedure Main is
begin
   C97301B;
end Main;

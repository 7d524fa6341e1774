with C97112A;
procedure Main is
begin
   C97112A;
end Main;

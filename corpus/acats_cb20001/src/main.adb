with CB20001;
procedure Main is
begin
   CB20001;
end Main;

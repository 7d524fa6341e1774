--  Server task in a package (Store.Keeper); its callers are in another
--  package (Users: a task and two procedures) and in main.

with Ada.Text_IO; use Ada.Text_IO;
with Store;
with Users;

procedure Main is
   Sum      : Integer;
   Last     : Integer;
   Extra    : Integer;
   Stored   : Natural;
   Expected : Integer := 0;
begin
   Users.Drain (Users.Items, Sum, Last);
   Put_Line ("drained sum" & Integer'Image (Sum) &
             " last" & Integer'Image (Last));
   Users.Put_Extra (1_000);
   Users.Drain (1, Extra, Last);
   Put_Line ("extra" & Integer'Image (Extra));
   Store.Keeper.Stored (Stored);
   Put_Line ("stored" & Natural'Image (Stored));
   for I in 1 .. Users.Items loop
      Expected := Expected + I * I;
   end loop;
   if Sum = Expected
     and then Extra = 1_000
     and then Last = 1_000
     and then Stored = Users.Items + 1
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

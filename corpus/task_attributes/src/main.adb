--  Task attributes and abort.  The main procedure queries Srv'Callable and
--  Srv'Terminated around a Stop call.  Stuck is a worker blocked in
--  "accept Wake"; it would only be woken if the total were large, which it
--  never is, so the main procedure aborts it instead.  Waiting for
--  termination polls 'Terminated with a short delay, bounded so it can
--  never hang; the printed values do not depend on timing.

with Ada.Text_IO;

procedure Main is

   task Srv is
      entry Add (X : Integer);
      entry Get (Total : out Integer);
      entry Stop;
   end Srv;

   task Stuck is
      entry Wake;
   end Stuck;

   task body Srv is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Sum := Sum + X;
            end Add;
         or
            accept Get (Total : out Integer) do
               Total := Sum;
            end Get;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Srv;

   task body Stuck is
   begin
      accept Wake;
   end Stuck;

   procedure Show (Name : String; Callable, Terminated : Boolean) is
   begin
      Ada.Text_IO.Put_Line
        (Name & ": Callable=" & Boolean'Image (Callable)
         & " Terminated=" & Boolean'Image (Terminated));
   end Show;

   Total  : Integer;
   Waited : Natural;

begin
   Show ("Srv before Stop", Srv'Callable, Srv'Terminated);
   for I in 1 .. 6 loop
      Srv.Add (I);
   end loop;
   Srv.Get (Total);
   Ada.Text_IO.Put_Line ("Total:" & Integer'Image (Total));
   Srv.Stop;

   Waited := 0;
   while not Srv'Terminated and then Waited < 500 loop
      delay 0.001;
      Waited := Waited + 1;
   end loop;
   Show ("Srv after Stop", Srv'Callable, Srv'Terminated);

   Show ("Stuck before abort", Stuck'Callable, Stuck'Terminated);
   if Total > 100 then
      Stuck.Wake;
   else
      abort Stuck;
   end if;
   Waited := 0;
   while not Stuck'Terminated and then Waited < 500 loop
      delay 0.001;
      Waited := Waited + 1;
   end loop;
   Show ("Stuck after abort", Stuck'Callable, Stuck'Terminated);

   if Total = 21
     and then Srv'Terminated and then not Srv'Callable
     and then Stuck'Terminated and then not Stuck'Callable
   then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;

--  A plain sequential program: no tasks at all, nothing for rdv2po to do.

with Ada.Text_IO;
with Job_Queues; use Job_Queues;

procedure Main is
   Q        : Server;
   J        : Job;
   Next_Id  : Positive := 1;
   Done     : Natural := 0;
   Checksum : Natural := 0;
begin
   --  Fill and drain the queue in rounds, so it wraps around several times.
   for Round in 1 .. 5 loop
      for K in 1 .. 6 loop
         Accept_Job (Q, (Id => Next_Id, Weight => (Next_Id * 7) mod 11));
         Next_Id := Next_Id + 1;
      end loop;
      while Entry_Count (Q) > 2 loop
         Take_Job (Q, J);
         Done := Done + 1;
         Checksum := Checksum + J.Id * J.Weight;
      end loop;
      Ada.Text_IO.Put_Line
        ("Round" & Integer'Image (Round) & ": done" & Natural'Image (Done)
         & ", waiting" & Natural'Image (Entry_Count (Q)));
   end loop;
   while Entry_Count (Q) > 0 loop
      Take_Job (Q, J);
      Done := Done + 1;
      Checksum := Checksum + J.Id * J.Weight;
   end loop;
   Ada.Text_IO.Put_Line ("Jobs:" & Natural'Image (Done));
   Ada.Text_IO.Put_Line ("Checksum:" & Natural'Image (Checksum));
   if Done = 30 and then Checksum = 2297 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;

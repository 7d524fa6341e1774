with Ada.Text_IO; use Ada.Text_IO;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with Mail; use Mail;

procedure Main is
   T : Unbounded_String;
begin
   Box_1.Send ("hello");
   Box_1.Send ("world");
   Box_2.Send ("second box");
   Box_1.Receive (T);
   Put_Line ("box 1: " & To_String (T));
   Box_2.Receive (T);
   Put_Line ("box 2: " & To_String (T));

   Maintenance.Close;
   declare
      task Technician;
      task body Technician is
      begin
         Box_1.Service;   --  held in the rendezvous until Open
      end Technician;
   begin
      while Maintenance.Waiting = 0 loop
         delay 0.005;
      end loop;
      select
         Box_1.Send ("during maintenance");
         Put_Line ("sent during maintenance (wrong)");
      else
         Put_Line ("box 1 busy during maintenance");
      end select;
      Maintenance.Open;
   end;
   Box_1.Send ("after maintenance");
   Box_1.Receive (T);
   Put_Line ("box 1: " & To_String (T));
   Box_1.Receive (T);
   Put_Line ("box 1: " & To_String (T));
   for I in 1 .. 4 loop
      Box_2.Send ("m" & Integer'Image (I));
   end loop;
   select
      Box_2.Send ("overflow");
      Put_Line ("overflow accepted (wrong)");
   or
      delay 0.05;
      Put_Line ("box 2 full");
   end select;
   for I in 1 .. 4 loop
      Box_2.Receive (T);
      Put (To_String (T) & ";");
   end loop;
   New_Line;
   Put_Line ("stats total" & Natural'Image (Stats.Total));
end Main;

with Ada.Text_IO;
with Sinks;
procedure Main is
   Total : aliased Integer := 0;

   task type Tally is
      entry Add (N : Integer);
      entry Report;
   end Tally;

   task body Tally is
      procedure Ignore (N : Integer) is null;
      Into : Sinks.Counter_View;
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Ignore (N);
               Sum := Sum + N;
               if Sinks."=" (Into, null) then
                  Ada.Text_IO.Put_Line ("add" & Integer'Image (N));
               end if;
            end Add;
         or
            accept Report do
               Ada.Text_IO.Put_Line ("sum" & Integer'Image (Sum));
            end Report;
         or
            terminate;
         end select;
      end loop;
   end Tally;

   T : Tally;

   task Emitter is
      entry Aim (At_Total : Sinks.Counter_View);
      entry Emit (N : Integer);
      entry Stop;
   end Emitter;

   task body Emitter is
      use Ada.Text_IO;
      use type Sinks.Counter_View;
      procedure No_Trace (S : String) is null;
      Target : Sinks.Counter_View;
      Quiet : Sinks.Action := Sinks.Nothing'Access;
      Emitted : Natural := 0;
   begin
      loop
         select
            accept Aim (At_Total : Sinks.Counter_View) do
               Target := At_Total;
               Put_Line ("aimed");
            end Aim;
         or
            accept Emit (N : Integer) do
               No_Trace ("emit");
               if Target /= null then
                  Target.all := Target.all + N;
               end if;
               Put_Line ("emit" & Integer'Image (N));
               Quiet.all;
            end Emit;
            Emitted := Emitted + 1;
         or
            accept Stop do
               Put_Line ("emitted" & Natural'Image (Emitted));
            end Stop;
            exit;
         end select;
      end loop;
   end Emitter;
begin
   Emitter.Emit (1);
   Emitter.Aim (Total'Unchecked_Access);
   Emitter.Emit (2);
   Emitter.Emit (3);
   Emitter.Stop;
   T.Add (4);
   T.Add (6);
   T.Report;
   Ada.Text_IO.Put_Line ("total" & Integer'Image (Total));
   if Total = 5 then
      Ada.Text_IO.Put_Line ("PASSED");
   end if;
end Main;

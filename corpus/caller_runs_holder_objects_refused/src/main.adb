--  Awaited task types whose objects are components of types rdv2po cannot
--  show are made without raising, so the caller-runs scheme refuses each,
--  naming the construct: a component beside the task's whose default is
--  computed (Pump: Ident (2), which could raise after the task's component
--  was made; the task would never be activated, but the translated
--  component's Finalize would wait for it), a record with a discriminant
--  (Valve: its default is evaluated for each object), an aggregate with a
--  box that makes a record holding the task, the initial value of an
--  object (Gate).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   function Ident (N : Integer) return Integer is
   begin
      return N;
   end Ident;

   task type Pump is
      entry Put (S : String);
      entry Stop;
   end Pump;

   task body Pump is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line ("pump: " & S);
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Pump;

   task type Valve is
      entry Put (S : String);
      entry Stop;
   end Valve;

   task body Valve is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line ("valve: " & S);
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Valve;

   task type Gate is
      entry Put (S : String);
      entry Stop;
   end Gate;

   task body Gate is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line ("gate: " & S);
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Gate;

   type Station is record
      Worker : Pump;
      Level : Integer := Ident (2);
   end record;

   type Pipe (Width : Positive := 3) is record
      Worker : Valve;
   end record;

   type Entrance is record
      Keeper : Gate;
      Open : Boolean := False;
   end record;
begin
   declare
      S : Station;
      P : Pipe;
      E : Entrance := (Keeper => <>, Open => True);
   begin
      E.Keeper.Put ("open " & Boolean'Image (E.Open));
      E.Keeper.Stop;
      S.Worker.Put ("level" & Integer'Image (S.Level));
      P.Worker.Put ("width" & Positive'Image (P.Width));
      S.Worker.Stop;
      P.Worker.Stop;
   end;
   Put_Line ("PASSED");
end Main;

--  Accepting servers whose variables' default initialisation or initial
--  value raises Constraint_Error when the task is activated: the activation
--  fails and the activator gets Tasking_Error at its begin (RM 9.2(1)).  In a
--  protected object the same default would raise Constraint_Error where the
--  object is declared: rdv2po refuses them.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions;
procedure Main is
   Zero : Integer := 0;
   type Guarded is record
      Level : Positive := Zero;          --  raises: 0 is not Positive
   end record;
   type Row is array (1 .. 3) of Guarded;

   procedure Report (E : Ada.Exceptions.Exception_Occurrence) is
   begin
      Put_Line ("main: " & Ada.Exceptions.Exception_Name (E));
   end Report;
begin
   begin
      declare
         task Lock is
            entry Seize;
            entry Free;
         end Lock;

         task body Lock is
            Held : Guarded;
         begin
            loop
               select
                  accept Seize;
               or
                  terminate;
               end select;
               accept Free;
            end loop;
         end Lock;
      begin
         Put_Line ("lock started");
         Lock.Seize;
         Lock.Free;
      end;
   exception
      when E : others => Report (E);
   end;

   begin
      declare
         task Table is
            entry Touch;
         end Table;

         task body Table is
            Rows : Row;
         begin
            loop
               select
                  accept Touch;
               or
                  terminate;
               end select;
            end loop;
         end Table;
      begin
         Table.Touch;
      end;
   exception
      when E : others => Report (E);
   end;

   begin
      declare
         task Meter is
            entry Read (V : out Integer);
            entry Reset;
         end Meter;

         task body Meter is
            Reading : Natural := Zero - 1;   --  raises: -1 is not Natural
         begin
            loop
               select
                  accept Read (V : out Integer) do
                     V := Reading;
                  end Read;
               or
                  terminate;
               end select;
               accept Reset do
                  Reading := 0;
               end Reset;
            end loop;
         end Meter;
         V : Integer;
      begin
         Meter.Read (V);
         Meter.Reset;
         Put_Line ("read" & Integer'Image (V));
      end;
   exception
      when E : others => Report (E);
   end;
   Put_Line ("PASSED");
end Main;

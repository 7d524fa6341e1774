with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Limit : Integer := 3;

   --  A subtype whose range reads a variable: the task read it when
   --  activated, the package would read it where the task body is.
   task Window is
      entry Put (N : Integer);
   end Window;

   task body Window is
      subtype Span is Integer range 1 .. Limit;
      Last : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Last := N;
               Put_Line ("window" & Integer'Image (Last)
                         & (if Last in Span then " in" else " out"));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Window;

   --  An array type sized by a discriminant: each object has its own.
   task type Sizer (Size : Positive) is
      entry Put (N : Integer);
   end Sizer;

   task body Sizer is
      type Slots is array (1 .. Size) of Integer;
      Kept : Slots := (others => 0);
   begin
      loop
         select
            accept Put (N : Integer) do
               Kept (Kept'Last) := N;
               Put_Line ("sizer" & Integer'Image (Kept (Kept'Last)));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Sizer;

   S : Sizer (2);

   --  An exception of a program that asks occurrences their names: GNAT's
   --  name of it names the task body.
   task Namer is
      entry Check (N : Integer);
   end Namer;

   task body Namer is
      Negative : exception;
   begin
      loop
         select
            accept Check (N : Integer) do
               if N < 0 then
                  raise Negative;
               end if;
               Put_Line ("checked");
            end Check;
         or
            terminate;
         end select;
      end loop;
   end Namer;
begin
   Limit := 10;
   Window.Put (5);
   S.Put (7);
   Namer.Check (1);
   begin
      Namer.Check (-1);
   exception
      when E : others =>
         --  (the name itself differs between compilers: not printed)
         if Ada.Exceptions.Exception_Name (E) /= "" then
            Put_Line ("raised a named exception");
         end if;
   end;

   --  A subtype whose range lies outside its type's: the task's activation
   --  fails, and the activator gets Tasking_Error.
   declare
      type Small is range 0 .. 10;

      task Narrow is
         entry Put (N : Integer);
      end Narrow;

      task body Narrow is
         subtype Wide is Small range 0 .. 20;
         Last : Wide := 0;
      begin
         loop
            select
               accept Put (N : Integer) do
                  Last := Wide (N);
                  Put ("narrow");
                  Put_Line (Wide'Image (Last));
               end Put;
            or
               terminate;
            end select;
         end loop;
      end Narrow;
   begin
      Narrow.Put (1);
   exception
      when Tasking_Error =>
         Put_Line ("narrow not activated");
   end;
   Put_Line ("PASSED");
end Main;

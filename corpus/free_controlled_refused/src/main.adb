--  Servers freeing objects whose finalization writes output: a call of an
--  instance of Ada.Unchecked_Deallocation runs Finalize, which may block, so
--  neither server may become a protected object (the accepting scheme
--  translates a Free of values only).
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Unchecked_Deallocation;
with Tracked; use Tracked;
procedure Main is
   procedure Free is new Ada.Unchecked_Deallocation (Cell, Cell_Access);
   procedure Free is new Ada.Unchecked_Deallocation (Holder, Holder_Access);

   task Direct is
      entry Put (X : Integer);
      entry Stop;
   end Direct;

   task Wrapped is
      entry Put (X : Integer);
      entry Stop;
   end Wrapped;

   task body Direct is
      Current : Cell_Access := null;
   begin
      loop
         select
            accept Put (X : Integer) do
               Free (Current);
               Current := new Cell;
               Current.Value := X;
            end Put;
         or
            accept Stop do
               Current.Value := 0;  --  finalized silently at the end
            end Stop;
            exit;
         end select;
      end loop;
   end Direct;

   task body Wrapped is
      Current : Holder_Access := null;
   begin
      loop
         select
            accept Put (X : Integer) do
               Free (Current);
               Current := new Holder;
               Current.Inner.Value := X;
            end Put;
         or
            accept Stop do
               Current.Inner.Value := 0;
            end Stop;
            exit;
         end select;
      end loop;
   end Wrapped;
begin
   Direct.Put (1);
   Direct.Put (2);
   Wrapped.Put (10);
   Wrapped.Put (20);
   Direct.Stop;
   Wrapped.Stop;
   Put_Line ("PASSED");
end Main;

--  Task types completing private types: GNAT's cross references list such a
--  type only at its partial view ("type Cell is limited private"), so the
--  task type declaration itself had no entity and its objects could not be
--  followed.  Cell's objects are only called: it translates.  Gauge's object
--  is examined with 'Size, which a protected object would answer with its
--  own size: it is refused for that.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Cells is
      type Cell is limited private;
      procedure Store (C : in out Cell; X : Integer);
      function Fetch (C : in out Cell) return Integer;
      function Shared_Total return Integer;
   private
      task type Cell is
         entry Put (X : Integer);
         entry Get (X : out Integer);
      end Cell;
   end Cells;

   package body Cells is
      Shared : Cell;

      task body Cell is
         V : Integer := 0;
      begin
         loop
            select
               accept Put (X : Integer) do
                  V := V + X;
               end Put;
            or
               accept Get (X : out Integer) do
                  X := V;
               end Get;
            or
               terminate;
            end select;
         end loop;
      end Cell;

      procedure Store (C : in out Cell; X : Integer) is
      begin
         C.Put (X);
         Shared.Put (X);
      end Store;

      function Fetch (C : in out Cell) return Integer is
         X : Integer;
      begin
         C.Get (X);
         return X;
      end Fetch;

      function Shared_Total return Integer is
         X : Integer;
      begin
         Shared.Get (X);
         return X;
      end Shared_Total;
   end Cells;

   package Gauges is
      type Gauge is limited private;
      procedure Set (G : in out Gauge; X : Integer);
      function Bits (G : Gauge) return Natural;
   private
      task type Gauge is
         entry Set (X : Integer);
      end Gauge;
   end Gauges;

   package body Gauges is
      task body Gauge is
         Level : Integer := 0;
      begin
         loop
            select
               accept Set (X : Integer) do
                  Level := X;
               end Set;
            or
               terminate;
            end select;
         end loop;
      end Gauge;

      procedure Set (G : in out Gauge; X : Integer) is
      begin
         G.Set (X);
      end Set;

      function Bits (G : Gauge) return Natural is
      begin
         return G'Size;
      end Bits;
   end Gauges;

   A, B : Cells.Cell;
   G : Gauges.Gauge;
begin
   for I in 1 .. 4 loop
      Cells.Store (A, I);
      Cells.Store (B, 10 * I);
   end loop;
   Gauges.Set (G, 7);
   Put_Line ("A =" & Integer'Image (Cells.Fetch (A)));
   Put_Line ("B =" & Integer'Image (Cells.Fetch (B)));
   Put_Line ("shared =" & Integer'Image (Cells.Shared_Total));
   Put_Line ("gauge has a size: " & Boolean'Image (Gauges.Bits (G) > 0));
   Put_Line ("PASSED");
end Main;

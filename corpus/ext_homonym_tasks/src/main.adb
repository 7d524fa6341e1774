--  general scheme: two single tasks with the same name in two blocks; the
--  first run rewrites only one of them, says nothing about the other, and a
--  second run then rewrites the other (not idempotent).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
begin
   A : declare
      task T is
         entry E (X : Integer);
      end T;
      task body T is
      begin
         accept E (X : Integer) do
            Put_Line ("A.T got" & Integer'Image (X));
         end E;
      end T;
   begin
      T.E (1);
   end A;
   B : declare
      task T is
         entry E (X : Integer);
      end T;
      task body T is
      begin
         accept E (X : Integer) do
            Put_Line ("B.T got" & Integer'Image (X));
         end E;
      end T;
   begin
      T.E (2);
   end B;
end Main;

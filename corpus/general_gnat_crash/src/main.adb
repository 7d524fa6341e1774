with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Sink is
      entry Feed (X : Integer);
   end Sink;
   task body Sink is
   begin
      accept Feed (X : Integer) do
         Put_Line ("sink got" & Integer'Image (X));
      end Feed;
   end Sink;

   task type Stage (Next : access Sink) is
      entry Feed (X : Integer);
   end Stage;
   task body Stage is
      V : Integer;
   begin
      accept Feed (X : Integer) do
         V := X;
      end Feed;
      Next.Feed (V * 2);
   end Stage;

   task type Front (Next : access Stage);
   task body Front is
   begin
      Next.Feed (21);
   end Front;

begin
   declare
      S : aliased Sink;
      D : aliased Stage (S'Access);
      F : Front (D'Access);
   begin
      null;
   end;
   Put_Line ("PASSED");
end Main;

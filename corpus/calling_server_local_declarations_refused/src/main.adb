--  A calling server whose procedure Grow names Main's Offset, and whose body
--  declares a variable Offset after Grow.  As a private operation of the
--  protected object, Grow would see the component Offset instead of Main's:
--  the calling scheme refuses it.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Offset : constant Integer := 3;

   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;

   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;

   function Square (V : Integer) return Integer is (V * V);

   procedure Run is

   task type Worker is
      entry Start (V : Integer);
   end Worker;

   Crew : array (1 .. 3) of Worker;

   task Dispatcher;

   task body Worker is
      Mine : Integer;
   begin
      accept Start (V : Integer) do
         Mine := V;
      end Start;
      Sums.Add (Mine);
   end Worker;

   task body Dispatcher is
      Next   : Integer := 1;
      Handed : Natural := 0;

      package Nothing is
      end Nothing;

      procedure Grow (X : in out Integer) is
      begin
         X := Square (X) + Offset;
      end Grow;

      Offset : Integer := 0;  --  Grow's Offset is Main's, declared before

      procedure Count is
      begin
         Handed := Handed + 1;
      end Count;
   begin
      for I in Crew'Range loop
         Crew (I).Start (Next);
         Count;
         Grow (Next);
      end loop;
      Sums.Add (100 * Handed);
   end Dispatcher;
   begin
      null;
   end Run;

begin
   Run;
   Put_Line ("Sum:" & Integer'Image (Sums.Get));
   if Sums.Get = 324 then
      Put_Line ("PASSED");
   end if;
end Main;

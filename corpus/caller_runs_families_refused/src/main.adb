--  Servers with entry families the caller-runs scheme refuses, naming the
--  obstacle: a renaming of a family member outside the task's declarative
--  part (the member would become an argument), a conditional call of a member, an accept whose index calls
--  a function (the server evaluated it when it reached the accept), and a
--  task type with a family, an accept whose index (a variable of a wider
--  type) lies outside the family: the task raises Constraint_Error there.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   function First return Positive is
   begin
      return 1;
   end First;

   procedure Use_Renamed is
      task Renamed is
         entry Put (1 .. 2) (N : Integer);
      end Renamed;

      task body Renamed is
      begin
         loop
            select
               accept Put (1) (N : Integer) do
                  Ada.Text_IO.Put ("renamed got");
                  Put_Line (Integer'Image (N));
               end Put;
            or
               terminate;
            end select;
         end loop;
      end Renamed;

   begin
      declare
         procedure Put_One (N : Integer) renames Renamed.Put (1);
      begin
         Put_One (5);
      end;
   end Use_Renamed;

   procedure Use_Polled is
      task Polled is
         entry Put (1 .. 2);
      end Polled;

      task body Polled is
      begin
         loop
            select
               accept Put (2) do
                  Ada.Text_IO.Put ("polled");
                  New_Line;
               end Put;
            or
               terminate;
            end select;
         end loop;
      end Polled;
   begin
      select
         Polled.Put (1);
      else
         Put_Line ("member 1 not open");
      end select;
      Polled.Put (2);
   end Use_Polled;

   procedure Use_Computed is
      task Computed is
         entry Put (1 .. 2);
      end Computed;

      task body Computed is
      begin
         accept Put (First) do
            Put_Line ("computed");
         end Put;
      end Computed;
   begin
      Computed.Put (1);
   end Use_Computed;

   procedure Use_Typed is
      task type Typed is
         entry Put (1 .. 2);
      end Typed;

      task body Typed is
      begin
         accept Put (2) do
            Put_Line ("typed");
         end Put;
      end Typed;

      One : Typed;
   begin
      One.Put (2);
   end Use_Typed;
   procedure Use_Outside is
      task Outside is
         entry Put (1 .. 2);
      end Outside;

      task body Outside is
         Wanted : Integer := 3;
      begin
         loop
            select
               accept Put (Wanted) do
                  Put_Line ("outside taken");
               end Put;
            or
               terminate;
            end select;
         end loop;
      exception
         when Constraint_Error =>
            Put_Line ("outside: index out of the family");
      end Outside;
   begin
      Outside.Put (1);
   exception
      when Tasking_Error =>
         Put_Line ("caller of outside: Tasking_Error");
   end Use_Outside;
begin
   Use_Renamed;
   Use_Polled;
   Use_Computed;
   Use_Typed;
   Use_Outside;
   Put_Line ("PASSED");
end Main;

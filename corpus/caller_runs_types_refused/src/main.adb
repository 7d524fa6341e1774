--  Task types the caller-runs scheme refuses, each for a reason it names:
--  an initial value computed when the task is activated, whose failure
--  would raise Tasking_Error where the object was activated (Warmup); an
--  object whose master must wait for it, followed in its declarative part
--  by a declaration that may raise, after which the task would never be
--  activated (Keeper); such an object made as a record component beside
--  one whose default is computed and could raise after it (Holder); an aliased
--  object renamed (Pinned); an object running start-up code made before the task
--  body is elaborated (Herald); a subprogram of the task body naming its
--  variable, which each object has its own of (Scribe).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   function Ident (N : Integer) return Integer is
   begin
      return N;
   end Ident;

   task type Warmup is
      entry Put (S : String);
   end Warmup;

   task body Warmup is
      Heat : Integer := Ident (2);
   begin
      Put_Line ("warming up" & Integer'Image (Heat));
      loop
         select
            accept Put (S : String) do
               Put_Line ("warm: " & S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Warmup;

   task type Keeper is
      entry Put (S : String);
      entry Stop;
   end Keeper;

   task body Keeper is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line ("kept: " & S);
            end Put;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Keeper;

   task type Holder is
      entry Start (N : Integer);
      entry Put (S : String);
   end Holder;

   task body Holder is
      Id : Integer := 0;
   begin
      accept Start (N : Integer) do
         Id := N;
      end Start;
      loop
         select
            accept Put (S : String) do
               Put_Line ("held" & Integer'Image (Id) & ": " & S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Holder;

   type Box is record
      H : Holder;
      Weight : Integer := Ident (1);
   end record;

   task type Pinned is
      entry Put (S : String);
   end Pinned;

   task body Pinned is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line ("pinned: " & S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Pinned;

   task type Herald is
      entry Put (S : String);
   end Herald;

   Crier : Herald;   --  made before the task body is elaborated

   task body Herald is
   begin
      Put_Line ("herald up");
      loop
         select
            accept Put (S : String) do
               Put_Line ("herald: " & S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Herald;

   task type Scribe is
      entry Put (S : String);
   end Scribe;

   task body Scribe is
      Lines : Natural := 0;
      procedure Show (S : String) is
      begin
         Lines := Lines + 1;
         Put_Line ("line" & Natural'Image (Lines) & ": " & S);
      end Show;
   begin
      loop
         select
            accept Put (S : String) do
               Show (S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Scribe;
begin
   Crier.Put ("z");
   declare
      W : Warmup;
   begin
      W.Put ("a");
   end;
   declare
      K : Keeper;
      Limit : constant Integer := Ident (3);
   begin
      K.Put ("b" & Integer'Image (Limit));
      K.Stop;
   end;
   declare
      B : Box;
   begin
      B.H.Start (7);
      B.H.Put ("c");
   end;
   declare
      P : aliased Pinned;
      Same : Pinned renames P;
   begin
      Same.Put ("d");
   end;
   declare
      S : Scribe;
   begin
      S.Put ("e");
      S.Put ("f");
   end;
   Put_Line ("PASSED");
end Main;

with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair is record
      A, B : Integer := 0;
   end record;

   Bad : exception;

   --  Assigns its in out record and its out record last: nothing can raise after,
   --  and the callers pass variables of Main named only by Main's statements.
   task Swapper is
      entry Swap (P : in out Pair);
      entry Get (P : out Pair);
   end Swapper;

   task body Swapper is
      Count : Natural := 0;
   begin
      loop
         select
            accept Swap (P : in out Pair) do
               Put_Line ("swap" & Integer'Image (P.A) & Integer'Image (P.B));
               P := (P.B, P.A);
            end Swap;
            Count := Count + 1;
         or
            accept Get (P : out Pair) do
               Put_Line ("get after" & Natural'Image (Count));
               P := (Count, 2 * Count);
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Swapper;

   --  Assigns a component, then may raise: the entry's caller keeps the assignment.
   task Bumper is
      entry Bump (P : in out Pair);
   end Bumper;

   task body Bumper is
   begin
      loop
         select
            accept Bump (P : in out Pair) do
               P.A := P.A + 10;
               Put_Line ("bump");
               if P.A > 15 then
                  raise Bad;
               end if;
            end Bump;
         or
            terminate;
         end select;
      end loop;
   end Bumper;

   --  Called with one object for both formals: the entry's formals denote it once
   --  (were X read after Sum was written, a copy of Sum would not show it).
   task Adder is
      entry Add (X : Pair; Sum : in out Pair);
   end Adder;

   task body Adder is
   begin
      loop
         select
            accept Add (X : Pair; Sum : in out Pair) do
               Put_Line ("add");
               Sum.A := Sum.A + X.B;
            end Add;
         or
            terminate;
         end select;
      end loop;
   end Adder;

   --  Its actual is read by a procedure the server calls after the accept: the
   --  entry's caller had the new value then, a procedure's copy comes back later.
   task Marker is
      entry Mark (P : in out Pair);
      entry Done;
   end Marker;

   Shown : Pair := (1, 2);

   procedure Show is
   begin
      Put_Line ("shown" & Integer'Image (Shown.A));
   end Show;

   task body Marker is
   begin
      loop
         select
            accept Mark (P : in out Pair) do
               P.A := 7;
            end Mark;
            Show;
         or
            accept Done;
         or
            terminate;
         end select;
      end loop;
   end Marker;

   Q : Pair := (1, 2);
   R : Pair;
   S : Pair := (1, 2);
begin
   Swapper.Swap (Q);
   Put_Line ("swapped" & Integer'Image (Q.A) & Integer'Image (Q.B));
   Swapper.Get (R);
   Put_Line ("got" & Integer'Image (R.A) & Integer'Image (R.B));
   Bumper.Bump (S);
   begin
      Bumper.Bump (S);
   exception
      when Bad => Put_Line ("bad" & Integer'Image (S.A));
   end;
   Adder.Add (Q, Q);
   Put_Line ("added" & Integer'Image (Q.A) & Integer'Image (Q.B));
   Marker.Mark (Shown);
   Marker.Done;  --  Marker has shown once it takes this call
   Put_Line ("PASSED");
end Main;

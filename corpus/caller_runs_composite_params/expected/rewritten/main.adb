with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Pair is record
      A, B : Integer := 0;
   end record;

   Bad : exception;

   --  Assigns its in out record and its out record last: nothing can raise after,
   --  and the callers pass variables of Main named only by Main's statements.
   package Swapper is
      procedure Swap (P : in out Pair);
      procedure Get (P : out Pair);
   end Swapper;

   package body Swapper is
      Count : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Swap;
         entry Get;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Swap when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Swap;

         entry Get when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Get;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Swap (P : in out Pair) is
         Ended : Boolean := False;
      begin
         Turn.Swap;
         begin
            Put_Line ("swap" & Integer'Image (P.A) & Integer'Image (P.B));
            P := (P.B, P.A);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Count := Count + 1;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Swap;

      procedure Get (P : out Pair) is
      begin
         Turn.Get;
         begin
            Put_Line ("get after" & Natural'Image (Count));
            P := (Count, 2 * Count);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Get;
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

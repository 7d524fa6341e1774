--  Servers whose loop is a block with exception handlers around the select,
--  taken by the caller-runs scheme.  An exception in an accept body reaches
--  the caller and the server's handler, after which the server's loop goes
--  on: the caller runs the handler, holding the server's turn, then sees
--  the exception.  An exception after the accept is the server's alone.
--  Counter's handlers count and print the failures; Keeper's handler takes
--  Constraint_Error only, ends its loop on the second, and an exception it
--  does not take reaches the task body's handler, which ends the server.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
procedure Main is
   Bad : exception;

   procedure Counting is
      task Counter is
         entry Put (N : Integer);
         entry Report;
      end Counter;

      task body Counter is
         Total : Integer := 0;
         Failures : Natural := 0;
         Last : Integer := 0;
      begin
         loop
            begin
               select
                  accept Put (N : Integer) do
                     Put_Line ("counter got" & Integer'Image (N));
                     if N < 0 then
                        raise Bad;
                     end if;
                     Last := N;
                  end Put;
                  if Last = 0 then
                     raise Program_Error;   -- after the accept: the server's alone
                  end if;
                  Total := Total + Last;
               or
                  accept Report do
                     Put_Line ("counter total" & Integer'Image (Total) & ", failures"
                               & Natural'Image (Failures));
                  end Report;
               or
                  terminate;
               end select;
            exception
               when E : Bad =>
                  Failures := Failures + 1;
                  Put_Line ("counter: " & Exception_Name (E) & " in a call");
               when others =>
                  Failures := Failures + 1;
                  Put_Line ("counter: failure" & Natural'Image (Failures));
            end;
         end loop;
      end Counter;

      Saw : Natural := 0;
   begin
      Counter.Put (3);
      begin
         Counter.Put (-1);
      exception
         when Bad => Saw := Saw + 1;
      end;
      Counter.Put (0);
      Counter.Put (4);
      begin
         Counter.Put (-2);
      exception
         when Bad => Saw := Saw + 1;
      end;
      Counter.Report;
      Put_Line ("caller saw Bad" & Natural'Image (Saw) & " times");
   end Counting;

   procedure Keeping is
      --  the caller prints what it saw at the end: the server's handler runs
      --  while the caller goes on, so printing at once would race with it
      Seen : Unbounded_String;

      procedure Note (Who : String; E : Exception_Occurrence) is
      begin
         Append (Seen, "call of " & Who & " raised " & Exception_Name (E) & ASCII.LF);
      end Note;

      --  each server in a procedure of its own, which waits for the server to
      --  end before the next one prints: Text_IO from two tasks at once races
      procedure Keeping_Keeper is
         task Keeper is
            entry Put (N : Integer);
         end Keeper;

         task body Keeper is
            Running : Boolean := True;
            Errors : Natural := 0;
            Value : Integer := 0;
         begin
            while Running loop
               begin
                  accept Put (N : Integer) do
                     if N = 0 then
                        raise Program_Error;
                     end if;
                     Value := 100 / (N - 1);   -- Constraint_Error for 1
                     Put_Line ("keeper value" & Integer'Image (Value));
                  end Put;
               exception
                  when Constraint_Error =>
                     Errors := Errors + 1;
                     Put_Line ("keeper: error" & Natural'Image (Errors));
                     Running := Errors < 2;
               end;
            end loop;
            Put_Line ("keeper closed after" & Natural'Image (Errors) & " errors");
         exception
            when E : others =>
               Put_Line ("keeper ends: " & Exception_Name (E));
         end Keeper;

         procedure Call (N : Integer) is
         begin
            Keeper.Put (N);
         exception
            when E : others => Note ("keeper", E);
         end Call;
      begin
         Call (5);
         Call (1);
         Call (3);
         Call (1);
         Call (4);
      end Keeping_Keeper;

      procedure Keeping_Holder is
         task Holder is
            entry Put (N : Integer);
         end Holder;

         task body Holder is
            Errors : Natural := 0;
         begin
            loop
               begin
                  select
                     accept Put (N : Integer) do
                        Put_Line ("holder got" & Integer'Image (N));
                        if N = 0 then
                           raise Program_Error;
                        end if;
                     end Put;
                  or
                     terminate;
                  end select;
               exception
                  when Constraint_Error =>
                     Errors := Errors + 1;
               end;
            end loop;
         exception
            when E : others =>
               Put_Line ("holder ends: " & Exception_Name (E));
         end Holder;

         procedure Call (N : Integer) is
         begin
            Holder.Put (N);
         exception
            when E : others => Note ("holder", E);
         end Call;
      begin
         Call (1);
         Call (0);
         Call (2);
      end Keeping_Holder;
   begin
      Keeping_Keeper;
      Keeping_Holder;
      Put (To_String (Seen));
   end Keeping;

begin
   Counting;
   Keeping;
   Put_Line ("PASSED");
end Main;

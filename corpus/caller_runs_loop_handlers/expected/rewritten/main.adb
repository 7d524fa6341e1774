--  Servers whose loop is a block with exception handlers around the select,
--  taken by the caller-runs scheme.  An exception in an accept body reaches
--  the caller and the server's handler, after which the server's loop goes
--  on: the caller runs the handler, holding the server's turn, then sees
--  the exception.  An exception after the accept is the server's alone.
--  Counter's handlers count and print the failures; Keeper's handler takes
--  Constraint_Error only, ends its loop on the second, and an exception it
--  does not take reaches the task body's handler, which ends the server.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
procedure Main is
   Bad : exception;

   procedure Counting is
      package Counter is
         procedure Put (N : Integer);
         procedure Report;
      end Counter;

      package body Counter is
         Total : Integer := 0;
         Failures : Natural := 0;
         Last : Integer := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Put;
            entry Report;
            procedure Finish (Ended : Boolean);
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Put when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Put;

            entry Report when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Report;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;
         end Turn;

         procedure Put (N : Integer) is
            Ended : Boolean := False;
         begin
            Turn.Put;
            begin
               Put_Line ("counter got" & Integer'Image (N));
               if N < 0 then
                  raise Bad;
               end if;
               Last := N;
            exception
               when E : Bad =>
                  begin
                     Failures := Failures + 1;
                     Put_Line ("counter: " & Exception_Name (E) & " in a call");
                  exception
                     when others =>
                        Ended := True;
                  end;
                  Turn.Finish (Ended);
                  raise;
               when others =>
                  begin
                     Failures := Failures + 1;
                     Put_Line ("counter: failure" & Natural'Image (Failures));
                  exception
                     when others =>
                        Ended := True;
                  end;
                  Turn.Finish (Ended);
                  raise;
            end;
            begin
               begin
                  if Last = 0 then
                     raise Program_Error;   -- after the accept: the server's alone
                  end if;
                  Total := Total + Last;
               exception
                  when E : Bad =>
                     Failures := Failures + 1;
                     Put_Line ("counter: " & Exception_Name (E) & " in a call");
                  when others =>
                     Failures := Failures + 1;
                     Put_Line ("counter: failure" & Natural'Image (Failures));
               end;
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Put;

         procedure Report is
            Ended : Boolean := False;
         begin
            Turn.Report;
            begin
               Put_Line ("counter total" & Integer'Image (Total) & ", failures"
                         & Natural'Image (Failures));
            exception
               when E : Bad =>
                  begin
                     Failures := Failures + 1;
                     Put_Line ("counter: " & Exception_Name (E) & " in a call");
                  exception
                     when others =>
                        Ended := True;
                  end;
                  Turn.Finish (Ended);
                  raise;
               when others =>
                  begin
                     Failures := Failures + 1;
                     Put_Line ("counter: failure" & Natural'Image (Failures));
                  exception
                     when others =>
                        Ended := True;
                  end;
                  Turn.Finish (Ended);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Report;
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
         package Keeper is
            procedure Put (N : Integer);
            type Master is limited private;   --  rdv2po: the task's master waits for it
         private
            type Master is new Ada.Finalization.Limited_Controlled with null record;
            overriding procedure Finalize (Self : in out Master);
         end Keeper;

         package body Keeper is
            Running : Boolean := True;
            Errors : Natural := 0;
            Value : Integer := 0;

            --  The server's turn: a caller takes it at an entry named like the
            --  accept, runs the server's code in its own thread (outside any
            --  protected action), and gives it back.
            protected Turn is
               entry Put;
               procedure Finish (Ended : Boolean);
               entry Await_End;   -- for the master's wait
            private
               Busy : Boolean := False;
               Over : Boolean := False;   -- the server has completed
            end Turn;

            protected body Turn is
               entry Put when Over or else not Busy is
               begin
                  if Over then
                     raise Tasking_Error;
                  end if;
                  Busy := True;
               end Put;

               procedure Finish (Ended : Boolean) is
               begin
                  Busy := False;
                  Over := Ended;
               end Finish;

               entry Await_End when Over is
               begin
                  null;
               end Await_End;
            end Turn;

            procedure Put (N : Integer) is
               Ended : Boolean := False;
            begin
               Turn.Put;
               begin
                  if N = 0 then
                     raise Program_Error;
                  end if;
                  Value := 100 / (N - 1);
                  -- Constraint_Error for 1
                  Put_Line ("keeper value" & Integer'Image (Value));
               exception
                  when Constraint_Error =>
                     begin
                        Errors := Errors + 1;
                        Put_Line ("keeper: error" & Natural'Image (Errors));
                        Running := Errors < 2;
                        Ended := not Running;   -- the server loop's test
                        if Ended then
                           Put_Line ("keeper closed after" & Natural'Image (Errors) & " errors");
                        end if;
                     exception
                        when E : others =>
                           begin
                              Put_Line ("keeper ends: " & Exception_Name (E));
                           exception
                              when others =>   -- the server dies of it, silently
                                 null;
                           end;
                           Ended := True;
                     end;
                     Turn.Finish (Ended);
                     raise;
                  when others =>   -- the task body's handlers take it
                     begin
                        raise;
                     exception
                        when E : others =>
                           begin
                              Put_Line ("keeper ends: " & Exception_Name (E));
                           exception
                              when others =>   -- the server dies of it, silently
                                 null;
                           end;
                           Turn.Finish (Ended => True);
                           raise;
                     end;
               end;
               begin
                  Ended := not Running;   -- the server loop's test
                  if Ended then
                     Put_Line ("keeper closed after" & Natural'Image (Errors) & " errors");
                  end if;
               exception
                  when E : others =>
                     begin
                        Put_Line ("keeper ends: " & Exception_Name (E));
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Ended := True;
               end;
               Turn.Finish (Ended);
            end Put;

            overriding procedure Finalize (Self : in out Master) is
               pragma Unreferenced (Self);
            begin
               Turn.Await_End;   -- where the master waited for the task
            end Finalize;
         end Keeper;

         procedure Call (N : Integer) is
         begin
            Keeper.Put (N);
         exception
            when E : others => Note ("keeper", E);
         end Call;
         Keeper_Master : Keeper.Master;  --  rdv2po: the task was activated here (its master waits for it)
      begin
         Call (5);
         Call (1);
         Call (3);
         Call (1);
         Call (4);
      end Keeping_Keeper;

      procedure Keeping_Holder is
         package Holder is
            procedure Put (N : Integer);
         end Holder;

         package body Holder is
            Errors : Natural := 0;

            --  The server's turn: a caller takes it at an entry named like the
            --  accept, runs the server's code in its own thread (outside any
            --  protected action), and gives it back.
            protected Turn is
               entry Put;
               procedure Finish (Ended : Boolean);
            private
               Busy : Boolean := False;
               Over : Boolean := False;   -- the server has completed
            end Turn;

            protected body Turn is
               entry Put when Over or else not Busy is
               begin
                  if Over then
                     raise Tasking_Error;
                  end if;
                  Busy := True;
               end Put;

               procedure Finish (Ended : Boolean) is
               begin
                  Busy := False;
                  Over := Ended;
               end Finish;
            end Turn;

            procedure Put (N : Integer) is
               Ended : Boolean := False;
            begin
               Turn.Put;
               begin
                  Put_Line ("holder got" & Integer'Image (N));
                  if N = 0 then
                     raise Program_Error;
                  end if;
               exception
                  when Constraint_Error =>
                     begin
                        Errors := Errors + 1;
                     exception
                        when E : others =>
                           begin
                              Put_Line ("holder ends: " & Exception_Name (E));
                           exception
                              when others =>   -- the server dies of it, silently
                                 null;
                           end;
                           Ended := True;
                     end;
                     Turn.Finish (Ended);
                     raise;
                  when others =>   -- the task body's handlers take it
                     begin
                        raise;
                     exception
                        when E : others =>
                           begin
                              Put_Line ("holder ends: " & Exception_Name (E));
                           exception
                              when others =>   -- the server dies of it, silently
                                 null;
                           end;
                           Turn.Finish (Ended => True);
                           raise;
                     end;
               end;
               Turn.Finish (Ended => False);
            end Put;
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

--  Servers with exception handlers of the task body, taken by the caller-runs
--  scheme: when the server's code raises, the handler is the server's last
--  work, which the caller running that code does before it goes on.  An
--  exception in an accept body reaches the caller and the server's handler
--  (a one-shot server naming the exception); one after the accept ends the
--  server through its handler, which re-raises (the task dies of it
--  silently), and the next call raises Tasking_Error.  A task type's object
--  runs its handler on its own variables.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
procedure Main is
   Bad : exception;

   procedure One_Shot is
      Seen : Boolean := False;
   begin
      declare
         package Once is
            procedure Put (N : Integer);
            type Master is limited private;   --  rdv2po: the task's master waits for it
         private
            type Master is new Ada.Finalization.Limited_Controlled with null record;
            overriding procedure Finalize (Self : in out Master);
         end Once;

         package body Once is
            Count : Integer := 0;

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
               Stage : Positive := 1;   -- 1 at accept Put
            end Turn;

            protected body Turn is
               entry Put when Over or else (not Busy and then Stage = 1) is
               begin
                  if Over then
                     raise Tasking_Error;
                  end if;
                  Busy := True;
                  Stage := 2;
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
                  if N < 0 then
                     raise Bad;
                  end if;
                  Count := N;
               exception
                  when E : Bad =>
                     begin
                        Put_Line ("once: " & Exception_Name (E));
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Turn.Finish (Ended => True);
                     raise;
                  when others =>
                     begin
                        Put_Line ("once: other");
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Turn.Finish (Ended => True);
                     raise;
               end;
               begin
                  Put_Line ("once got" & Integer'Image (Count));
                  Ended := True;   -- the task's end
               exception
                  when E : Bad =>
                     begin
                        Put_Line ("once: " & Exception_Name (E));
                     exception
                        when others =>   -- the server dies of it, silently
                           null;
                     end;
                     Ended := True;
                  when others =>
                     begin
                        Put_Line ("once: other");
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
         end Once;
         Once_Master : Once.Master;  --  rdv2po: the task was activated here (its master waits for it)
      begin
         Once.Put (-1);
      exception
         when Bad => Seen := True;
      end;
      Put_Line ("caller saw Bad: " & Boolean'Image (Seen));
   end One_Shot;

   procedure Looping is
      package Server is
         procedure Put (N : Integer);
      end Server;

      package body Server is
         Sum : Integer := 0;

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
               Sum := Sum + N;
               Put_Line ("put" & Integer'Image (N));
            exception
               when Constraint_Error =>
                  begin
                     Put_Line ("server: sum" & Integer'Image (Sum));
                     raise;
                  exception
                     when others =>   -- the server dies of it, silently
                        null;
                  end;
                  Turn.Finish (Ended => True);
                  raise;
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            begin
               if Sum > 10 then
                  raise Constraint_Error;
               end if;
            exception
               when Constraint_Error =>
                  begin
                     Put_Line ("server: sum" & Integer'Image (Sum));
                     raise;
                  exception
                     when others =>   -- the server dies of it, silently
                        null;
                  end;
                  Ended := True;
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Put;
      end Server;
   begin
      Server.Put (5);
      Server.Put (7);
      Server.Put (1);
   exception
      when Tasking_Error => Put_Line ("caller: Tasking_Error");
   end Looping;

   package Meter_Objects is
      type Meter (Limit : Integer) is tagged limited private;
      procedure Add (Self : Meter; N : Integer);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Meter_Turn is
         entry Add;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Meter_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Meter (Limit : Integer) is tagged limited record
         This : not null access Meter := Meter'Unchecked_Access;   -- writable from any view
         Turn : Meter_Turn;
         Level : Integer := 0;
      end record;
   end Meter_Objects;
   subtype Meter is Meter_Objects.Meter;

   package body Meter_Objects is
      protected body Meter_Turn is
         entry Add when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Add;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Meter_Turn;

      procedure Add (Self : Meter; N : Integer) is
         Turn : Meter_Turn renames Self.This.Turn;
         Limit : Integer renames Self.Limit;
         Level : Integer renames Self.This.Level;
         Ended : Boolean := False;
      begin
         Turn.Add;
         begin
            Level := Level + N;
            Put_Line ("level" & Integer'Image (Level));
         exception
            when Program_Error =>
               begin
                  Put_Line ("meter over" & Integer'Image (Limit) & " at" & Integer'Image (Level));
               exception
                  when others =>   -- the server dies of it, silently
                     null;
               end;
               Turn.Finish (Ended => True);
               raise;
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            if Level > Limit then
               raise Program_Error;
            end if;
         exception
            when Program_Error =>
               begin
                  Put_Line ("meter over" & Integer'Image (Limit) & " at" & Integer'Image (Level));
               exception
                  when others =>   -- the server dies of it, silently
                     null;
               end;
               Ended := True;
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Add;
   end Meter_Objects;

   procedure Meters is
      M : Meter (3);
   begin
      M.Add (2);
      M.Add (2);
      M.Add (1);
   exception
      when Tasking_Error => Put_Line ("meter: Tasking_Error");
   end Meters;
begin
   One_Shot;
   Looping;
   Meters;
   Put_Line ("PASSED");
end Main;

--  'Callable and 'Terminated of servers the caller-runs scheme takes: each
--  becomes a function of the package (of the type's package, for an object
--  of a task type) reading whether the server has completed.  The program
--  asks only what every schedule of the original answers alike: before any
--  call, while the server waits at a terminate alternative (its master is
--  still running: not terminated, and callable), and after it has ended,
--  by polling until it has.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Show (What : String; Value : Boolean) is
   begin
      Put_Line (What & " " & Boolean'Image (Value));
   end Show;

   procedure Logging is
      package Logger is
         procedure Log (Msg : String);
         procedure Stop;
         function Is_Callable return Boolean;   --  was Logger'Callable
         function Is_Terminated return Boolean;   --  was Logger'Terminated
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end Logger;

      package body Logger is
         Count : Natural := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Log;
            entry Stop;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
            function Completed return Boolean;   -- for the task's attributes
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
            entry Log when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Log;

            entry Stop when Over or else not Busy is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
            end Stop;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;

            function Completed return Boolean is
            begin
               return Over;
            end Completed;

            entry Await_End when Over is
            begin
               null;
            end Await_End;
         end Turn;

         procedure Log (Msg : String) is
            Ended : Boolean := False;
         begin
            Turn.Log;
            begin
               Put_Line ("log: " & Msg);
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
         end Log;

         procedure Stop is
            Ended : Boolean := False;
         begin
            Turn.Stop;
            begin
               Ended := True;   -- exit;
               Put_Line ("logged" & Natural'Image (Count));
            exception
               when others =>
                  Ended := True;
            end;
            Turn.Finish (Ended);
         end Stop;

         function Is_Callable return Boolean is
         begin
            return not Turn.Completed;
         end Is_Callable;

         function Is_Terminated return Boolean is
         begin
            return Turn.Completed;
         end Is_Terminated;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end Logger;
      Logger_Master : Logger.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      Show ("logger callable", Logger.Is_Callable);
      Show ("logger terminated", Logger.Is_Terminated);
      Logger.Log ("one");
      Logger.Stop;
      while not Logger.Is_Terminated loop
         delay 0.01;
      end loop;
      Show ("logger callable at the end", Logger.Is_Callable);
   end Logging;

   procedure Counting is
      package Counter is
         procedure Add (N : Integer);
         function Is_Callable return Boolean;   --  was Counter'Callable
         function Is_Terminated return Boolean;   --  was Counter'Terminated
      end Counter;

      package body Counter is
         Sum : Integer := 0;

         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry Add;
            procedure Finish (Ended : Boolean);
            function Completed return Boolean;   -- for the task's attributes
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
         end Turn;

         protected body Turn is
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

            function Completed return Boolean is
            begin
               return Over;
            end Completed;
         end Turn;

         procedure Add (N : Integer) is
         begin
            Turn.Add;
            begin
               Sum := Sum + N;
               Put_Line ("sum" & Integer'Image (Sum));
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => False);
         end Add;

         function Is_Callable return Boolean is
         begin
            return not Turn.Completed;
         end Is_Callable;

         function Is_Terminated return Boolean is
         begin
            return Turn.Completed;
         end Is_Terminated;
      end Counter;
   begin
      Counter.Add (2);
      Counter.Add (3);
      --  waiting at its terminate alternative while this master runs
      Show ("counter callable", Counter.Is_Callable);
      Show ("counter terminated", Counter.Is_Terminated);
   end Counting;

   package Job_Objects is
      type Job (Id : Positive) is tagged limited private;
      procedure Run (Self : Job; Scale : Integer);
      function Is_Callable (Self : Job) return Boolean;
      function Is_Terminated (Self : Job) return Boolean;
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Job_Turn is
         entry Run;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
         function Completed return Boolean;   -- for the task's attributes
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Run
      end Job_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Job (Id : Positive) is new Ada.Finalization.Limited_Controlled with record
         This : not null access Job := Job'Unchecked_Access;   -- writable from any view
         Turn : Job_Turn;
      end record;
      overriding procedure Finalize (Self : in out Job);
   end Job_Objects;
   subtype Job is Job_Objects.Job;

   package body Job_Objects is
      protected body Job_Turn is
         entry Run when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Run;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         function Completed return Boolean is
         begin
            return Over;
         end Completed;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Job_Turn;

      procedure Run (Self : Job; Scale : Integer) is
         Turn : Job_Turn renames Self.This.Turn;
         Id : Positive renames Self.Id;
         Ended : Boolean := False;
      begin
         Turn.Run;
         begin
            Put_Line ("job" & Positive'Image (Id) & " runs at" & Integer'Image (Scale));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            if Id = 3 then
               raise Program_Error;     --  ends the task silently
            end if;
            Put_Line ("job" & Positive'Image (Id) & " done");
            Ended := True;   -- the task's end
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Run;

      function Is_Callable (Self : Job) return Boolean is
      begin
         return not Self.This.Turn.Completed;
      end Is_Callable;

      function Is_Terminated (Self : Job) return Boolean is
      begin
         return Self.This.Turn.Completed;
      end Is_Terminated;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Job) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Job_Objects;

   procedure Jobs is
      type Job_Access is access Job;
      One : Job (1);
      Row : array (2 .. 3) of Job (2);
      Far : constant Job_Access := new Job (3);
   begin
      Show ("one callable", One.Is_Callable);
      Show ("far terminated", Far.Is_Terminated);
      One.Run (10);
      while One.Is_Callable loop
         delay 0.01;
      end loop;
      Show ("one terminated", One.Is_Terminated);
      for I in Row'Range loop
         Row (I).Run (I);
         while not Row (I).Is_Terminated loop
            delay 0.01;
         end loop;
      end loop;
      Far.Run (30);
      while Far.all.Is_Callable loop
         delay 0.01;
      end loop;
      Show ("far callable after raising", Far.Is_Callable);
   end Jobs;
begin
   Logging;
   Counting;
   Jobs;
   Put_Line ("PASSED");
end Main;

--  Conditional and timed calls of a logger the caller-runs scheme takes: the
--  select applies to taking the logger's turn only (a guard closes Log while
--  the logger is held); a conditional call after the logger completed raises
--  Tasking_Error.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Logger is
      procedure Log (Msg : String);
      procedure Try_Log (Msg : String; Taken : out Boolean);
      procedure Try_Log (Msg : String; Within : Duration; Taken : out Boolean);
      procedure Hold;
      procedure Stop;
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Logger;

   package body Logger is
      Count : Natural := 0;
      Running : Boolean := True;
      Held : Boolean := False;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Log;
         entry Hold;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Log when Over or else (not Busy and then (not Held)) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Log;

         entry Hold when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Hold;

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

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Turn;

      procedure Serve_Log (Msg : String) is
         Ended : Boolean := False;
      begin
         begin
            Put_Line ("log: " & Msg);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Count := Count + 1;
            Ended := not Running;   -- the server loop's test
            if Ended then
               Put_Line ("logged" & Natural'Image (Count));
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Serve_Log;

      procedure Log (Msg : String) is
      begin
         Turn.Log;
         Serve_Log (Msg);
      end Log;

      procedure Try_Log (Msg : String; Taken : out Boolean) is
      begin
         select
            Turn.Log;
            Taken := True;
         else
            Taken := False;
         end select;
         if Taken then
            Serve_Log (Msg);
         end if;
      end Try_Log;

      procedure Try_Log (Msg : String; Within : Duration; Taken : out Boolean) is
      begin
         select
            Turn.Log;
            Taken := True;
         or
            delay Within;
            Taken := False;
         end select;
         if Taken then
            Serve_Log (Msg);
         end if;
      end Try_Log;

      procedure Hold is
         Ended : Boolean := False;
      begin
         Turn.Hold;
         begin
            Put_Line ("hold");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Held := not Held;
            Ended := not Running;   -- the server loop's test
            if Ended then
               Put_Line ("logged" & Natural'Image (Count));
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Hold;

      procedure Stop is
         Ended : Boolean := False;
      begin
         Turn.Stop;
         begin
            Running := False;
            Ended := not Running;   -- the server loop's test
            if Ended then
               Put_Line ("logged" & Natural'Image (Count));
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Stop;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Logger;
   Logger_Master : Logger.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   Logger.Log ("one");
   loop   --  the logger may not be back at its select yet: retried until taken
      declare
         Taken : Boolean;
      begin
         Logger.Try_Log ("two", Taken => Taken);
         if Taken then
            Put_Line ("two taken");
            exit;
         end if;
      end;
   end loop;
   Logger.Hold;
   declare
      Taken : Boolean;
   begin
      Logger.Try_Log ("three", Taken => Taken);
      if Taken then
         Put_Line ("three taken");
      else
         Put_Line ("three refused");
      end if;
   end;
   declare
      Taken : Boolean;
   begin
      Logger.Try_Log ("four", Within => 0.05, Taken => Taken);
      if not Taken then
         Put_Line ("four timed out");
      end if;
   end;
   Logger.Hold;
   declare
      Taken : Boolean;
   begin
      Logger.Try_Log (Msg => "five", Within => 0.5, Taken => Taken);
      if Taken then
         Put_Line ("five taken");
      else
         Put_Line ("five timed out");
      end if;
   end;
   Logger.Stop;
   begin
      Logger.Hold;   --  never taken: Tasking_Error once the logger has completed
   exception
      when Tasking_Error => null;
   end;
   begin
      declare
         Taken : Boolean;
      begin
         Logger.Try_Log ("six", Taken => Taken);
         if not Taken then
            Put_Line ("six refused");
         end if;
      end;
   exception
      when Tasking_Error => Put_Line ("six: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;

--  Entry calls of servers that print, each triggering an asynchronous
--  select: the caller-runs scheme splits them (the server's turn is the
--  trigger, the rest of the entry's procedure starts the triggered part).
--  Desk's Take is taken at once (the abortable part never starts), then
--  queued until Opener opens the desk (the abortable part is aborted when
--  the call ends), then cancelled when the abortable part ends first (Desk
--  never serves it: the count shows it).  An accept body that raises: the
--  exception leaves the select after the abortable part was aborted, and
--  the desk ends; a later call raises Tasking_Error at the trigger.  Bell,
--  a task type, rings once and ends.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Desk is
      procedure Open;
      procedure Take (Ticket : out Natural);
      procedure Serve_Take (Ticket : out Natural);
      procedure Served (Count : out Natural);
      procedure Serve_Served (Count : out Natural);
      procedure Fail;
      procedure Serve_Fail;

      --  Visible: a call triggering an asynchronous select takes the turn
      --  at its entry, then calls the entry's Serve_ procedure.
      protected Turn is
         entry Open;
         entry Take;
         entry Served;
         entry Fail;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;
   end Desk;

   package body Desk is
      Is_Open : Boolean := True;
      Next : Natural := 0;

      protected body Turn is
         entry Open when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Open;

         entry Take when Over or else (not Busy and then (Is_Open)) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Take;

         entry Served when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Served;

         entry Fail when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Fail;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Open is
         Ended : Boolean := False;
      begin
         Turn.Open;
         begin
            Put_Line ("desk opens");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Is_Open := True;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Open;

      procedure Serve_Take (Ticket : out Natural) is
         Ended : Boolean := False;
      begin
         begin
            Next := Next + 1;
            Ticket := Next;
            Put_Line ("desk serves ticket" & Natural'Image (Next));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Is_Open := False;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Serve_Take;

      procedure Take (Ticket : out Natural) is
      begin
         Turn.Take;
         Serve_Take (Ticket);
      end Take;

      procedure Serve_Served (Count : out Natural) is
      begin
         begin
            Count := Next;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Serve_Served;

      procedure Served (Count : out Natural) is
      begin
         Turn.Served;
         Serve_Served (Count);
      end Served;

      procedure Serve_Fail is
      begin
         begin
            Put_Line ("desk fails");
            raise Program_Error;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Serve_Fail;

      procedure Fail is
      begin
         Turn.Fail;
         Serve_Fail;
      end Fail;
   end Desk;

   package Bell_Objects is
      type Bell is tagged limited private;
      procedure Ring (Self : Bell);
      procedure Serve_Ring (Self : Bell);

      --  Visible: a call triggering an asynchronous select takes the object's
      --  turn at its entry, then calls the entry's Serve_ procedure.
      protected type Bell_Turn is
         entry Ring;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Ring
      end Bell_Turn;
      type Bell_Turn_Access is access all Bell_Turn;
      function Turn_Of (Self : Bell) return Bell_Turn_Access;
   private
      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Bell is new Ada.Finalization.Limited_Controlled with record
         This : not null access Bell := Bell'Unchecked_Access;   -- writable from any view
         Turn : aliased Bell_Turn;
      end record;
      overriding procedure Finalize (Self : in out Bell);
   end Bell_Objects;
   subtype Bell is Bell_Objects.Bell;

   package body Bell_Objects is
      protected body Bell_Turn is
         entry Ring when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Ring;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Bell_Turn;

      function Turn_Of (Self : Bell) return Bell_Turn_Access is
         (Self.This.Turn'Unchecked_Access);

      procedure Serve_Ring (Self : Bell) is
         Turn : Bell_Turn renames Self.This.Turn;
      begin
         begin
            Put_Line ("ring");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Serve_Ring;

      procedure Ring (Self : Bell) is
         Turn : Bell_Turn renames Self.This.Turn;
      begin
         Turn.Ring;
         Serve_Ring (Self);
      end Ring;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Bell) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Bell_Objects;

   task Opener;

   task body Opener is
   begin
      delay 0.3;
      Desk.Open;
   end Opener;

   Ticket : Natural := 99;
   Count : Natural;
   Door : Bell;
   Spins : Natural := 0;
begin
   declare
      Part_Raised : Boolean := False;   -- the abortable part raised
      Raised : Ada.Exceptions.Exception_Occurrence;
   begin
      select
         Desk.Turn.Take;
         Desk.Serve_Take (Ticket);
         if not Part_Raised then
            Put_Line ("got ticket" & Natural'Image (Ticket));
         end if;
      then abort
         begin
            Put_Line ("never printed: the desk was waiting");
         exception
            when Occurrence : others =>
               Ada.Exceptions.Save_Occurrence (Raised, Occurrence);
               Part_Raised := True;
         end;
      end select;
      if Part_Raised then
         Ada.Exceptions.Reraise_Occurrence (Raised);
      end if;
   end;
   declare
      Part_Raised : Boolean := False;   -- the abortable part raised
      Raised : Ada.Exceptions.Exception_Occurrence;
   begin
      select
         Desk.Turn.Take;
         Desk.Serve_Take (Ticket);
         if not Part_Raised then
            Put_Line ("got ticket" & Natural'Image (Ticket) & " after waiting");
         end if;
      then abort
         begin
            loop
               Spins := Spins + 1;
               delay 0.01;
            end loop;
         exception
            when Occurrence : others =>
               Ada.Exceptions.Save_Occurrence (Raised, Occurrence);
               Part_Raised := True;
         end;
      end select;
      if Part_Raised then
         Ada.Exceptions.Reraise_Occurrence (Raised);
      end if;
   end;
   Put_Line ("spun while waiting: " & Boolean'Image (Spins > 0));
   declare
      Part_Raised : Boolean := False;   -- the abortable part raised
      Raised : Ada.Exceptions.Exception_Occurrence;
   begin
      select
         Desk.Turn.Take;
         Desk.Serve_Take (Ticket);
         if not Part_Raised then
            Put_Line ("never printed: the desk stays closed");
         end if;
      then abort
         begin
            delay 0.1;
            Put_Line ("gave up waiting, ticket still" & Natural'Image (Ticket));
         exception
            when Occurrence : others =>
               Ada.Exceptions.Save_Occurrence (Raised, Occurrence);
               Part_Raised := True;
         end;
      end select;
      if Part_Raised then
         Ada.Exceptions.Reraise_Occurrence (Raised);
      end if;
   end;
   Desk.Served (Count);
   Put_Line ("served" & Natural'Image (Count));
   declare
      Part_Raised : Boolean := False;   -- the abortable part raised
      Raised : Ada.Exceptions.Exception_Occurrence;
   begin
      select
         Door.Turn_Of.Ring;
         Door.Serve_Ring;
         if not Part_Raised then
            Put_Line ("rung");
         end if;
      then abort
         begin
            delay 5.0;
         exception
            when Occurrence : others =>
               Ada.Exceptions.Save_Occurrence (Raised, Occurrence);
               Part_Raised := True;
         end;
      end select;
      if Part_Raised then
         Ada.Exceptions.Reraise_Occurrence (Raised);
      end if;
   end;
   begin
      declare
         Part_Raised : Boolean := False;   -- the abortable part raised
         Raised : Ada.Exceptions.Exception_Occurrence;
      begin
         select
            Desk.Turn.Fail;
            Desk.Serve_Fail;
            if not Part_Raised then
               Put_Line ("never printed: the accept body raised");
            end if;
         then abort
            begin
               delay 5.0;
            exception
               when Occurrence : others =>
                  Ada.Exceptions.Save_Occurrence (Raised, Occurrence);
                  Part_Raised := True;
            end;
         end select;
         if Part_Raised then
            Ada.Exceptions.Reraise_Occurrence (Raised);
         end if;
      end;
   exception
      when Program_Error =>
         Put_Line ("Program_Error from the trigger");
   end;
   begin
      declare
         Part_Raised : Boolean := False;   -- the abortable part raised
         Raised : Ada.Exceptions.Exception_Occurrence;
      begin
         select
            Desk.Turn.Served;
            Desk.Serve_Served (Count);
            if not Part_Raised then
               Put_Line ("never printed: the desk has ended");
            end if;
         then abort
            begin
               delay 5.0;
            exception
               when Occurrence : others =>
                  Ada.Exceptions.Save_Occurrence (Raised, Occurrence);
                  Part_Raised := True;
            end;
         end select;
         if Part_Raised then
            Ada.Exceptions.Reraise_Occurrence (Raised);
         end if;
      end;
   exception
      when Tasking_Error =>
         Put_Line ("Tasking_Error from the trigger");
   end;
   Put_Line ("PASSED");
end Main;

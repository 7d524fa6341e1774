--  One-shot servers whose last work begins with a delay, each with a caller
--  that may be seen to go on before the server terminates: the caller would
--  run that delay before it returns, and be late where the original was not.
--  Every one stays a task; beside corpus caller_runs_awaited_tail.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Total : Integer := 0;
   Halt : exception;

   --  its caller prints after the call, before its block ends
   type Herald;
   type Herald_Entry is (Herald_No_Entry, Herald_Give);
   task type Herald_Agent (Self : not null access Herald) is
      --  rdv2po: general scheme agent of Herald
   end Herald_Agent;
   --  rdv2po: task type Herald became this protected type; its code runs in
   --  Herald_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Herald is
      entry Give (N : Integer);
      --  rdv2po: the rendezvous protocol, for Herald_Agent
      entry Give_Accept_Begin (N : out Integer);
      procedure Give_Accept_End;
      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Give_Queue (N : in Integer);
      procedure Close;
   private
      Chosen : Herald_Entry := Herald_No_Entry;
      Closed : Boolean := False;
      Give_N : Integer;
      Give_Done : Boolean := False;
      Give_Raised : Boolean := False;
      Give_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Herald_Agent (Self => Herald'Unchecked_Access);
   end Herald;

   protected body Herald is

      entry Give (N : Integer)
        when Closed
          or else (Chosen = Herald_No_Entry
                   and then Give_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Herald_Give;
         Give_N := N;
         Give_Done := False;
         requeue Give_Queue;
      end Give;

      entry Give_Accept_Begin (N : out Integer)
        when Chosen = Herald_Give is
      begin
         N := Give_N;
         Chosen := Herald_No_Entry;
      end Give_Accept_Begin;

      procedure Give_Accept_End is
      begin
         Give_Done := True;
      end Give_Accept_End;

      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Give_Failure, Occurrence);
         Give_Raised := True;
         Give_Done := True;
      end Give_Failed;

      entry Give_Queue (N : in Integer)
        when Give_Done or else Closed is
      begin
         if not Give_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Give_Done := False;
         if Give_Raised then
            Give_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Give_Failure);
         end if;
      end Give_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Herald;

   task body Herald_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Herald_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Herald_Closer);
      overriding procedure Finalize (Object : in out Herald_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Herald_Closer;
      Kept : Integer := 0;
   begin
      declare
         N : Integer;
      begin
         Self.Give_Accept_Begin (N);
         begin
            Kept := N;
         exception
            when Occurrence : others =>
               Self.Give_Failed (Occurrence);
               raise;
         end;
         Self.Give_Accept_End;
      end;
      delay 0.02;
      Total := Total + Kept;
   end Herald_Agent;

   --  its caller raises after the call, and the block's own handler catches it
   type Keeper;
   type Keeper_Entry is (Keeper_No_Entry, Keeper_Give);
   task type Keeper_Agent (Self : not null access Keeper) is
      --  rdv2po: general scheme agent of Keeper
   end Keeper_Agent;
   --  rdv2po: task type Keeper became this protected type; its code runs in
   --  Keeper_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Keeper is
      entry Give (N : Integer);
      --  rdv2po: the rendezvous protocol, for Keeper_Agent
      entry Give_Accept_Begin (N : out Integer);
      procedure Give_Accept_End;
      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Give_Queue (N : in Integer);
      procedure Close;
   private
      Chosen : Keeper_Entry := Keeper_No_Entry;
      Closed : Boolean := False;
      Give_N : Integer;
      Give_Done : Boolean := False;
      Give_Raised : Boolean := False;
      Give_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Keeper_Agent (Self => Keeper'Unchecked_Access);
   end Keeper;

   protected body Keeper is

      entry Give (N : Integer)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Give_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Keeper_Give;
         Give_N := N;
         Give_Done := False;
         requeue Give_Queue;
      end Give;

      entry Give_Accept_Begin (N : out Integer)
        when Chosen = Keeper_Give is
      begin
         N := Give_N;
         Chosen := Keeper_No_Entry;
      end Give_Accept_Begin;

      procedure Give_Accept_End is
      begin
         Give_Done := True;
      end Give_Accept_End;

      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Give_Failure, Occurrence);
         Give_Raised := True;
         Give_Done := True;
      end Give_Failed;

      entry Give_Queue (N : in Integer)
        when Give_Done or else Closed is
      begin
         if not Give_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Give_Done := False;
         if Give_Raised then
            Give_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Give_Failure);
         end if;
      end Give_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Keeper;

   task body Keeper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Keeper_Closer);
      overriding procedure Finalize (Object : in out Keeper_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Keeper_Closer;
      Kept : Integer := 0;
   begin
      declare
         N : Integer;
      begin
         Self.Give_Accept_Begin (N);
         begin
            Kept := N;
         exception
            when Occurrence : others =>
               Self.Give_Failed (Occurrence);
               raise;
         end;
         Self.Give_Accept_End;
      end;
      delay 0.02;
      Total := Total + Kept;
   end Keeper_Agent;

   --  its object is made by an allocator: the access type's master awaits it
   type Porter;
   type Porter_Entry is (Porter_No_Entry, Porter_Give);
   task type Porter_Agent (Self : not null access Porter) is
      --  rdv2po: general scheme agent of Porter
   end Porter_Agent;
   --  rdv2po: task type Porter became this protected type; its code runs in
   --  Porter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Porter is
      entry Give (N : Integer);
      --  rdv2po: the rendezvous protocol, for Porter_Agent
      entry Give_Accept_Begin (N : out Integer);
      procedure Give_Accept_End;
      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Give_Queue (N : in Integer);
      procedure Close;
   private
      Chosen : Porter_Entry := Porter_No_Entry;
      Closed : Boolean := False;
      Give_N : Integer;
      Give_Done : Boolean := False;
      Give_Raised : Boolean := False;
      Give_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Porter_Agent (Self => Porter'Unchecked_Access);
   end Porter;

   protected body Porter is

      entry Give (N : Integer)
        when Closed
          or else (Chosen = Porter_No_Entry
                   and then Give_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Porter_Give;
         Give_N := N;
         Give_Done := False;
         requeue Give_Queue;
      end Give;

      entry Give_Accept_Begin (N : out Integer)
        when Chosen = Porter_Give is
      begin
         N := Give_N;
         Chosen := Porter_No_Entry;
      end Give_Accept_Begin;

      procedure Give_Accept_End is
      begin
         Give_Done := True;
      end Give_Accept_End;

      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Give_Failure, Occurrence);
         Give_Raised := True;
         Give_Done := True;
      end Give_Failed;

      entry Give_Queue (N : in Integer)
        when Give_Done or else Closed is
      begin
         if not Give_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Give_Done := False;
         if Give_Raised then
            Give_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Give_Failure);
         end if;
      end Give_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Porter;

   task body Porter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Porter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Porter_Closer);
      overriding procedure Finalize (Object : in out Porter_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Porter_Closer;
      Kept : Integer := 0;
   begin
      declare
         N : Integer;
      begin
         Self.Give_Accept_Begin (N);
         begin
            Kept := N;
         exception
            when Occurrence : others =>
               Self.Give_Failed (Occurrence);
               raise;
         end;
         Self.Give_Accept_End;
      end;
      delay 0.02;
      Total := Total + Kept;
   end Porter_Agent;

   --  called in a loop
   type Runner;
   type Runner_Entry is (Runner_No_Entry, Runner_Give);
   task type Runner_Agent (Self : not null access Runner) is
      --  rdv2po: general scheme agent of Runner
   end Runner_Agent;
   --  rdv2po: task type Runner became this protected type; its code runs in
   --  Runner_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Runner is
      entry Give (N : Integer);
      --  rdv2po: the rendezvous protocol, for Runner_Agent
      entry Give_Accept_Begin (N : out Integer);
      procedure Give_Accept_End;
      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Give_Queue (N : in Integer);
      procedure Close;
   private
      Chosen : Runner_Entry := Runner_No_Entry;
      Closed : Boolean := False;
      Give_N : Integer;
      Give_Done : Boolean := False;
      Give_Raised : Boolean := False;
      Give_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Runner_Agent (Self => Runner'Unchecked_Access);
   end Runner;

   protected body Runner is

      entry Give (N : Integer)
        when Closed
          or else (Chosen = Runner_No_Entry
                   and then Give_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Runner_Give;
         Give_N := N;
         Give_Done := False;
         requeue Give_Queue;
      end Give;

      entry Give_Accept_Begin (N : out Integer)
        when Chosen = Runner_Give is
      begin
         N := Give_N;
         Chosen := Runner_No_Entry;
      end Give_Accept_Begin;

      procedure Give_Accept_End is
      begin
         Give_Done := True;
      end Give_Accept_End;

      procedure Give_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Give_Failure, Occurrence);
         Give_Raised := True;
         Give_Done := True;
      end Give_Failed;

      entry Give_Queue (N : in Integer)
        when Give_Done or else Closed is
      begin
         if not Give_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Give_Done := False;
         if Give_Raised then
            Give_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Give_Failure);
         end if;
      end Give_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Runner;

   task body Runner_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Runner_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Runner_Closer);
      overriding procedure Finalize (Object : in out Runner_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Runner_Closer;
      Kept : Integer := 0;
   begin
      declare
         N : Integer;
      begin
         Self.Give_Accept_Begin (N);
         begin
            Kept := N;
         exception
            when Occurrence : others =>
               Self.Give_Failed (Occurrence);
               raise;
         end;
         Self.Give_Accept_End;
      end;
      delay 0.02;
      Total := Total + Kept;
   end Runner_Agent;

   type Porter_Ref is access Porter;
begin
   declare
      H : Herald;
   begin
      H.Give (1);
      Put_Line ("given to the herald");
   end;

   declare
      K : Keeper;
   begin
      K.Give (10);
      raise Halt;
   exception
      when Halt =>
         Put_Line ("halted:" & Integer'Image (Total));
   end;

   declare
      P : constant Porter_Ref := new Porter;
   begin
      P.Give (100);
   end;

   declare
      Team : array (1 .. 2) of Runner;
   begin
      for I in Team'Range loop
         Team (I).Give (1000);
      end loop;
   end;
   delay 0.1;     -- the porter, awaited by nobody here, is done by now
   Put_Line ("total:" & Integer'Image (Total));
   Put_Line ("PASSED");
end Main;

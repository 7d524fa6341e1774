--  One-shot servers whose last work begins with a delay, each called as the
--  last thing of a task body by a task whose completion someone may see before
--  the server's end: the calling task would complete later, after running that
--  delay.  Every one stays a task; beside corpus caller_runs_awaited_task_body.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  one variable per server: their last works may run at the same time
   Heralded, Kept_By_Keeper, Ported : Integer := 0;
   pragma Volatile (Heralded);
   pragma Volatile (Kept_By_Keeper);
   pragma Volatile (Ported);

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
      Heralded := Kept;
   end Herald_Agent;

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
      Kept_By_Keeper := Kept;
   end Keeper_Agent;

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
      Ported := Kept;
   end Porter_Agent;

   --  its entry is called: that caller gets Tasking_Error once it completes
   type Announcer_Entry is (Announcer_No_Entry, Announcer_Ping);
   --  rdv2po: task Announcer became this protected object; its code runs in
   --  the task Announcer_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Announcer is
      entry Ping;
      --  rdv2po: the rendezvous protocol, for Announcer_Agent
      procedure Close;
   private
      Chosen : Announcer_Entry := Announcer_No_Entry;
      Closed : Boolean := False;
   end Announcer;
   task Announcer_Agent is
      --  rdv2po: general scheme agent of Announcer
   end Announcer_Agent;

   protected body Announcer is

      entry Ping
        when Closed or else (Chosen = Announcer_No_Entry and then False)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Announcer_Ping;
      end Ping;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Announcer;

   task body Announcer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Announcer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Announcer_Closer);
      overriding procedure Finalize (Object : in out Announcer_Closer) is
      begin
         Announcer.Close;
      end Finalize;
      H : Herald;
   begin
      declare
         Closer : Announcer_Closer;   --  closes on completion
      begin
         H.Give (1);
      end;
   end Announcer_Agent;

   --  it accepts an entry before it calls
   type Guard_Entry is (Guard_No_Entry, Guard_Go);
   --  rdv2po: task Guard became this protected object; its code runs in the
   --  task Guard_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Guard is
      entry Go;
      --  rdv2po: the rendezvous protocol, for Guard_Agent
      entry Go_Accept_Begin;
      procedure Close;
   private
      Chosen : Guard_Entry := Guard_No_Entry;
      Closed : Boolean := False;
   end Guard;
   task Guard_Agent is
      --  rdv2po: general scheme agent of Guard
   end Guard_Agent;

   protected body Guard is

      entry Go
        when Closed
          or else (Chosen = Guard_No_Entry and then Go_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Guard_Go;
      end Go;

      entry Go_Accept_Begin
        when Chosen = Guard_Go is
      begin
         Chosen := Guard_No_Entry;
      end Go_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Guard;

   task body Guard_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Guard_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Guard_Closer);
      overriding procedure Finalize (Object : in out Guard_Closer) is
      begin
         Guard.Close;
      end Finalize;
      K : Keeper;
   begin
      declare
         Closer : Guard_Closer;   --  closes on completion
      begin
         Guard.Go_Accept_Begin;
         K.Give (10);
      end;
   end Guard_Agent;

   --  the main program asks whether it is callable
   task Carrier;

   task body Carrier is
      P : Porter;
   begin
      P.Give (100);
   end Carrier;

begin
   begin
      Announcer.Ping;
      Put_Line ("ping accepted");
   exception
      when Tasking_Error =>
         Put_Line ("ping: Tasking_Error");
   end;
   Guard.Go;
   while Carrier'Callable loop
      delay 0.01;
   end loop;
   Put_Line ("carrier completed");
   while not (Announcer_Agent'Terminated and Guard_Agent'Terminated and Carrier'Terminated) loop
      delay 0.01;
   end loop;
   Put_Line ("total:" & Integer'Image (Heralded + Kept_By_Keeper + Ported));
   Put_Line ("PASSED");
end Main;

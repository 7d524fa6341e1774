--  Calling server without a loop: Setup makes a straight line of Start
--  calls to three different single tasks, each accepting Start once and
--  storing its result in Results; main waits on Results.Wait_All.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Slot is range 1 .. 3;
   type Slot_Values is array (Slot) of Integer;
   protected Results is
      procedure Put (Where : Slot; Value : Integer);
      entry Wait_All (Values : out Slot_Values);
   private
      Store : Slot_Values := (others => 0);
      Count : Natural := 0;
   end Results;

   protected body Results is
      procedure Put (Where : Slot; Value : Integer) is
      begin
         Store (Where) := Value;
         Count := Count + 1;
      end Put;
      entry Wait_All (Values : out Slot_Values) when Count = 3 is
      begin
         Values := Store;
      end Wait_All;
   end Results;

   type Alpha_Entry is (Alpha_No_Entry, Alpha_Start);
   --  rdv2po: task Alpha became this protected object; its code runs in the
   --  task Alpha_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Alpha is
      entry Start (V : Integer);
      --  rdv2po: the rendezvous protocol, for Alpha_Agent
      entry Start_Accept_Begin (V : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (V : in Integer);
      procedure Close;
   private
      Chosen : Alpha_Entry := Alpha_No_Entry;
      Closed : Boolean := False;
      Start_V : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
   end Alpha;
   task Alpha_Agent is
      --  rdv2po: general scheme agent of Alpha
   end Alpha_Agent;
   type Beta_Entry is (Beta_No_Entry, Beta_Start);
   --  rdv2po: task Beta became this protected object; its code runs in the
   --  task Beta_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Beta is
      entry Start (V : Integer);
      --  rdv2po: the rendezvous protocol, for Beta_Agent
      entry Start_Accept_Begin (V : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (V : in Integer);
      procedure Close;
   private
      Chosen : Beta_Entry := Beta_No_Entry;
      Closed : Boolean := False;
      Start_V : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
   end Beta;
   task Beta_Agent is
      --  rdv2po: general scheme agent of Beta
   end Beta_Agent;
   type Gamma_Entry is (Gamma_No_Entry, Gamma_Start);
   --  rdv2po: task Gamma became this protected object; its code runs in the
   --  task Gamma_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Gamma is
      entry Start (V : Integer);
      --  rdv2po: the rendezvous protocol, for Gamma_Agent
      entry Start_Accept_Begin (V : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (V : in Integer);
      procedure Close;
   private
      Chosen : Gamma_Entry := Gamma_No_Entry;
      Closed : Boolean := False;
      Start_V : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
   end Gamma;
   task Gamma_Agent is
      --  rdv2po: general scheme agent of Gamma
   end Gamma_Agent;
   task Setup;

   protected body Alpha is

      entry Start (V : Integer)
        when Closed
          or else (Chosen = Alpha_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Alpha_Start;
         Start_V := V;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin (V : out Integer)
        when Chosen = Alpha_Start is
      begin
         V := Start_V;
         Chosen := Alpha_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (V : in Integer)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Alpha;

   task body Alpha_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Alpha_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Alpha_Closer);
      overriding procedure Finalize (Object : in out Alpha_Closer) is
      begin
         Alpha.Close;
      end Finalize;
      Closer : Alpha_Closer;
      Mine : Integer;
   begin
      declare
         V : Integer;
      begin
         Alpha.Start_Accept_Begin (V);
         begin
            Mine := V;
         exception
            when Occurrence : others =>
               Alpha.Start_Failed (Occurrence);
               raise;
         end;
         Alpha.Start_Accept_End;
      end;
      Results.Put (1, Mine * Mine);
   end Alpha_Agent;

   protected body Beta is

      entry Start (V : Integer)
        when Closed
          or else (Chosen = Beta_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Beta_Start;
         Start_V := V;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin (V : out Integer)
        when Chosen = Beta_Start is
      begin
         V := Start_V;
         Chosen := Beta_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (V : in Integer)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Beta;

   task body Beta_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Beta_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Beta_Closer);
      overriding procedure Finalize (Object : in out Beta_Closer) is
      begin
         Beta.Close;
      end Finalize;
      Closer : Beta_Closer;
      Mine : Integer;
   begin
      declare
         V : Integer;
      begin
         Beta.Start_Accept_Begin (V);
         begin
            Mine := V;
         exception
            when Occurrence : others =>
               Beta.Start_Failed (Occurrence);
               raise;
         end;
         Beta.Start_Accept_End;
      end;
      Results.Put (2, Mine * 3 + 1);
   end Beta_Agent;

   protected body Gamma is

      entry Start (V : Integer)
        when Closed
          or else (Chosen = Gamma_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Gamma_Start;
         Start_V := V;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin (V : out Integer)
        when Chosen = Gamma_Start is
      begin
         V := Start_V;
         Chosen := Gamma_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (V : in Integer)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Gamma;

   task body Gamma_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Gamma_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Gamma_Closer);
      overriding procedure Finalize (Object : in out Gamma_Closer) is
      begin
         Gamma.Close;
      end Finalize;
      Closer : Gamma_Closer;
      Mine : Integer;
   begin
      declare
         V : Integer;
      begin
         Gamma.Start_Accept_Begin (V);
         begin
            Mine := V;
         exception
            when Occurrence : others =>
               Gamma.Start_Failed (Occurrence);
               raise;
         end;
         Gamma.Start_Accept_End;
      end;
      Results.Put (3, Mine - 7);
   end Gamma_Agent;

   task body Setup is
   begin
      Alpha.Start (10);
      Beta.Start (20);
      Gamma.Start (30);
   end Setup;

   Values : Slot_Values;
   Total  : Integer := 0;
begin
   Results.Wait_All (Values);
   for S in Slot loop
      Put_Line ("slot" & Slot'Image (S) & " value" & Integer'Image (Values (S)));
      Total := Total + Values (S);
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Values = (100, 61, 23) and Total = 184 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

--  A worker's accept body raises: Dealer hands each worker of Crew the
--  size of a job, and a worker keeps it in a Positive variable.  The last
--  job is empty (0): storing it raises Constraint_Error in that worker's
--  accept body, which reaches the worker and Dealer at its call (RM
--  9.5.2(24)).  Dealer's handler counts it; the statement after the call
--  never runs.  As a protected object, Dealer must wait for the accept body
--  before going on, as it did in the rendezvous.  Dealer counts in Dealt,
--  the workers in the protected Kept: neither reads what the other writes
--  beside it, and no update is lost.

with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Handed  : Integer := 0;

   Dealt   : Integer := 0;
   pragma Atomic (Dealt);

   protected Kept is
      procedure Add (N : Integer);
      function Value return Integer;
   private
      Sum : Integer := 0;
   end Kept;

   protected body Kept is
      procedure Add (N : Integer) is
      begin
         Sum := Sum + N;
      end Add;

      function Value return Integer is
      begin
         return Sum;
      end Value;
   end Kept;

   Failed  : Integer := 0;
   pragma Atomic (Failed);
   Refused : Integer := 0;
   pragma Atomic (Refused);

   procedure Run is

      task type Worker;

      Crew : array (1 .. 4) of Worker;

      protected Dealer is
         entry Start (Size : out Integer);
         procedure Resume;
         procedure Abandon (Error : Ada.Exceptions.Exception_Occurrence);
      private
         --  rdv2po: task Dealer, a calling server, became this protected object;
         --  its workers call it for what Dealer handed them. Stage is the call
         --  Dealer makes next: 1 = Crew (I).Start (Crew'Last - I); 0 = not
         --  started; -1 = done (calls wait for ever, as for a task that has
         --  ended).
         Stage : Integer := 0;
         Handing : Boolean := False;  --  in a rendezvous
         I, I_Bound : Integer'Base;  --  loop at src/main.adb:68
         procedure Advance;
         procedure Recover (Error : Ada.Exceptions.Exception_Occurrence);
      end Dealer;

      task body Worker is
         Mine : Positive;
      begin
         declare
            Size : Integer;
         begin
            Dealer.Start (Size);
            begin
               Mine := Size;
            exception
               when Error : others =>
                  --  the server received this exception too
                  Dealer.Abandon (Error);
                  raise;
            end;
            Dealer.Resume;
         end;
         Kept.Add (Mine);
      exception
         when Constraint_Error =>
            Refused := Refused + 1;
      end Worker;

      protected body Dealer is

         procedure Advance is
         begin
            case Stage is
               when 1 => goto Resume_1;
               when others => null;
            end case;
            --  for I in Crew'Range loop  (src/main.adb:68)
            I := Crew'First;
            I_Bound := Crew'Last;
            if I > I_Bound then
               goto End_Loop_1;
            end if;
            <<Loop_1>>
               Stage := 1;  --  Crew (I).Start (Crew'Last - I)
               return;
               <<Resume_1>>
               Dealt := Dealt + 100;
            if I = I_Bound then
               goto End_Loop_1;
            end if;
            I := Integer'Succ (I);
            goto Loop_1;
            <<End_Loop_1>>
            Stage := -1;
         exception
            when Error : others =>
               Recover (Error);
         end Advance;

         procedure Recover (Error : Ada.Exceptions.Exception_Occurrence) is
         begin
            --  Dealer's exception handler, run where Dealer ran it;
            --  Dealer ended after it
            Stage := -1;
            begin
               Ada.Exceptions.Reraise_Occurrence (Error);
            exception
               when Constraint_Error =>
                  Failed := Failed + 1;
            end;
         exception
            when others =>
               null;  --  not handled, or raised by the handler: Dealer ended silently
         end Recover;

         procedure Resume is
         begin
            Handing := False;
            Advance;
         end Resume;

         procedure Abandon (Error : Ada.Exceptions.Exception_Occurrence) is
         begin
            Handing := False;
            --  Dealer received the exception of the accept body too (RM 9.5.2(24))
            Recover (Error);
         end Abandon;

         entry Start (Size : out Integer)
           when Stage in 0 | 1 and not Handing
         is
         begin
            if Stage = 0 then
               Advance;
               requeue Start with abort;
            end if;
            case Stage is
               when 1 =>
                  Size := Crew'Last - I;
               when others =>
                  null;
            end case;
            Handing := True;
            --  Dealer waits while Worker runs its accept body: its Resume or Abandon goes on
         exception
            when Error : others =>
               Recover (Error);
               --  and never made it: its callee waits for ever
               requeue Start with abort;
         end Start;

      end Dealer;

   begin
      null;
   end Run;

begin
   Run;
   Handed := Dealt + Kept.Value;
   Put_Line ("handed" & Integer'Image (Handed));
   Put_Line ("worker refused" & Integer'Image (Refused));
   Put_Line ("dealer failed" & Integer'Image (Failed));
   if Handed = 306 and Refused = 1 and Failed = 1 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

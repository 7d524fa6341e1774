--  Entry formals of a type with defaulted discriminants: A'Constrained is
--  True exactly when the actual is constrained (or the formal is an in
--  formal), and an assignment that changes the discriminants of a formal
--  whose actual is constrained raises Constraint_Error in the accept body
--  (RM 3.7.2).  (Repro constrained_entry_params: the general scheme's agent
--  worked on unconstrained copies.)
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   subtype Size is Natural range 0 .. 8;

   type Buf (Len : Size := 0) is record
      Data : String (1 .. Len);
   end record;

   Fixed : Buf (3) := (3, "abc");
   Free  : Buf     := (2, "xy");
   Other : Buf     := (1, "z");

   type Checker_Entry is (Checker_No_Entry, Checker_Probe, Checker_Grow);
   --  rdv2po: task Checker became this protected object; its code runs in the
   --  task Checker_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Checker is
      entry Probe (A : in out Buf; B : in out Buf; C : in Buf);
      entry Grow (A : in out Buf);
      --  rdv2po: the rendezvous protocol, for Checker_Agent
      entry Probe_Accept_Begin
        (A : out Buf;
         B : out Buf;
         C : out Buf;
         A_Constrained : out Boolean;
         B_Constrained : out Boolean);
      procedure Probe_Accept_End (A : in Buf; B : in Buf);
      procedure Probe_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         A : in Buf;
         B : in Buf);
      entry Probe_Queue (A : in out Buf; B : in out Buf; C : in Buf);
      entry Grow_Accept_Begin (A : out Buf; A_Constrained : out Boolean);
      procedure Grow_Accept_End (A : in Buf);
      procedure Grow_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         A : in Buf);
      entry Grow_Queue (A : in out Buf);
      procedure Close;
   private
      Chosen : Checker_Entry := Checker_No_Entry;
      Closed : Boolean := False;
      Probe_A : Buf;
      Probe_B : Buf;
      Probe_C : Buf;
      Probe_A_Constrained : Boolean;
      Probe_B_Constrained : Boolean;
      Probe_Done : Boolean := False;
      Probe_Raised : Boolean := False;
      Probe_Failure : Ada.Exceptions.Exception_Occurrence;
      Grow_A : Buf;
      Grow_A_Constrained : Boolean;
      Grow_Done : Boolean := False;
      Grow_Raised : Boolean := False;
      Grow_Failure : Ada.Exceptions.Exception_Occurrence;
   end Checker;
   task Checker_Agent is
      --  rdv2po: general scheme agent of Checker
   end Checker_Agent;

   protected body Checker is

      entry Probe (A : in out Buf; B : in out Buf; C : in Buf)
        when Closed
          or else (Chosen = Checker_No_Entry
                   and then Probe_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Checker_Probe;
         Probe_A := A;
         Probe_B := B;
         Probe_C := C;
         Probe_A_Constrained := A'Constrained;
         Probe_B_Constrained := B'Constrained;
         Probe_Done := False;
         requeue Probe_Queue;
      end Probe;

      entry Grow (A : in out Buf)
        when Closed
          or else (Chosen = Checker_No_Entry
                   and then Grow_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Checker_Grow;
         Grow_A := A;
         Grow_A_Constrained := A'Constrained;
         Grow_Done := False;
         requeue Grow_Queue;
      end Grow;

      entry Probe_Accept_Begin
        (A : out Buf;
         B : out Buf;
         C : out Buf;
         A_Constrained : out Boolean;
         B_Constrained : out Boolean)
        when Chosen = Checker_Probe is
      begin
         A := Probe_A;
         B := Probe_B;
         C := Probe_C;
         A_Constrained := Probe_A_Constrained;
         B_Constrained := Probe_B_Constrained;
         Chosen := Checker_No_Entry;
      end Probe_Accept_Begin;

      procedure Probe_Accept_End (A : in Buf; B : in Buf) is
      begin
         Probe_A := A;
         Probe_B := B;
         Probe_Done := True;
      end Probe_Accept_End;

      procedure Probe_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         A : in Buf;
         B : in Buf) is
      begin
         Probe_A := A;
         Probe_B := B;
         Ada.Exceptions.Save_Occurrence (Probe_Failure, Occurrence);
         Probe_Raised := True;
         Probe_Done := True;
      end Probe_Failed;

      entry Probe_Queue (A : in out Buf; B : in out Buf; C : in Buf)
        when Probe_Done or else Closed is
      begin
         if not Probe_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Probe_Done := False;
         if Probe_Raised then
            Probe_Raised := False;
            A := Probe_A;
            B := Probe_B;
            Ada.Exceptions.Reraise_Occurrence (Probe_Failure);
         end if;
         A := Probe_A;
         B := Probe_B;
      end Probe_Queue;

      entry Grow_Accept_Begin (A : out Buf; A_Constrained : out Boolean)
        when Chosen = Checker_Grow is
      begin
         A := Grow_A;
         A_Constrained := Grow_A_Constrained;
         Chosen := Checker_No_Entry;
      end Grow_Accept_Begin;

      procedure Grow_Accept_End (A : in Buf) is
      begin
         Grow_A := A;
         Grow_Done := True;
      end Grow_Accept_End;

      procedure Grow_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         A : in Buf) is
      begin
         Grow_A := A;
         Ada.Exceptions.Save_Occurrence (Grow_Failure, Occurrence);
         Grow_Raised := True;
         Grow_Done := True;
      end Grow_Failed;

      entry Grow_Queue (A : in out Buf)
        when Grow_Done or else Closed is
      begin
         if not Grow_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Grow_Done := False;
         if Grow_Raised then
            Grow_Raised := False;
            A := Grow_A;
            Ada.Exceptions.Reraise_Occurrence (Grow_Failure);
         end if;
         A := Grow_A;
      end Grow_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Checker;

   task body Checker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Checker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Checker_Closer);
      overriding procedure Finalize (Object : in out Checker_Closer) is
      begin
         Checker.Close;
      end Finalize;
      Closer : Checker_Closer;
   begin
      declare
         A : Buf;
         B : Buf;
         C : Buf;
         A_Constrained : Boolean;   --  A'Constrained in the caller
         B_Constrained : Boolean;   --  B'Constrained in the caller

         procedure Probe_Accepted (A : in out Buf; B : in out Buf; C : Buf) is
         begin
            begin
               Put_Line ("A'Constrained = " & Boolean'Image (A'Constrained));
               Put_Line ("B'Constrained = " & Boolean'Image (B'Constrained));
               Put_Line ("C'Constrained = " & Boolean'Image (C'Constrained));
               B := (5, "hello");
            exception
               when Occurrence : others =>
                  Checker.Probe_Failed (Occurrence, A, B);
                  raise;
            end;
            Checker.Probe_Accept_End (A, B);
         end Probe_Accepted;

         procedure Probe_Constrain_B (A : in out Buf) is
         begin
            if B_Constrained then
               declare
                  Constrained_B : Buf (B.Len) := B;
               begin
                  Probe_Accepted (A, Constrained_B, C);
               end;
            else
               Probe_Accepted (A, B, C);
            end if;
         end Probe_Constrain_B;
      begin
         Checker.Probe_Accept_Begin (A, B, C, A_Constrained, B_Constrained);
         --  rdv2po: the accept body sees A and B constrained as the caller's
         --  actuals are (RM 6.4.1)
         if A_Constrained then
            declare
               Constrained_A : Buf (A.Len) := A;
            begin
               Probe_Constrain_B (Constrained_A);
            end;
         else
            Probe_Constrain_B (A);
         end if;
      end;
      declare
         A : Buf;
         A_Constrained : Boolean;   --  A'Constrained in the caller

         procedure Grow_Accepted (A : in out Buf) is
         begin
            begin
               begin
                  A := (4, "four");
                  Put_Line ("Grow: assigned");
               exception
                  when Constraint_Error =>
                     Put_Line ("Grow: Constraint_Error in the accept body");
               end;
            exception
               when Occurrence : others =>
                  Checker.Grow_Failed (Occurrence, A);
                  raise;
            end;
            Checker.Grow_Accept_End (A);
         end Grow_Accepted;
      begin
         Checker.Grow_Accept_Begin (A, A_Constrained);
         --  rdv2po: the accept body sees A constrained as the caller's actual
         --  is (RM 6.4.1)
         if A_Constrained then
            declare
               Constrained_A : Buf (A.Len) := A;
            begin
               Grow_Accepted (Constrained_A);
            end;
         else
            Grow_Accepted (A);
         end if;
      end;
   end Checker_Agent;
begin
   Checker.Probe (Fixed, Free, Other);
   Put_Line ("Free.Len =" & Size'Image (Free.Len));
   begin
      Checker.Grow (Fixed);
      Put_Line ("Fixed.Len =" & Size'Image (Fixed.Len));
   exception
      when Constraint_Error =>
         Put_Line ("Grow: Constraint_Error in the caller (wrong)");
   end;
   Put_Line ("PASSED");
end Main;

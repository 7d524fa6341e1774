--  Entry formals of a type with defaulted discriminants (RM 3.7.2, 6.4.1):
--  an in formal is a constant ('Constrained is True); an in out or out
--  formal is constrained exactly when the caller's actual is, and an
--  assignment changing its discriminants raises Constraint_Error in the
--  accept body, where the body's handlers see it, and otherwise reaches
--  both the caller and the task.  Keeper is a single task of a library
--  package (the general scheme's public object in front of it), Checker a
--  task type whose accept bodies requeue, return and name formals as
--  Check.A; Tally never asks 'Constrained (nothing is added to it).
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
package Shapes is
   subtype Size is Natural range 0 .. 8;

   type Buf (Len : Size := 0) is record
      Data : String (1 .. Len);
   end record;

   --  rdv2po: task Keeper became this protected object; its calls go on to
   --  Keeper_Rendezvous and its code runs in the task Keeper_Agent, both in
   --  the package body (general scheme)
   protected Keeper is
      entry Swap (Into : in out Buf; From : in Buf);
      entry Fill (Into : out Buf; Len : Size; Was_Constrained : out Boolean);
      entry Stop (Count : out Natural);
   end Keeper;

   type Checker_Rendezvous;
   type Checker_Entry is (Checker_No_Entry, Checker_Check, Checker_Reset);
   type Checker_Check_Report_Access is access String;
   procedure Free_Check_Report is new Ada.Unchecked_Deallocation
     (String,
      Checker_Check_Report_Access);
   type Checker_Reset_Report_Access is access String;
   procedure Free_Reset_Report is new Ada.Unchecked_Deallocation
     (String,
      Checker_Reset_Report_Access);
   task type Checker_Agent (Self : not null access Checker_Rendezvous) is
      --  rdv2po: general scheme agent of Checker_Rendezvous
   end Checker_Agent;
   --  rdv2po: the rendezvous of task type Checker, whose code runs in
   --  Checker_Agent, a component of it; clients call Checker, below (general
   --  scheme: each rendezvous goes through the object)
   protected type Checker_Rendezvous is
      entry Check (A : in Buf; B : in out Buf; Report : out String);
      entry Reset (A : in Buf; B : in out Buf; Report : out String);
      --  rdv2po: the rendezvous protocol, for Checker_Agent
      entry Check_Accept_Begin
        (A : out Buf;
         B : out Buf;
         B_Constrained : out Boolean);
      function Check_Report_Value return String;
      procedure Check_Accept_End (B : in Buf; Report : in String);
      procedure Check_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         B : in Buf;
         Report : in String);
      entry Check_Queue (A : in Buf; B : in out Buf; Report : out String);
      procedure Check_Requeue_1 (B : in Buf; Report : in String);
      entry Reset_Accept_Begin
        (A : out Buf;
         B : out Buf;
         B_Constrained : out Boolean);
      function Reset_Report_Value return String;
      procedure Reset_Accept_End (B : in Buf; Report : in String);
      procedure Reset_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         B : in Buf;
         Report : in String);
      entry Reset_Queue (A : in Buf; B : in out Buf; Report : out String);
      procedure Close;
   private
      Chosen : Checker_Entry := Checker_No_Entry;
      Closed : Boolean := False;
      Check_A : Buf;
      Check_B : Buf;
      Check_Report : Checker_Check_Report_Access;
      Check_B_Constrained : Boolean;
      Check_Done : Boolean := False;
      Check_Raised : Boolean := False;
      Check_Failure : Ada.Exceptions.Exception_Occurrence;
      Check_Target : Natural := 0;
      Reset_A : Buf;
      Reset_B : Buf;
      Reset_Report : Checker_Reset_Report_Access;
      Reset_B_Constrained : Boolean;
      Reset_Done : Boolean := False;
      Reset_Raised : Boolean := False;
      Reset_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Checker_Agent (Self => Checker_Rendezvous'Unchecked_Access);
   end Checker_Rendezvous;
   --  rdv2po: task type Checker became this protected type; each call goes on
   --  to its Checker_Rendezvous (general scheme)
   protected type Checker is
      entry Check (A : in Buf; B : in out Buf; Report : out String);
      entry Reset (A : in Buf; B : in out Buf; Report : out String);
   private
      Rendezvous : Checker_Rendezvous;
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Checker;

   --  rdv2po: task Tally became this protected object; its calls go on to
   --  Tally_Rendezvous and its code runs in the task Tally_Agent, both in the
   --  package body (general scheme)
   protected Tally is
      entry Add (Item : in Buf);
      entry Total (Sum : out Natural);
   end Tally;
end Shapes;

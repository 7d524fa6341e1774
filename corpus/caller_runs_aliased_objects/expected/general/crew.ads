--  A one-shot worker type whose objects are aliased, and a foreman task type
--  given two of them as access discriminants.
with Ada.Exceptions;
package Crew is
   type Hand_Rendezvous;
   type Hand_Entry is (Hand_No_Entry, Hand_Go);
   task type Hand_Agent
     (Self : not null access Hand_Rendezvous;
      Tag : Character) is
      --  rdv2po: general scheme agent of Hand_Rendezvous
   end Hand_Agent;
   --  rdv2po: the rendezvous of task type Hand, whose code runs in Hand_Agent,
   --  a component of it; clients call Hand, below (general scheme: each
   --  rendezvous goes through the object)
   protected type Hand_Rendezvous (Tag : Character) is
      entry Go (Times : Positive);
      --  rdv2po: the rendezvous protocol, for Hand_Agent
      entry Go_Accept_Begin (Times : out Positive);
      procedure Go_Accept_End;
      procedure Go_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Go_Queue (Times : in Positive);
      procedure Close;
   private
      Chosen : Hand_Entry := Hand_No_Entry;
      Closed : Boolean := False;
      Go_Times : Positive;
      Go_Done : Boolean := False;
      Go_Raised : Boolean := False;
      Go_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Hand_Agent (Self => Hand_Rendezvous'Unchecked_Access, Tag => Tag);
   end Hand_Rendezvous;
   --  rdv2po: task type Hand became this protected type; each call goes on to
   --  its Hand_Rendezvous (general scheme)
   protected type Hand (Tag : Character) is
      entry Go (Times : Positive);
   private
      Rendezvous : Hand_Rendezvous (Tag => Tag);
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Hand;

   task type Foreman (First, Second : access Hand);

   procedure Send (H : access Hand; Times : Positive);
end Crew;

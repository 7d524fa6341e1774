with Ada.Exceptions;
with Messages; use Messages;
package Mailboxes is
   type Slot_Array is array (Positive range <>) of Message;
   type Mailbox_Rendezvous;
   type Mailbox_Entry is
     (Mailbox_No_Entry,
      Mailbox_Put,
      Mailbox_Get,
      Mailbox_Pending);
   type Mailbox_Alternative is record
      Id : Mailbox_Entry := Mailbox_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Mailbox_Alternative_List is array (Positive range <>) of Mailbox_Alternative;
   task type Mailbox_Agent
     (Self : not null access Mailbox_Rendezvous;
      Capacity : Positive) is
      --  rdv2po: general scheme agent of Mailbox_Rendezvous
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Message);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Message);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Mailbox_Agent;
   --  rdv2po: the rendezvous of task type Mailbox, whose code runs in
   --  Mailbox_Agent, a component of it; clients call Mailbox, below (general
   --  scheme: each rendezvous goes through the object)
   protected type Mailbox_Rendezvous (Capacity : Positive := 4) is
      entry Put (M : Message);
      entry Get (M : out Message);
      entry Pending (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Mailbox_Agent
      entry Select_Arm
        (Order : Mailbox_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (M : Message);
      procedure Put_Woken (M : in Message);
      procedure Put_Take (M : out Message);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (M : in Message);
      entry Get_Held (M : out Message);
      procedure Get_Woken (M : in Message);
      procedure Get_Take (M : out Message);
      procedure Get_Accept_End (M : in Message);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         M : in Message);
      entry Get_Queue (M : out Message);
      entry Pending_Held (N : out Natural);
      procedure Pending_Woken (N : in Natural);
      procedure Pending_Take (N : out Natural);
      procedure Pending_Accept_End (N : in Natural);
      procedure Pending_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pending_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Mailbox_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Mailbox_Alternative);
      function Queued (Alternative : Mailbox_Alternative) return Boolean;
      function Position_Of (Alternative : Mailbox_Alternative) return Natural;
      Armed_List : Mailbox_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Mailbox_Entry := Mailbox_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_M : Message;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_M : Message;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Pending_Armed : Boolean := False;
      Pending_N : Natural;
      Pending_Done : Boolean := False;
      Pending_Raised : Boolean := False;
      Pending_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Mailbox_Agent (Self => Mailbox_Rendezvous'Unchecked_Access, Capacity => Capacity);
   end Mailbox_Rendezvous;
   --  rdv2po: task type Mailbox became this protected type; each call goes on
   --  to its Mailbox_Rendezvous (general scheme)
   protected type Mailbox (Capacity : Positive := 4) is
      entry Put (M : Message);
      entry Get (M : out Message);
      entry Pending (N : out Natural);
   private
      Rendezvous : Mailbox_Rendezvous (Capacity => Capacity);
      --  the barrier of every entry: GNAT 12 crashes on 'when True' in a
      --  protected type holding a task (gnat_to_gnu_entity)
      Passing : Boolean := True;
   end Mailbox;
   Boxes : array (Client_Id) of Mailbox;
end Mailboxes;

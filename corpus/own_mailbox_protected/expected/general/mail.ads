--  Mailboxes (server tasks declared in a package, a task type with a
--  discriminant) next to protected objects: a statistics object updated
--  from accept bodies, and a protected gate a mailbox waits on while it is
--  closed for maintenance.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
package Mail is
   Capacity : constant := 4;

   protected Stats is
      procedure Delivered (Box : Positive);
      function Total return Natural;
   private
      Count : Natural := 0;
   end Stats;

   protected Maintenance is
      entry Wait_Open;
      procedure Open;
      procedure Close;
      function Waiting return Natural;
   private
      Is_Open : Boolean := True;
   end Maintenance;

   type Mailbox;
   type Mailbox_Entry is
     (Mailbox_No_Entry,
      Mailbox_Send,
      Mailbox_Receive,
      Mailbox_Service);
   type Mailbox_Send_Text_Access is access String;
   procedure Free_Send_Text is new Ada.Unchecked_Deallocation
     (String,
      Mailbox_Send_Text_Access);
   type Mailbox_Alternative is record
      Id : Mailbox_Entry := Mailbox_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Mailbox_Alternative_List is array (Positive range <>) of Mailbox_Alternative;
   task type Mailbox_Agent
     (Self : not null access Mailbox;
      Number : Positive) is
      --  rdv2po: general scheme agent of Mailbox
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in String);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Unbounded_String);
      entry Wake_3 (Positive range 1 .. 3);
   end Mailbox_Agent;
   --  rdv2po: task type Mailbox became this protected type; its code runs in
   --  Mailbox_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Mailbox (Number : Positive) is
      entry Send (Text : String);
      entry Receive (Text : out Unbounded_String);
      entry Service;
      --  rdv2po: the rendezvous protocol, for Mailbox_Agent
      entry Select_Arm
        (Order : Mailbox_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Send_Held (Text : String);
      procedure Send_Woken (Text : in String);
      procedure Send_Take;
      function Send_Text_Value return String;
      procedure Send_Accept_End;
      procedure Send_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Send_Queue (Text : in String);
      entry Receive_Held (Text : out Unbounded_String);
      procedure Receive_Woken (Text : in Unbounded_String);
      procedure Receive_Take (Text : out Unbounded_String);
      procedure Receive_Accept_End (Text : in Unbounded_String);
      procedure Receive_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Text : in Unbounded_String);
      entry Receive_Queue (Text : out Unbounded_String);
      entry Service_Held;
      procedure Service_Woken;
      procedure Service_Take;
      procedure Service_Accept_End;
      procedure Service_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Service_Queue;
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Mailbox_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
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
      Send_Armed : Boolean := False;
      Send_Text : Mailbox_Send_Text_Access;
      Send_Done : Boolean := False;
      Send_Raised : Boolean := False;
      Send_Failure : Ada.Exceptions.Exception_Occurrence;
      Receive_Armed : Boolean := False;
      Receive_Text : Unbounded_String;
      Receive_Done : Boolean := False;
      Receive_Raised : Boolean := False;
      Receive_Failure : Ada.Exceptions.Exception_Occurrence;
      Service_Armed : Boolean := False;
      Service_Done : Boolean := False;
      Service_Raised : Boolean := False;
      Service_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Mailbox_Agent (Self => Mailbox'Unchecked_Access, Number => Number);
   end Mailbox;

   Box_1 : Mailbox (1);
   Box_2 : Mailbox (2);
end Mail;

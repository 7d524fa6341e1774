--  A ticket dispenser.  It must be started once with the number of its
--  first ticket; then it hands out tickets while it has stock, and takes a
--  refill of Batch more tickets only when it has run out.

with Ada.Exceptions;
package Tickets is

   Batch : constant := 8;   --  tickets in stock after Start and each Refill

   type Dispenser_Entry is
     (Dispenser_No_Entry,
      Dispenser_Start,
      Dispenser_Take,
      Dispenser_Refill);
   type Dispenser_Alternative is record
      Id : Dispenser_Entry := Dispenser_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Dispenser_Alternative_List is array (Positive range <>) of Dispenser_Alternative;
   --  rdv2po: task Dispenser became this protected object; its code runs in
   --  the task Dispenser_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected Dispenser is
      entry Start (Initial : in Integer);
      entry Take (Ticket : out Integer);
      --  open while stock is left
      entry Refill;
      --  open when out of stock
      --  rdv2po: the rendezvous protocol, for Dispenser_Agent
      entry Select_Arm
        (Order : Dispenser_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin (Initial : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Initial : in Integer);
      entry Take_Held (Ticket : out Integer);
      procedure Take_Woken (Ticket : in Integer);
      procedure Take_Take (Ticket : out Integer);
      procedure Take_Accept_End (Ticket : in Integer);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (Ticket : out Integer);
      entry Refill_Held;
      procedure Refill_Woken;
      procedure Refill_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Dispenser_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Dispenser_Alternative);
      function Queued (Alternative : Dispenser_Alternative) return Boolean;
      function Position_Of (Alternative : Dispenser_Alternative) return Natural;
      Armed_List : Dispenser_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Dispenser_Entry := Dispenser_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Initial : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Armed : Boolean := False;
      Take_Ticket : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Refill_Armed : Boolean := False;
   end Dispenser;
   task Dispenser_Agent is
      --  rdv2po: general scheme agent of Dispenser
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : out Integer);
      entry Wake_2 (Positive range 1 .. 2);
   end Dispenser_Agent;

end Tickets;

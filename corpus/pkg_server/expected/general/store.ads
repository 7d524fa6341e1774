--  A bounded-buffer server task declared in a library package spec.

with Ada.Exceptions;
package Store is

   Capacity : constant := 4;

   type Keeper_Entry is
     (Keeper_No_Entry,
      Keeper_Put,
      Keeper_Get,
      Keeper_Stored);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   --  rdv2po: task Keeper became this protected object; its code runs in the
   --  task Keeper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Keeper is
      entry Put (Item : Integer);
      entry Get (Item : out Integer);
      entry Stored (Count : out Natural);
      --  rdv2po: the rendezvous protocol, for Keeper_Agent
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Put_Held (Item : Integer);
      procedure Put_Woken (Item : in Integer);
      procedure Put_Take (Item : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (Item : in Integer);
      entry Get_Held (Item : out Integer);
      procedure Get_Woken (Item : in Integer);
      procedure Get_Take (Item : out Integer);
      procedure Get_Accept_End (Item : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Item : out Integer);
      entry Stored_Held (Count : out Natural);
      procedure Stored_Woken (Count : in Natural);
      procedure Stored_Take (Count : out Natural);
      procedure Stored_Accept_End (Count : in Natural);
      procedure Stored_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stored_Queue (Count : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Keeper_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Keeper_Alternative);
      function Queued (Alternative : Keeper_Alternative) return Boolean;
      function Position_Of (Alternative : Keeper_Alternative) return Natural;
      Armed_List : Keeper_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Keeper_Entry := Keeper_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_Item : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Item : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Stored_Armed : Boolean := False;
      Stored_Count_2 : Natural;
      Stored_Done : Boolean := False;
      Stored_Raised : Boolean := False;
      Stored_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : out Integer);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Natural);
   end Keeper_Agent;

end Store;

private with Ada.Exceptions;
package Tallies is
   pragma Remote_Types;
   type Tally is tagged limited private;
   procedure Add (T : in out Tally; N : Integer);
   function Total (T : in out Tally) return Integer;
private
   type Counter;
   type Counter_Entry is (Counter_No_Entry, Counter_Add, Counter_Total);
   type Counter_Alternative is record
      Id : Counter_Entry := Counter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Counter_Alternative_List is array (Positive range <>) of Counter_Alternative;
   task type Counter_Agent (Self : not null access Counter) is
      --  rdv2po: general scheme agent of Counter
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Counter_Agent;
   --  rdv2po: task type Counter became this protected type; its code runs in
   --  Counter_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Counter is
      entry Add (N : Integer);
      entry Total (S : out Integer);
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Select_Arm
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (N : Integer);
      procedure Add_Woken (N : in Integer);
      procedure Add_Take (N : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (N : in Integer);
      entry Total_Held (S : out Integer);
      procedure Total_Woken (S : in Integer);
      procedure Total_Take (S : out Integer);
      procedure Total_Accept_End (S : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (S : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Counter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Counter_Alternative);
      function Queued (Alternative : Counter_Alternative) return Boolean;
      function Position_Of (Alternative : Counter_Alternative) return Natural;
      Armed_List : Counter_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Counter_Entry := Counter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_N : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_S : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Counter_Agent (Self => Counter'Unchecked_Access);
   end Counter;
   type Tally is tagged limited record
      C : Counter;
   end record;
end Tallies;

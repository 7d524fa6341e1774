--  A service desk with one entry family member per request level.  Low
--  requests are only taken while no High request is waiting; each request
--  answers Y = X * Weight (Level).

with Ada.Exceptions;
package Service is

   type Level is (Low, Medium, High);

   type Level_Counts is array (Level) of Natural;
   type Level_Sums   is array (Level) of Integer;

   Weight : constant Level_Sums := (Low => 1, Medium => 10, High => 100);

   type Desk_Entry is (Desk_No_Entry, Desk_Request, Desk_Report);
   type Desk_Alternative is record
      Id : Desk_Entry := Desk_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Desk_Alternative_List is array (Positive range <>) of Desk_Alternative;
   type Desk_Request_Set is array (Level) of Boolean;
   --  rdv2po: task Desk became this protected object; its code runs in the
   --  task Desk_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Desk is
      entry Request (Level) (X : in Integer; Y : out Integer);
      entry Report (Counts : out Level_Counts; Sums : out Level_Sums);
      --  rdv2po: the rendezvous protocol, for Desk_Agent
      entry Select_Arm
        (Order : Desk_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Request_Held (Level) (X : in Integer; Y : out Integer);
      procedure Request_Woken (X : in Integer; Y : in Integer);
      procedure Request_Take (X : out Integer; Y : out Integer);
      procedure Request_Accept_End (Y : in Integer);
      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Request_Queue (X : in Integer; Y : out Integer);
      function Request_Count (Index : Level) return Natural;
      entry Report_Held (Counts : out Level_Counts; Sums : out Level_Sums);
      procedure Report_Woken (Counts : in Level_Counts; Sums : in Level_Sums);
      procedure Report_Take (Counts : out Level_Counts; Sums : out Level_Sums);
      procedure Report_Accept_End
        (Counts : in Level_Counts;
         Sums : in Level_Sums);
      procedure Report_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Counts : in Level_Counts;
         Sums : in Level_Sums);
      entry Report_Queue (Counts : out Level_Counts; Sums : out Level_Sums);
      procedure Close;
   private
      entry Select_Wait
        (Order : Desk_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Desk_Alternative);
      function Queued (Alternative : Desk_Alternative) return Boolean;
      function Position_Of (Alternative : Desk_Alternative) return Natural;
      Armed_List : Desk_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Desk_Entry := Desk_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Request_Armed : Desk_Request_Set := (others => False);
      Request_X : Integer;
      Request_Y : Integer;
      Request_Done : Boolean := False;
      Request_Raised : Boolean := False;
      Request_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Counts : Level_Counts;
      Report_Sums : Level_Sums;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Desk;
   task Desk_Agent is
      --  rdv2po: general scheme agent of Desk
      entry Wake_1 (Positive range 1 .. 4)
        (Value_1 : in Integer; Value_2 : out Integer);
      entry Wake_2 (Positive range 1 .. 4)
        (Value_1 : out Level_Counts; Value_2 : out Level_Sums);
   end Desk_Agent;

end Service;

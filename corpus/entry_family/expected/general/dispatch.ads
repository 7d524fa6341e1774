--  A server with an entry family indexed by an enumeration type.  Once
--  opened, it serves Request (High) before Request (Mid) before
--  Request (Low), using guards over the family members' 'Count.

with Ada.Exceptions;
package Dispatch is

   type Priority is (Low, Mid, High);

   type Sum_Array is array (Priority) of Integer;

   Expected : constant := 9;  --  requests Main lets queue up before Go

   type Server_Entry is
     (Server_No_Entry,
      Server_Ready,
      Server_Go,
      Server_Request,
      Server_Report);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   type Server_Request_Set is array (Priority) of Boolean;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Ready (All_Queued : out Boolean);
      entry Go;
      entry Request (Priority) (X : in Integer);
      entry Report (Trace : out Natural; Sums : out Sum_Array;
                    Served : out Natural; Violations : out Natural);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order_2 : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Ready_Held (All_Queued : out Boolean);
      procedure Ready_Woken (All_Queued : in Boolean);
      procedure Ready_Take (All_Queued : out Boolean);
      procedure Ready_Accept_End (All_Queued : in Boolean);
      procedure Ready_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Ready_Queue (All_Queued : out Boolean);
      entry Go_Held;
      procedure Go_Woken;
      procedure Go_Take;
      entry Request_Held (Priority) (X : in Integer);
      procedure Request_Woken (X : in Integer);
      procedure Request_Take (X : out Integer);
      procedure Request_Accept_End;
      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Request_Queue (X : in Integer);
      function Request_Count (Index : Priority) return Natural;
      entry Report_Held
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural);
      procedure Report_Woken
        (Trace : in Natural;
         Sums : in Sum_Array;
         Served : in Natural;
         Violations : in Natural);
      procedure Report_Take
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural);
      procedure Report_Accept_End
        (Trace : in Natural;
         Sums : in Sum_Array;
         Served : in Natural;
         Violations : in Natural);
      procedure Report_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Sums : in Sum_Array);
      entry Report_Queue
        (Trace : out Natural;
         Sums : out Sum_Array;
         Served : out Natural;
         Violations : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order_2 : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 6);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Ready_Armed : Boolean := False;
      Ready_All_Queued : Boolean;
      Ready_Done : Boolean := False;
      Ready_Raised : Boolean := False;
      Ready_Failure : Ada.Exceptions.Exception_Occurrence;
      Go_Armed : Boolean := False;
      Request_Armed : Server_Request_Set := (others => False);
      Request_X : Integer;
      Request_Done : Boolean := False;
      Request_Raised : Boolean := False;
      Request_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Trace : Natural;
      Report_Sums : Sum_Array;
      Report_Served : Natural;
      Report_Violations : Natural;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Wake_1 (Positive range 1 .. 6) (Value_1 : out Boolean);
      entry Wake_2 (Positive range 1 .. 6);
      entry Wake_3 (Positive range 1 .. 6) (Value_1 : in Integer);
      entry Wake_4 (Positive range 1 .. 6)
        
          (Value_1 : out Natural;
           Value_2 : out Sum_Array;
           Value_3 : out Natural;
           Value_4 : out Natural);
   end Server_Agent;

end Dispatch;

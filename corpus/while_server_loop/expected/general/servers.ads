--  Three servers whose loop is a while loop.
with Ada.Exceptions;
package Servers is

   type Logger_Entry is
     (Logger_No_Entry,
      Logger_Log,
      Logger_Total,
      Logger_Stop);
   type Logger_Alternative is record
      Id : Logger_Entry := Logger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Logger_Alternative_List is array (Positive range <>) of Logger_Alternative;
   --  rdv2po: task Logger became this protected object; its code runs in the
   --  task Logger_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Logger is
      entry Log (X : Integer);
      entry Total (T : out Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Logger_Agent
      entry Select_Arm
        (Order : Logger_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Log_Take (X : out Integer);
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (X : in Integer);
      procedure Total_Take (T : out Integer);
      procedure Total_Accept_End (T : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (T : out Integer);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Logger_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Logger_Alternative);
      function Queued (Alternative : Logger_Alternative) return Boolean;
      function Position_Of (Alternative : Logger_Alternative) return Natural;
      Armed_List : Logger_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Logger_Entry := Logger_No_Entry;
      Closed : Boolean := False;
      Log_Armed : Boolean := False;
      Log_X : Integer;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_T : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Logger;
   task Logger_Agent is
      --  rdv2po: general scheme agent of Logger
   end Logger_Agent;

   type Counter_Entry is (Counter_No_Entry, Counter_Tick);
   --  rdv2po: task Counter became this protected object; its code runs in the
   --  task Counter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Counter is
      entry Tick (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Counter_Agent
      entry Tick_Accept_Begin (N : out Natural);
      procedure Tick_Accept_End (N : in Natural);
      procedure Tick_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Tick_Queue (N : out Natural);
      procedure Close;
   private
      Chosen : Counter_Entry := Counter_No_Entry;
      Closed : Boolean := False;
      Tick_N : Natural;
      Tick_Done : Boolean := False;
      Tick_Raised : Boolean := False;
      Tick_Failure : Ada.Exceptions.Exception_Occurrence;
   end Counter;
   task Counter_Agent is
      --  rdv2po: general scheme agent of Counter
   end Counter_Agent;

   type Never_Entry is (Never_No_Entry, Never_Ping);
   --  rdv2po: task Never became this protected object; its code runs in the
   --  task Never_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Never is
      entry Ping;
      --  rdv2po: the rendezvous protocol, for Never_Agent
      entry Ping_Accept_Begin;
      procedure Close;
   private
      Chosen : Never_Entry := Never_No_Entry;
      Closed : Boolean := False;
   end Never;
   task Never_Agent is
      --  rdv2po: general scheme agent of Never
   end Never_Agent;

end Servers;

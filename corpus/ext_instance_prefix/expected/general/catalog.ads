with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with Int_Vectors;
package Catalog is
   type Catalog_Server_Entry is
     (Catalog_Server_No_Entry,
      Catalog_Server_Add_Item,
      Catalog_Server_Names,
      Catalog_Server_Best);
   type Catalog_Server_Add_Item_Name_Access is access String;
   procedure Free_Add_Item_Name is new Ada.Unchecked_Deallocation
     (String,
      Catalog_Server_Add_Item_Name_Access);
   type Catalog_Server_Alternative is record
      Id : Catalog_Server_Entry := Catalog_Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Catalog_Server_Alternative_List is array (Positive range <>) of Catalog_Server_Alternative;
   --  rdv2po: task Catalog_Server became this protected object; its code runs
   --  in the task Catalog_Server_Agent, declared after it (general scheme:
   --  each rendezvous goes through the object)
   protected Catalog_Server is
      entry Add_Item (Name : String; Score : Integer);
      entry Names (All_Names : out Unbounded_String; Count : out Natural);
      entry Best (Score : out Integer);
      --  rdv2po: the rendezvous protocol, for Catalog_Server_Agent
      entry Select_Arm
        (Order : Catalog_Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Add_Item_Held (Name : String; Score : Integer);
      procedure Add_Item_Woken (Name : in String; Score : in Integer);
      procedure Add_Item_Take (Score : out Integer);
      function Add_Item_Name_Value return String;
      procedure Add_Item_Accept_End;
      procedure Add_Item_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Item_Queue (Name : in String; Score : in Integer);
      entry Names_Held (All_Names : out Unbounded_String; Count : out Natural);
      procedure Names_Woken
        (All_Names : in Unbounded_String;
         Count : in Natural);
      procedure Names_Take
        (All_Names : out Unbounded_String;
         Count : out Natural);
      procedure Names_Accept_End
        (All_Names : in Unbounded_String;
         Count : in Natural);
      procedure Names_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         All_Names : in Unbounded_String);
      entry Names_Queue
        (All_Names : out Unbounded_String;
         Count : out Natural);
      entry Best_Held (Score : out Integer);
      procedure Best_Woken (Score : in Integer);
      procedure Best_Take (Score : out Integer);
      procedure Best_Accept_End (Score : in Integer);
      procedure Best_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Best_Queue (Score : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Catalog_Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Catalog_Server_Alternative);
      function Queued (Alternative : Catalog_Server_Alternative) return Boolean;
      function Position_Of (Alternative : Catalog_Server_Alternative) return Natural;
      Armed_List : Catalog_Server_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Catalog_Server_Entry := Catalog_Server_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Item_Armed : Boolean := False;
      Add_Item_Name : Catalog_Server_Add_Item_Name_Access;
      Add_Item_Score : Integer;
      Add_Item_Done : Boolean := False;
      Add_Item_Raised : Boolean := False;
      Add_Item_Failure : Ada.Exceptions.Exception_Occurrence;
      Names_Armed : Boolean := False;
      Names_All_Names : Unbounded_String;
      Names_Count_2 : Natural;
      Names_Done : Boolean := False;
      Names_Raised : Boolean := False;
      Names_Failure : Ada.Exceptions.Exception_Occurrence;
      Best_Armed : Boolean := False;
      Best_Score : Integer;
      Best_Done : Boolean := False;
      Best_Raised : Boolean := False;
      Best_Failure : Ada.Exceptions.Exception_Occurrence;
   end Catalog_Server;
   task Catalog_Server_Agent is
      --  rdv2po: general scheme agent of Catalog_Server
      entry Wake_1 (Positive range 1 .. 3)
        (Value_1 : in String; Value_2 : in Integer);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : out Unbounded_String; Value_2 : out Natural);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Integer);
   end Catalog_Server_Agent;
end Catalog;

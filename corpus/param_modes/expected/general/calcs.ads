--  A server task whose entries use every parameter mode: in, out and
--  in out; several parameters per entry, records, an unconstrained array
--  and a defaulted in parameter.

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
package Calcs is

   type Point is record
      X, Y : Integer;
   end record;

   type Int_Array is array (Positive range <>) of Integer;

   subtype Name_String is String (1 .. 8);

   type Person is record
      Name : Name_String;
      Age  : Natural;
   end record;

   type Stats_Rec is record
      Calls      : Natural;
      Registered : Natural;
      Last_Sum   : Integer;
   end record;

   Max_People : constant := 4;
   subtype Person_Id is Positive range 1 .. Max_People;

   type Calc_Entry is
     (Calc_No_Entry,
      Calc_Add,
      Calc_Swap,
      Calc_Move,
      Calc_Normalize,
      Calc_Register,
      Calc_Lookup,
      Calc_Stats);
   type Calc_Normalize_V_Access is access Int_Array;
   procedure Free_Normalize_V is new Ada.Unchecked_Deallocation
     (Int_Array,
      Calc_Normalize_V_Access);
   type Calc_Alternative is record
      Id : Calc_Entry := Calc_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Calc_Alternative_List is array (Positive range <>) of Calc_Alternative;
   --  rdv2po: task Calc became this protected object; its code runs in the
   --  task Calc_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Calc is
      entry Add (A, B : in Integer; Sum : out Integer);
      entry Swap (A, B : in out Integer);
      entry Move (P : in out Point; D : in Point; Steps : in Positive := 1);
      entry Normalize (V : in out Int_Array; Min, Max : out Integer);
      entry Register (P : in Person; Id : out Person_Id);
      entry Lookup (Id : in Person_Id; P : out Person; Found : out Boolean);
      entry Stats (S : out Stats_Rec);
      --  rdv2po: the rendezvous protocol, for Calc_Agent
      entry Select_Arm
        (Order : Calc_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      entry Add_Held (A, B : in Integer; Sum : out Integer);
      procedure Add_Woken (A : in Integer; B : in Integer; Sum : in Integer);
      procedure Add_Take (A : out Integer; B : out Integer; Sum : out Integer);
      procedure Add_Accept_End (Sum : in Integer);
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (A : in Integer; B : in Integer; Sum : out Integer);
      entry Swap_Held (A, B : in out Integer);
      procedure Swap_Woken (A : in Integer; B : in Integer);
      procedure Swap_Take (A : out Integer; B : out Integer);
      procedure Swap_Accept_End (A : in Integer; B : in Integer);
      procedure Swap_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Swap_Queue (A : in out Integer; B : in out Integer);
      entry Move_Held
        (P : in out Point;
         D : in Point;
         Steps : in Positive := 1);
      procedure Move_Woken (P : in Point; D : in Point; Steps : in Positive);
      procedure Move_Take (P : out Point; D : out Point; Steps : out Positive);
      procedure Move_Accept_End (P : in Point);
      procedure Move_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Point);
      entry Move_Queue (P : in out Point; D : in Point; Steps : in Positive);
      entry Normalize_Held (V : in out Int_Array; Min, Max : out Integer);
      procedure Normalize_Woken
        (V : in Int_Array;
         Min : in Integer;
         Max : in Integer);
      procedure Normalize_Take (Min : out Integer; Max : out Integer);
      function Normalize_V_Value return Int_Array;
      procedure Normalize_Accept_End
        (V : in Int_Array;
         Min : in Integer;
         Max : in Integer);
      procedure Normalize_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         V : in Int_Array);
      entry Normalize_Queue
        (V : in out Int_Array;
         Min : out Integer;
         Max : out Integer);
      entry Register_Held (P : in Person; Id : out Person_Id);
      procedure Register_Woken (P : in Person; Id : in Person_Id);
      procedure Register_Take (P : out Person; Id : out Person_Id);
      procedure Register_Accept_End (Id : in Person_Id);
      procedure Register_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Register_Queue (P : in Person; Id : out Person_Id);
      entry Lookup_Held
        (Id : in Person_Id;
         P : out Person;
         Found : out Boolean);
      procedure Lookup_Woken
        (Id : in Person_Id;
         P : in Person;
         Found : in Boolean);
      procedure Lookup_Take
        (Id : out Person_Id;
         P : out Person;
         Found : out Boolean);
      procedure Lookup_Accept_End (P : in Person; Found : in Boolean);
      procedure Lookup_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Person);
      entry Lookup_Queue
        (Id : in Person_Id;
         P : out Person;
         Found : out Boolean);
      entry Stats_Held (S : out Stats_Rec);
      procedure Stats_Woken (S : in Stats_Rec);
      procedure Stats_Take (S : out Stats_Rec);
      procedure Stats_Accept_End (S : in Stats_Rec);
      procedure Stats_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         S : in Stats_Rec);
      entry Stats_Queue (S : out Stats_Rec);
      procedure Close;
   private
      entry Select_Wait
        (Order : Calc_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Calc_Alternative);
      function Queued (Alternative : Calc_Alternative) return Boolean;
      function Position_Of (Alternative : Calc_Alternative) return Natural;
      Armed_List : Calc_Alternative_List (1 .. 7);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Calc_Entry := Calc_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_A : Integer;
      Add_B : Integer;
      Add_Sum : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Swap_Armed : Boolean := False;
      Swap_A : Integer;
      Swap_B : Integer;
      Swap_Done : Boolean := False;
      Swap_Raised : Boolean := False;
      Swap_Failure : Ada.Exceptions.Exception_Occurrence;
      Move_Armed : Boolean := False;
      Move_P : Point;
      Move_D : Point;
      Move_Steps : Positive;
      Move_Done : Boolean := False;
      Move_Raised : Boolean := False;
      Move_Failure : Ada.Exceptions.Exception_Occurrence;
      Normalize_Armed : Boolean := False;
      Normalize_V : Calc_Normalize_V_Access;
      Normalize_Min : Integer;
      Normalize_Max : Integer;
      Normalize_Done : Boolean := False;
      Normalize_Raised : Boolean := False;
      Normalize_Failure : Ada.Exceptions.Exception_Occurrence;
      Register_Armed : Boolean := False;
      Register_P : Person;
      Register_Id : Person_Id;
      Register_Done : Boolean := False;
      Register_Raised : Boolean := False;
      Register_Failure : Ada.Exceptions.Exception_Occurrence;
      Lookup_Armed : Boolean := False;
      Lookup_Id : Person_Id;
      Lookup_P : Person;
      Lookup_Found : Boolean;
      Lookup_Done : Boolean := False;
      Lookup_Raised : Boolean := False;
      Lookup_Failure : Ada.Exceptions.Exception_Occurrence;
      Stats_Armed : Boolean := False;
      Stats_S : Stats_Rec;
      Stats_Done : Boolean := False;
      Stats_Raised : Boolean := False;
      Stats_Failure : Ada.Exceptions.Exception_Occurrence;
   end Calc;
   task Calc_Agent is
      --  rdv2po: general scheme agent of Calc
      entry Wake_1 (Positive range 1 .. 7)
        (Value_1 : in Integer; Value_2 : in Integer; Value_3 : out Integer);
      entry Wake_2 (Positive range 1 .. 7)
        (Value_1 : in out Integer; Value_2 : in out Integer);
      entry Wake_3 (Positive range 1 .. 7)
        (Value_1 : in out Point; Value_2 : in Point; Value_3 : in Positive);
      entry Wake_4 (Positive range 1 .. 7)
        
          (Value_1 : in out Int_Array;
           Value_2 : out Integer;
           Value_3 : out Integer);
      entry Wake_5 (Positive range 1 .. 7)
        (Value_1 : in Person; Value_2 : out Person_Id);
      entry Wake_6 (Positive range 1 .. 7)
        (Value_1 : in Person_Id; Value_2 : out Person; Value_3 : out Boolean);
      entry Wake_7 (Positive range 1 .. 7) (Value_1 : out Stats_Rec);
   end Calc_Agent;

end Calcs;

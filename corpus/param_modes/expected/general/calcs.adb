with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
package body Calcs is

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
   --  rdv2po: the rendezvous of task Calc, for Calc_Agent
   protected Calc_Rendezvous is
      entry Add (A, B : in Integer; Sum : out Integer);
      entry Swap (A, B : in out Integer);
      entry Move (P : in out Point; D : in Point; Steps : in Positive := 1);
      entry Normalize (V : in out Int_Array; Min, Max : out Integer);
      entry Register (P : in Person; Id : out Person_Id);
      entry Lookup (Id : in Person_Id; P : out Person; Found : out Boolean);
      entry Stats (S : out Stats_Rec);
      entry Select_Arm
        (Order : Calc_Alternative_List;
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
      entry Move_Held (P : in out Point; D : in Point; Steps : in Positive);
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
   end Calc_Rendezvous;
   task Calc_Agent is
      --  rdv2po: general scheme agent of Calc_Rendezvous
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

   protected body Calc is
      --  rdv2po: each call goes on to Calc_Rendezvous, as cancellable as it
      --  was
      entry Add (A, B : in Integer; Sum : out Integer) when True is
      begin
         requeue Calc_Rendezvous.Add with abort;
      end Add;

      entry Swap (A, B : in out Integer) when True is
      begin
         requeue Calc_Rendezvous.Swap with abort;
      end Swap;

      entry Move (P : in out Point; D : in Point; Steps : in Positive := 1)
        when True is
      begin
         requeue Calc_Rendezvous.Move with abort;
      end Move;

      entry Normalize (V : in out Int_Array; Min, Max : out Integer)
        when True is
      begin
         requeue Calc_Rendezvous.Normalize with abort;
      end Normalize;

      entry Register (P : in Person; Id : out Person_Id) when True is
      begin
         requeue Calc_Rendezvous.Register with abort;
      end Register;

      entry Lookup (Id : in Person_Id; P : out Person; Found : out Boolean)
        when True is
      begin
         requeue Calc_Rendezvous.Lookup with abort;
      end Lookup;

      entry Stats (S : out Stats_Rec) when True is
      begin
         requeue Calc_Rendezvous.Stats with abort;
      end Stats;
   end Calc;

   protected body Calc_Rendezvous is

      entry Add (A, B : in Integer; Sum : out Integer)
        when Closed
          or else (Chosen = Calc_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Calc_Agent.Wake_1
              (Position_Of ((Id => Calc_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Calc_Add, Index => 0));
         Add_Woken (A, B, Sum);
         requeue Add_Queue;
      end Add;

      entry Add_Held (A, B : in Integer; Sum : out Integer)
        when Closed or else (Chosen = Calc_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Calc_Add, Index => 0));
         Add_Woken (A, B, Sum);
         requeue Add_Queue;
      end Add_Held;

      entry Swap (A, B : in out Integer)
        when Closed
          or else (Chosen = Calc_No_Entry
                   and then Swap_Armed
                   and then Swap_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Calc_Agent.Wake_2
              (Position_Of ((Id => Calc_Swap, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Calc_Swap, Index => 0));
         Swap_Woken (A, B);
         requeue Swap_Queue;
      end Swap;

      entry Swap_Held (A, B : in out Integer)
        when Closed or else (Chosen = Calc_No_Entry and then Swap_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Calc_Swap, Index => 0));
         Swap_Woken (A, B);
         requeue Swap_Queue;
      end Swap_Held;

      entry Move (P : in out Point; D : in Point; Steps : in Positive := 1)
        when Closed
          or else (Chosen = Calc_No_Entry
                   and then Move_Armed
                   and then Move_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Calc_Agent.Wake_3
              (Position_Of ((Id => Calc_Move, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Calc_Move, Index => 0));
         Move_Woken (P, D, Steps);
         requeue Move_Queue;
      end Move;

      entry Move_Held (P : in out Point; D : in Point; Steps : in Positive)
        when Closed or else (Chosen = Calc_No_Entry and then Move_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Calc_Move, Index => 0));
         Move_Woken (P, D, Steps);
         requeue Move_Queue;
      end Move_Held;

      entry Normalize (V : in out Int_Array; Min, Max : out Integer)
        when Closed
          or else (Chosen = Calc_No_Entry
                   and then Normalize_Armed
                   and then Normalize_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Calc_Agent.Wake_4
              (Position_Of ((Id => Calc_Normalize, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Calc_Normalize, Index => 0));
         Normalize_Woken (V, Min, Max);
         requeue Normalize_Queue;
      end Normalize;

      entry Normalize_Held (V : in out Int_Array; Min, Max : out Integer)
        when Closed or else (Chosen = Calc_No_Entry and then Normalize_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Calc_Normalize, Index => 0));
         Normalize_Woken (V, Min, Max);
         requeue Normalize_Queue;
      end Normalize_Held;

      entry Register (P : in Person; Id : out Person_Id)
        when Closed
          or else (Chosen = Calc_No_Entry
                   and then Register_Armed
                   and then Register_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Calc_Agent.Wake_5
              (Position_Of ((Id => Calc_Register, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Calc_Register, Index => 0));
         Register_Woken (P, Id);
         requeue Register_Queue;
      end Register;

      entry Register_Held (P : in Person; Id : out Person_Id)
        when Closed or else (Chosen = Calc_No_Entry and then Register_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Calc_Register, Index => 0));
         Register_Woken (P, Id);
         requeue Register_Queue;
      end Register_Held;

      entry Lookup (Id : in Person_Id; P : out Person; Found : out Boolean)
        when Closed
          or else (Chosen = Calc_No_Entry
                   and then Lookup_Armed
                   and then Lookup_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Calc_Agent.Wake_6
              (Position_Of ((Id => Calc_Lookup, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Calc_Lookup, Index => 0));
         Lookup_Woken (Id, P, Found);
         requeue Lookup_Queue;
      end Lookup;

      entry Lookup_Held
        (Id : in Person_Id;
         P : out Person;
         Found : out Boolean)
        when Closed or else (Chosen = Calc_No_Entry and then Lookup_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Calc_Lookup, Index => 0));
         Lookup_Woken (Id, P, Found);
         requeue Lookup_Queue;
      end Lookup_Held;

      entry Stats (S : out Stats_Rec)
        when Closed
          or else (Chosen = Calc_No_Entry
                   and then Stats_Armed
                   and then Stats_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Calc_Agent.Wake_7
              (Position_Of ((Id => Calc_Stats, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Calc_Stats, Index => 0));
         Stats_Woken (S);
         requeue Stats_Queue;
      end Stats;

      entry Stats_Held (S : out Stats_Rec)
        when Closed or else (Chosen = Calc_No_Entry and then Stats_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Calc_Stats, Index => 0));
         Stats_Woken (S);
         requeue Stats_Queue;
      end Stats_Held;

      entry Select_Arm
        (Order : Calc_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found_2 : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Calc_No_Entry then
               if Found_2 = 0 and then Queued (Order (K)) then
                  Found_2 := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found_2 /= 0 then
            Armed_List (1 .. Found_2) := Order (Order'First .. Order'First + Found_2 - 1);
            Armed_Last := Found_2;
            Arm (Order (Found_2));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found_2 = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Calc_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Calc_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Swap_Armed := False;
         Move_Armed := False;
         Normalize_Armed := False;
         Register_Armed := False;
         Lookup_Armed := False;
         Stats_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Calc_Alternative) is
      begin
         case Alternative.Id is
            when Calc_Add =>
               Add_Armed := True;
            when Calc_Swap =>
               Swap_Armed := True;
            when Calc_Move =>
               Move_Armed := True;
            when Calc_Normalize =>
               Normalize_Armed := True;
            when Calc_Register =>
               Register_Armed := True;
            when Calc_Lookup =>
               Lookup_Armed := True;
            when Calc_Stats =>
               Stats_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Calc_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Calc_Add =>
               return Calc_Rendezvous.Add'Count + Add_Held'Count > 0;
            when Calc_Swap =>
               return Calc_Rendezvous.Swap'Count + Swap_Held'Count > 0;
            when Calc_Move =>
               return Calc_Rendezvous.Move'Count + Move_Held'Count > 0;
            when Calc_Normalize =>
               return Calc_Rendezvous.Normalize'Count
                 + Normalize_Held'Count > 0;
            when Calc_Register =>
               return Calc_Rendezvous.Register'Count + Register_Held'Count > 0;
            when Calc_Lookup =>
               return Calc_Rendezvous.Lookup'Count + Lookup_Held'Count > 0;
            when Calc_Stats =>
               return Calc_Rendezvous.Stats'Count + Stats_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Calc_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take
        (A : out Integer;
         B : out Integer;
         Sum : out Integer) is
      begin
         A := Add_A;
         B := Add_B;
         Sum := Add_Sum;
         Chosen := Calc_No_Entry;
      end Add_Take;

      procedure Add_Woken (A : in Integer; B : in Integer; Sum : in Integer) is
      begin
         Disarm;
         Chosen := Calc_Add;
         Add_A := A;
         Add_B := B;
         Add_Sum := Sum;
         Add_Done := False;
      end Add_Woken;

      procedure Add_Accept_End (Sum : in Integer) is
      begin
         Add_Sum := Sum;
         Add_Done := True;
      end Add_Accept_End;

      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
         Add_Raised := True;
         Add_Done := True;
      end Add_Failed;

      entry Add_Queue (A : in Integer; B : in Integer; Sum : out Integer)
        when Add_Done or else Closed is
      begin
         if not Add_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Done := False;
         if Add_Raised then
            Add_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Add_Failure);
         end if;
         Sum := Add_Sum;
      end Add_Queue;

      procedure Swap_Take (A : out Integer; B : out Integer) is
      begin
         A := Swap_A;
         B := Swap_B;
         Chosen := Calc_No_Entry;
      end Swap_Take;

      procedure Swap_Woken (A : in Integer; B : in Integer) is
      begin
         Disarm;
         Chosen := Calc_Swap;
         Swap_A := A;
         Swap_B := B;
         Swap_Done := False;
      end Swap_Woken;

      procedure Swap_Accept_End (A : in Integer; B : in Integer) is
      begin
         Swap_A := A;
         Swap_B := B;
         Swap_Done := True;
      end Swap_Accept_End;

      procedure Swap_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Swap_Failure, Occurrence);
         Swap_Raised := True;
         Swap_Done := True;
      end Swap_Failed;

      entry Swap_Queue (A : in out Integer; B : in out Integer)
        when Swap_Done or else Closed is
      begin
         if not Swap_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Swap_Done := False;
         if Swap_Raised then
            Swap_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Swap_Failure);
         end if;
         A := Swap_A;
         B := Swap_B;
      end Swap_Queue;

      procedure Move_Take
        (P : out Point;
         D : out Point;
         Steps : out Positive) is
      begin
         P := Move_P;
         D := Move_D;
         Steps := Move_Steps;
         Chosen := Calc_No_Entry;
      end Move_Take;

      procedure Move_Woken (P : in Point; D : in Point; Steps : in Positive) is
      begin
         Disarm;
         Chosen := Calc_Move;
         Move_P := P;
         Move_D := D;
         Move_Steps := Steps;
         Move_Done := False;
      end Move_Woken;

      procedure Move_Accept_End (P : in Point) is
      begin
         Move_P := P;
         Move_Done := True;
      end Move_Accept_End;

      procedure Move_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Point) is
      begin
         Move_P := P;
         Ada.Exceptions.Save_Occurrence (Move_Failure, Occurrence);
         Move_Raised := True;
         Move_Done := True;
      end Move_Failed;

      entry Move_Queue (P : in out Point; D : in Point; Steps : in Positive)
        when Move_Done or else Closed is
      begin
         if not Move_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Move_Done := False;
         if Move_Raised then
            Move_Raised := False;
            P := Move_P;
            Ada.Exceptions.Reraise_Occurrence (Move_Failure);
         end if;
         P := Move_P;
      end Move_Queue;

      procedure Normalize_Take (Min : out Integer; Max : out Integer) is
      begin
         Min := Normalize_Min;
         Max := Normalize_Max;
         Chosen := Calc_No_Entry;
      end Normalize_Take;

      procedure Normalize_Woken
        (V : in Int_Array;
         Min : in Integer;
         Max : in Integer) is
      begin
         Disarm;
         Chosen := Calc_Normalize;
         Normalize_Min := Min;
         Normalize_Max := Max;
         Normalize_V := new Int_Array'(V);
         Normalize_Done := False;
      end Normalize_Woken;

      function Normalize_V_Value return Int_Array is
      begin
         return Normalize_V.all;
      end Normalize_V_Value;

      procedure Normalize_Accept_End
        (V : in Int_Array;
         Min : in Integer;
         Max : in Integer) is
      begin
         Normalize_V.all := V;
         Normalize_Min := Min;
         Normalize_Max := Max;
         Normalize_Done := True;
      end Normalize_Accept_End;

      procedure Normalize_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         V : in Int_Array) is
      begin
         Normalize_V.all := V;
         Ada.Exceptions.Save_Occurrence (Normalize_Failure, Occurrence);
         Normalize_Raised := True;
         Normalize_Done := True;
      end Normalize_Failed;

      entry Normalize_Queue
        (V : in out Int_Array;
         Min : out Integer;
         Max : out Integer)
        when Normalize_Done or else Closed is
      begin
         if not Normalize_Done then
            Free_Normalize_V (Normalize_V);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Normalize_Done := False;
         if Normalize_Raised then
            Normalize_Raised := False;
            V := Normalize_V.all;
            Free_Normalize_V (Normalize_V);
            Ada.Exceptions.Reraise_Occurrence (Normalize_Failure);
         end if;
         V := Normalize_V.all;
         Min := Normalize_Min;
         Max := Normalize_Max;
         Free_Normalize_V (Normalize_V);
      end Normalize_Queue;

      procedure Register_Take (P : out Person; Id : out Person_Id) is
      begin
         P := Register_P;
         Id := Register_Id;
         Chosen := Calc_No_Entry;
      end Register_Take;

      procedure Register_Woken (P : in Person; Id : in Person_Id) is
      begin
         Disarm;
         Chosen := Calc_Register;
         Register_P := P;
         Register_Id := Id;
         Register_Done := False;
      end Register_Woken;

      procedure Register_Accept_End (Id : in Person_Id) is
      begin
         Register_Id := Id;
         Register_Done := True;
      end Register_Accept_End;

      procedure Register_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Register_Failure, Occurrence);
         Register_Raised := True;
         Register_Done := True;
      end Register_Failed;

      entry Register_Queue (P : in Person; Id : out Person_Id)
        when Register_Done or else Closed is
      begin
         if not Register_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Register_Done := False;
         if Register_Raised then
            Register_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Register_Failure);
         end if;
         Id := Register_Id;
      end Register_Queue;

      procedure Lookup_Take
        (Id : out Person_Id;
         P : out Person;
         Found : out Boolean) is
      begin
         Id := Lookup_Id;
         P := Lookup_P;
         Found := Lookup_Found;
         Chosen := Calc_No_Entry;
      end Lookup_Take;

      procedure Lookup_Woken
        (Id : in Person_Id;
         P : in Person;
         Found : in Boolean) is
      begin
         Disarm;
         Chosen := Calc_Lookup;
         Lookup_Id := Id;
         Lookup_P := P;
         Lookup_Found := Found;
         Lookup_Done := False;
      end Lookup_Woken;

      procedure Lookup_Accept_End (P : in Person; Found : in Boolean) is
      begin
         Lookup_P := P;
         Lookup_Found := Found;
         Lookup_Done := True;
      end Lookup_Accept_End;

      procedure Lookup_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         P : in Person) is
      begin
         Lookup_P := P;
         Ada.Exceptions.Save_Occurrence (Lookup_Failure, Occurrence);
         Lookup_Raised := True;
         Lookup_Done := True;
      end Lookup_Failed;

      entry Lookup_Queue
        (Id : in Person_Id;
         P : out Person;
         Found : out Boolean)
        when Lookup_Done or else Closed is
      begin
         if not Lookup_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Lookup_Done := False;
         if Lookup_Raised then
            Lookup_Raised := False;
            P := Lookup_P;
            Ada.Exceptions.Reraise_Occurrence (Lookup_Failure);
         end if;
         P := Lookup_P;
         Found := Lookup_Found;
      end Lookup_Queue;

      procedure Stats_Take (S : out Stats_Rec) is
      begin
         S := Stats_S;
         Chosen := Calc_No_Entry;
      end Stats_Take;

      procedure Stats_Woken (S : in Stats_Rec) is
      begin
         Disarm;
         Chosen := Calc_Stats;
         Stats_S := S;
         Stats_Done := False;
      end Stats_Woken;

      procedure Stats_Accept_End (S : in Stats_Rec) is
      begin
         Stats_S := S;
         Stats_Done := True;
      end Stats_Accept_End;

      procedure Stats_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         S : in Stats_Rec) is
      begin
         Stats_S := S;
         Ada.Exceptions.Save_Occurrence (Stats_Failure, Occurrence);
         Stats_Raised := True;
         Stats_Done := True;
      end Stats_Failed;

      entry Stats_Queue (S : out Stats_Rec)
        when Stats_Done or else Closed is
      begin
         if not Stats_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stats_Done := False;
         if Stats_Raised then
            Stats_Raised := False;
            S := Stats_S;
            Ada.Exceptions.Reraise_Occurrence (Stats_Failure);
         end if;
         S := Stats_S;
      end Stats_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Calc_Rendezvous;

   task body Calc_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Calc_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Calc_Closer);
      overriding procedure Finalize (Object : in out Calc_Closer) is
      begin
         Calc_Rendezvous.Close;
      end Finalize;
      Closer : Calc_Closer;
      People : array (Person_Id) of Person :=
        (others => (Name => (others => ' '), Age => 0));
      Count  : Natural := 0;
      Calls  : Natural := 0;
      Last   : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Calc_Alternative_List :=
              (1 => (Calc_Add, 0),
               2 => (Calc_Swap, 0),
               3 => (Calc_Move, 0),
               4 => (Calc_Normalize, 0),
               5 => ((if Count < Max_People then Calc_Register else Calc_No_Entry), 0),
               6 => (Calc_Lookup, 0),
               7 => (Calc_Stats, 0));
            Choice : Natural;
         begin
            Calc_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    
                      (Value_1 : in Integer;
                       Value_2 : in Integer;
                       Value_3 : out Integer) do
                     Calc_Rendezvous.Add_Woken (Value_1, Value_2, Value_3);
                     requeue Calc_Rendezvous.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : in out Integer; Value_2 : in out Integer) do
                     Calc_Rendezvous.Swap_Woken (Value_1, Value_2);
                     requeue Calc_Rendezvous.Swap_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3)
                    
                      (Value_1 : in out Point;
                       Value_2 : in Point;
                       Value_3 : in Positive) do
                     Calc_Rendezvous.Move_Woken (Value_1, Value_2, Value_3);
                     requeue Calc_Rendezvous.Move_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  accept Wake_4 (4)
                    
                      (Value_1 : in out Int_Array;
                       Value_2 : out Integer;
                       Value_3 : out Integer) do
                     Calc_Rendezvous.Normalize_Woken (Value_1, Value_2, Value_3);
                     requeue Calc_Rendezvous.Normalize_Queue;
                  end Wake_4;
                  Choice := 4;
               or
                  accept Wake_5 (5)
                    (Value_1 : in Person; Value_2 : out Person_Id) do
                     Calc_Rendezvous.Register_Woken (Value_1, Value_2);
                     requeue Calc_Rendezvous.Register_Queue;
                  end Wake_5;
                  Choice := 5;
               or
                  accept Wake_6 (6)
                    
                      (Value_1 : in Person_Id;
                       Value_2 : out Person;
                       Value_3 : out Boolean) do
                     Calc_Rendezvous.Lookup_Woken (Value_1, Value_2, Value_3);
                     requeue Calc_Rendezvous.Lookup_Queue;
                  end Wake_6;
                  Choice := 6;
               or
                  accept Wake_7 (7) (Value_1 : out Stats_Rec) do
                     Calc_Rendezvous.Stats_Woken (Value_1);
                     requeue Calc_Rendezvous.Stats_Queue;
                  end Wake_7;
                  Choice := 7;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       
                         (Value_1 : in Integer;
                          Value_2 : in Integer;
                          Value_3 : out Integer) do
                        requeue Calc_Rendezvous.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : in out Integer; Value_2 : in out Integer) do
                        requeue Calc_Rendezvous.Swap_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3)
                       
                         (Value_1 : in out Point;
                          Value_2 : in Point;
                          Value_3 : in Positive) do
                        requeue Calc_Rendezvous.Move_Held with abort;
                     end Wake_3;
                  or
                     accept Wake_4 (4)
                       
                         (Value_1 : in out Int_Array;
                          Value_2 : out Integer;
                          Value_3 : out Integer) do
                        requeue Calc_Rendezvous.Normalize_Held with abort;
                     end Wake_4;
                  or
                     accept Wake_5 (5)
                       (Value_1 : in Person; Value_2 : out Person_Id) do
                        requeue Calc_Rendezvous.Register_Held with abort;
                     end Wake_5;
                  or
                     accept Wake_6 (6)
                       
                         (Value_1 : in Person_Id;
                          Value_2 : out Person;
                          Value_3 : out Boolean) do
                        requeue Calc_Rendezvous.Lookup_Held with abort;
                     end Wake_6;
                  or
                     accept Wake_7 (7) (Value_1 : out Stats_Rec) do
                        requeue Calc_Rendezvous.Stats_Held with abort;
                     end Wake_7;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     A : Integer;
                     B : Integer;
                     Sum : Integer;
                  begin
                     Calc_Rendezvous.Add_Take (A, B, Sum);
                     begin
                        Sum := A + B;
                        Last := Sum;
                     exception
                        when Occurrence : others =>
                           Calc_Rendezvous.Add_Failed (Occurrence);
                           raise;
                     end;
                     Calc_Rendezvous.Add_Accept_End (Sum);
                  end;
               when 2 =>
                  declare
                     A : Integer;
                     B : Integer;
                  begin
                     Calc_Rendezvous.Swap_Take (A, B);
                     begin
                        declare
                           T : constant Integer := A;
                        begin
                           A := B;
                           B := T;
                        end;
                     exception
                        when Occurrence : others =>
                           Calc_Rendezvous.Swap_Failed (Occurrence);
                           raise;
                     end;
                     Calc_Rendezvous.Swap_Accept_End (A, B);
                  end;
               when 3 =>
                  declare
                     P : Point;
                     D : Point;
                     Steps : Positive;
                  begin
                     Calc_Rendezvous.Move_Take (P, D, Steps);
                     begin
                        P := (X => P.X + Steps * D.X, Y => P.Y + Steps * D.Y);
                     exception
                        when Occurrence : others =>
                           Calc_Rendezvous.Move_Failed (Occurrence, P);
                           raise;
                     end;
                     Calc_Rendezvous.Move_Accept_End (P);
                  end;
               when 4 =>
                  declare
                     Min : Integer;
                     Max : Integer;
                  begin
                     Calc_Rendezvous.Normalize_Take (Min, Max);
                     declare
                        V : Int_Array := Calc_Rendezvous.Normalize_V_Value;
                     begin
                        begin
                           Min := Integer'Last;
                           Max := Integer'First;
                           for E of V loop
                              Min := Integer'Min (Min, E);
                              Max := Integer'Max (Max, E);
                           end loop;
                           for E of V loop
                              E := E - Min;
                           end loop;
                        exception
                           when Occurrence : others =>
                              Calc_Rendezvous.Normalize_Failed (Occurrence, V);
                              raise;
                        end;
                        Calc_Rendezvous.Normalize_Accept_End (V, Min, Max);
                     end;
                  end;
               when 5 =>
                  declare
                     P : Person;
                     Id : Person_Id;
                  begin
                     Calc_Rendezvous.Register_Take (P, Id);
                     begin
                        Count := Count + 1;
                        People (Count) := P;
                        Id := Count;
                     exception
                        when Occurrence : others =>
                           Calc_Rendezvous.Register_Failed (Occurrence);
                           raise;
                     end;
                     Calc_Rendezvous.Register_Accept_End (Id);
                  end;
               when 6 =>
                  declare
                     Id : Person_Id;
                     P : Person;
                     Found : Boolean;
                  begin
                     Calc_Rendezvous.Lookup_Take (Id, P, Found);
                     begin
                        Found := Id <= Count;
                        if Found then
                           P := People (Id);
                        else
                           P := (Name => (others => '?'), Age => 0);
                        end if;
                     exception
                        when Occurrence : others =>
                           Calc_Rendezvous.Lookup_Failed (Occurrence, P);
                           raise;
                     end;
                     Calc_Rendezvous.Lookup_Accept_End (P, Found);
                  end;
               when 7 =>
                  declare
                     S : Stats_Rec;
                  begin
                     Calc_Rendezvous.Stats_Take (S);
                     begin
                        S := (Calls => Calls, Registered => Count, Last_Sum => Last);
                     exception
                        when Occurrence : others =>
                           Calc_Rendezvous.Stats_Failed (Occurrence, S);
                           raise;
                     end;
                     Calc_Rendezvous.Stats_Accept_End (S);
                  end;
               when others =>
                  null;
            end case;
         end;
         Calls := Calls + 1;
      end loop;
   end Calc_Agent;

end Calcs;

--  A "registry" server exercising entry parameter forms: in out records,
--  out strings of fixed length, unconstrained array parameters, default
--  parameter values, an entry family indexed by an enumeration, an entry
--  renamed as a procedure, and Ada.Text_IO inside accept bodies.

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Level is (Low, Normal, Urgent);

   type Vector is array (Positive range <>) of Integer;

   type Account is record
      Id      : Natural := 0;
      Balance : Integer := 0;
      Frozen  : Boolean := False;
   end record;

   subtype Name_String is String (1 .. 8);

   type Registry_Entry is
     (Registry_No_Entry,
      Registry_Update,
      Registry_Name_Of,
      Registry_Sum,
      Registry_Log,
      Registry_Counts);
   type Registry_Sum_Values_Access is access Vector;
   procedure Free_Sum_Values is new Ada.Unchecked_Deallocation
     (Vector,
      Registry_Sum_Values_Access);
   type Registry_Log_Text_Access is access String;
   procedure Free_Log_Text is new Ada.Unchecked_Deallocation
     (String,
      Registry_Log_Text_Access);
   type Registry_Alternative is record
      Id : Registry_Entry := Registry_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Registry_Alternative_List is array (Positive range <>) of Registry_Alternative;
   type Registry_Log_Set is array (Level) of Boolean;
   --  rdv2po: task Registry became this protected object; its code runs in the
   --  task Registry_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Registry is
      entry Update (Acc : in out Account; Delta_Amount : Integer := 10);
      entry Name_Of (Id : Natural; Name : out Name_String);
      entry Sum (Values : Vector; Total : out Integer; Scale : Integer := 1);
      entry Log (Level) (Text : String);
      entry Counts (L, N, U : out Natural);
      --  rdv2po: the rendezvous protocol, for Registry_Agent
      entry Select_Arm
        (Order : Registry_Alternative_List;
         Chosen_Position : out Natural);
      entry Update_Held (Acc : in out Account; Delta_Amount : in Integer);
      procedure Update_Woken (Acc : in Account; Delta_Amount : in Integer);
      procedure Update_Take (Acc : out Account; Delta_Amount : out Integer);
      procedure Update_Accept_End (Acc : in Account);
      procedure Update_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Acc : in Account);
      entry Update_Queue (Acc : in out Account; Delta_Amount : in Integer);
      entry Name_Of_Held (Id : Natural; Name : out Name_String);
      procedure Name_Of_Woken (Id : in Natural; Name : in Name_String);
      procedure Name_Of_Take (Id : out Natural; Name : out Name_String);
      procedure Name_Of_Accept_End (Name : in Name_String);
      procedure Name_Of_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Name : in Name_String);
      entry Name_Of_Queue (Id : in Natural; Name : out Name_String);
      entry Sum_Held
        (Values : in Vector;
         Total : out Integer;
         Scale : in Integer);
      procedure Sum_Woken
        (Values : in Vector;
         Total : in Integer;
         Scale : in Integer);
      procedure Sum_Take (Total : out Integer; Scale : out Integer);
      function Sum_Values_Value return Vector;
      procedure Sum_Accept_End (Total : in Integer);
      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Sum_Queue
        (Values : in Vector;
         Total : out Integer;
         Scale : in Integer);
      entry Log_Held (Level) (Text : String);
      procedure Log_Woken (Text : in String);
      procedure Log_Take;
      function Log_Text_Value return String;
      procedure Log_Accept_End;
      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Log_Queue (Text : in String);
      function Log_Count (Index : Level) return Natural;
      entry Counts_Held (L, N, U : out Natural);
      procedure Counts_Woken (L : in Natural; N : in Natural; U : in Natural);
      procedure Counts_Take
        (L : out Natural;
         N : out Natural;
         U : out Natural);
      procedure Counts_Accept_End
        (L : in Natural;
         N : in Natural;
         U : in Natural);
      procedure Counts_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Counts_Queue (L : out Natural; N : out Natural; U : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Registry_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Registry_Alternative);
      function Queued (Alternative : Registry_Alternative) return Boolean;
      function Position_Of (Alternative : Registry_Alternative) return Natural;
      Armed_List : Registry_Alternative_List (1 .. 7);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Registry_Entry := Registry_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Update_Armed : Boolean := False;
      Update_Acc : Account;
      Update_Delta_Amount : Integer;
      Update_Done : Boolean := False;
      Update_Raised : Boolean := False;
      Update_Failure : Ada.Exceptions.Exception_Occurrence;
      Name_Of_Armed : Boolean := False;
      Name_Of_Id : Natural;
      Name_Of_Name : Name_String;
      Name_Of_Done : Boolean := False;
      Name_Of_Raised : Boolean := False;
      Name_Of_Failure : Ada.Exceptions.Exception_Occurrence;
      Sum_Armed : Boolean := False;
      Sum_Values : Registry_Sum_Values_Access;
      Sum_Total : Integer;
      Sum_Scale : Integer;
      Sum_Done : Boolean := False;
      Sum_Raised : Boolean := False;
      Sum_Failure : Ada.Exceptions.Exception_Occurrence;
      Log_Armed : Registry_Log_Set := (others => False);
      Log_Text : Registry_Log_Text_Access;
      Log_Done : Boolean := False;
      Log_Raised : Boolean := False;
      Log_Failure : Ada.Exceptions.Exception_Occurrence;
      Counts_Armed : Boolean := False;
      Counts_L : Natural;
      Counts_N : Natural;
      Counts_U : Natural;
      Counts_Done : Boolean := False;
      Counts_Raised : Boolean := False;
      Counts_Failure : Ada.Exceptions.Exception_Occurrence;
   end Registry;
   task Registry_Agent is
      --  rdv2po: general scheme agent of Registry
      entry Wake_1 (Positive range 1 .. 7)
        (Value_1 : in out Account; Value_2 : in Integer);
      entry Wake_2 (Positive range 1 .. 7)
        (Value_1 : in Natural; Value_2 : out Name_String);
      entry Wake_3 (Positive range 1 .. 7)
        (Value_1 : in Vector; Value_2 : out Integer; Value_3 : in Integer);
      entry Wake_4 (Positive range 1 .. 7) (Value_1 : in String);
      entry Wake_5 (Positive range 1 .. 7)
        (Value_1 : out Natural; Value_2 : out Natural; Value_3 : out Natural);
   end Registry_Agent;

   protected body Registry is

      entry Update (Acc : in out Account; Delta_Amount : Integer := 10)
        when Closed
          or else (Chosen = Registry_No_Entry
                   and then Update_Armed
                   and then Update_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Registry_Agent.Wake_1
              (Position_Of ((Id => Registry_Update, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Registry_Update, Index => 0));
         Update_Woken (Acc, Delta_Amount);
         requeue Update_Queue;
      end Update;

      entry Update_Held (Acc : in out Account; Delta_Amount : in Integer)
        when Closed or else (Chosen = Registry_No_Entry and then Update_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Registry_Update, Index => 0));
         Update_Woken (Acc, Delta_Amount);
         requeue Update_Queue;
      end Update_Held;

      entry Name_Of (Id : Natural; Name : out Name_String)
        when Closed
          or else (Chosen = Registry_No_Entry
                   and then Name_Of_Armed
                   and then Name_Of_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Registry_Agent.Wake_2
              (Position_Of ((Id => Registry_Name_Of, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Registry_Name_Of, Index => 0));
         Name_Of_Woken (Id, Name);
         requeue Name_Of_Queue;
      end Name_Of;

      entry Name_Of_Held (Id : Natural; Name : out Name_String)
        when Closed or else (Chosen = Registry_No_Entry and then Name_Of_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Registry_Name_Of, Index => 0));
         Name_Of_Woken (Id, Name);
         requeue Name_Of_Queue;
      end Name_Of_Held;

      entry Sum (Values : Vector; Total : out Integer; Scale : Integer := 1)
        when Closed
          or else (Chosen = Registry_No_Entry
                   and then Sum_Armed
                   and then Sum_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Registry_Agent.Wake_3
              (Position_Of ((Id => Registry_Sum, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Registry_Sum, Index => 0));
         Sum_Woken (Values, Total, Scale);
         requeue Sum_Queue;
      end Sum;

      entry Sum_Held
        (Values : in Vector;
         Total : out Integer;
         Scale : in Integer)
        when Closed or else (Chosen = Registry_No_Entry and then Sum_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Registry_Sum, Index => 0));
         Sum_Woken (Values, Total, Scale);
         requeue Sum_Queue;
      end Sum_Held;

      entry Log (for Member in Level) (Text : String)
        when Closed
          or else (Chosen = Registry_No_Entry
                   and then Log_Armed (Member)
                   and then Log_Held (Member)'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Registry_Agent.Wake_4
              (Position_Of ((Id => Registry_Log, Index => Level'Pos (Member)))) with abort;
         end if;
         Position := Position_Of ((Id => Registry_Log, Index => Level'Pos (Member)));
         Log_Woken (Text);
         requeue Log_Queue;
      end Log;

      entry Log_Held (for Member in Level) (Text : String)
        when Closed
          or else (Chosen = Registry_No_Entry and then Log_Armed (Member))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Registry_Log, Index => Level'Pos (Member)));
         Log_Woken (Text);
         requeue Log_Queue;
      end Log_Held;

      entry Counts (L, N, U : out Natural)
        when Closed
          or else (Chosen = Registry_No_Entry
                   and then Counts_Armed
                   and then Counts_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Registry_Agent.Wake_5
              (Position_Of ((Id => Registry_Counts, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Registry_Counts, Index => 0));
         Counts_Woken (L, N, U);
         requeue Counts_Queue;
      end Counts;

      entry Counts_Held (L, N, U : out Natural)
        when Closed or else (Chosen = Registry_No_Entry and then Counts_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Registry_Counts, Index => 0));
         Counts_Woken (L, N, U);
         requeue Counts_Queue;
      end Counts_Held;

      entry Select_Arm
        (Order : Registry_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Registry_No_Entry then
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Registry_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Registry_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Update_Armed := False;
         Name_Of_Armed := False;
         Sum_Armed := False;
         Log_Armed := (others => False);
         Counts_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Registry_Alternative) is
      begin
         case Alternative.Id is
            when Registry_Update =>
               Update_Armed := True;
            when Registry_Name_Of =>
               Name_Of_Armed := True;
            when Registry_Sum =>
               Sum_Armed := True;
            when Registry_Log =>
               Log_Armed (Level'Val (Alternative.Index)) := True;
            when Registry_Counts =>
               Counts_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Registry_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Registry_Update =>
               return Registry.Update'Count + Update_Held'Count > 0;
            when Registry_Name_Of =>
               return Registry.Name_Of'Count + Name_Of_Held'Count > 0;
            when Registry_Sum =>
               return Registry.Sum'Count + Sum_Held'Count > 0;
            when Registry_Log =>
               return Registry.Log (Level'Val (Alternative.Index))'Count
                 + Log_Held (Level'Val (Alternative.Index))'Count > 0;
            when Registry_Counts =>
               return Registry.Counts'Count + Counts_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Registry_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Update_Take (Acc : out Account; Delta_Amount : out Integer) is
      begin
         Acc := Update_Acc;
         Delta_Amount := Update_Delta_Amount;
         Chosen := Registry_No_Entry;
      end Update_Take;

      procedure Update_Woken (Acc : in Account; Delta_Amount : in Integer) is
      begin
         Disarm;
         Chosen := Registry_Update;
         Update_Acc := Acc;
         Update_Delta_Amount := Delta_Amount;
         Update_Done := False;
      end Update_Woken;

      procedure Update_Accept_End (Acc : in Account) is
      begin
         Update_Acc := Acc;
         Update_Done := True;
      end Update_Accept_End;

      procedure Update_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Acc : in Account) is
      begin
         Update_Acc := Acc;
         Ada.Exceptions.Save_Occurrence (Update_Failure, Occurrence);
         Update_Raised := True;
         Update_Done := True;
      end Update_Failed;

      entry Update_Queue (Acc : in out Account; Delta_Amount : in Integer)
        when Update_Done or else Closed is
      begin
         if not Update_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Update_Done := False;
         if Update_Raised then
            Update_Raised := False;
            Acc := Update_Acc;
            Ada.Exceptions.Reraise_Occurrence (Update_Failure);
         end if;
         Acc := Update_Acc;
      end Update_Queue;

      procedure Name_Of_Take (Id : out Natural; Name : out Name_String) is
      begin
         Id := Name_Of_Id;
         Name := Name_Of_Name;
         Chosen := Registry_No_Entry;
      end Name_Of_Take;

      procedure Name_Of_Woken (Id : in Natural; Name : in Name_String) is
      begin
         Disarm;
         Chosen := Registry_Name_Of;
         Name_Of_Id := Id;
         Name_Of_Name := Name;
         Name_Of_Done := False;
      end Name_Of_Woken;

      procedure Name_Of_Accept_End (Name : in Name_String) is
      begin
         Name_Of_Name := Name;
         Name_Of_Done := True;
      end Name_Of_Accept_End;

      procedure Name_Of_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Name : in Name_String) is
      begin
         Name_Of_Name := Name;
         Ada.Exceptions.Save_Occurrence (Name_Of_Failure, Occurrence);
         Name_Of_Raised := True;
         Name_Of_Done := True;
      end Name_Of_Failed;

      entry Name_Of_Queue (Id : in Natural; Name : out Name_String)
        when Name_Of_Done or else Closed is
      begin
         if not Name_Of_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Name_Of_Done := False;
         if Name_Of_Raised then
            Name_Of_Raised := False;
            Name := Name_Of_Name;
            Ada.Exceptions.Reraise_Occurrence (Name_Of_Failure);
         end if;
         Name := Name_Of_Name;
      end Name_Of_Queue;

      procedure Sum_Take (Total : out Integer; Scale : out Integer) is
      begin
         Total := Sum_Total;
         Scale := Sum_Scale;
         Chosen := Registry_No_Entry;
      end Sum_Take;

      procedure Sum_Woken
        (Values : in Vector;
         Total : in Integer;
         Scale : in Integer) is
      begin
         Disarm;
         Chosen := Registry_Sum;
         Sum_Total := Total;
         Sum_Scale := Scale;
         Sum_Values := new Vector'(Values);
         Sum_Done := False;
      end Sum_Woken;

      function Sum_Values_Value return Vector is
      begin
         return Sum_Values.all;
      end Sum_Values_Value;

      procedure Sum_Accept_End (Total : in Integer) is
      begin
         Sum_Total := Total;
         Sum_Done := True;
      end Sum_Accept_End;

      procedure Sum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Sum_Failure, Occurrence);
         Sum_Raised := True;
         Sum_Done := True;
      end Sum_Failed;

      entry Sum_Queue
        (Values : in Vector;
         Total : out Integer;
         Scale : in Integer)
        when Sum_Done or else Closed is
      begin
         if not Sum_Done then
            Free_Sum_Values (Sum_Values);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Sum_Done := False;
         if Sum_Raised then
            Sum_Raised := False;
            Free_Sum_Values (Sum_Values);
            Ada.Exceptions.Reraise_Occurrence (Sum_Failure);
         end if;
         Total := Sum_Total;
         Free_Sum_Values (Sum_Values);
      end Sum_Queue;

      procedure Log_Take is
      begin
         Chosen := Registry_No_Entry;
      end Log_Take;

      procedure Log_Woken (Text : in String) is
      begin
         Disarm;
         Chosen := Registry_Log;
         Log_Text := new String'(Text);
         Log_Done := False;
      end Log_Woken;

      function Log_Text_Value return String is
      begin
         return Log_Text.all;
      end Log_Text_Value;

      procedure Log_Accept_End is
      begin
         Log_Done := True;
      end Log_Accept_End;

      procedure Log_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Log_Failure, Occurrence);
         Log_Raised := True;
         Log_Done := True;
      end Log_Failed;

      entry Log_Queue (Text : in String)
        when Log_Done or else Closed is
      begin
         if not Log_Done then
            Free_Log_Text (Log_Text);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Log_Done := False;
         if Log_Raised then
            Log_Raised := False;
            Free_Log_Text (Log_Text);
            Ada.Exceptions.Reraise_Occurrence (Log_Failure);
         end if;
         Free_Log_Text (Log_Text);
      end Log_Queue;

      function Log_Count (Index : Level) return Natural is
      begin
         return Registry.Log (Index)'Count + Log_Held (Index)'Count;
      end Log_Count;

      procedure Counts_Take
        (L : out Natural;
         N : out Natural;
         U : out Natural) is
      begin
         L := Counts_L;
         N := Counts_N;
         U := Counts_U;
         Chosen := Registry_No_Entry;
      end Counts_Take;

      procedure Counts_Woken
        (L : in Natural;
         N : in Natural;
         U : in Natural) is
      begin
         Disarm;
         Chosen := Registry_Counts;
         Counts_L := L;
         Counts_N := N;
         Counts_U := U;
         Counts_Done := False;
      end Counts_Woken;

      procedure Counts_Accept_End
        (L : in Natural;
         N : in Natural;
         U : in Natural) is
      begin
         Counts_L := L;
         Counts_N := N;
         Counts_U := U;
         Counts_Done := True;
      end Counts_Accept_End;

      procedure Counts_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Counts_Failure, Occurrence);
         Counts_Raised := True;
         Counts_Done := True;
      end Counts_Failed;

      entry Counts_Queue (L : out Natural; N : out Natural; U : out Natural)
        when Counts_Done or else Closed is
      begin
         if not Counts_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Counts_Done := False;
         if Counts_Raised then
            Counts_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Counts_Failure);
         end if;
         L := Counts_L;
         N := Counts_N;
         U := Counts_U;
      end Counts_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Registry;

   task body Registry_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Registry_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Registry_Closer);
      overriding procedure Finalize (Object : in out Registry_Closer) is
      begin
         Registry.Close;
      end Finalize;
      Closer : Registry_Closer;
      Logged : array (Level) of Natural := (others => 0);
      Names  : constant array (0 .. 3) of Name_String :=
        ("zero    ", "one     ", "two     ", "three   ");
   begin
      loop
         declare
            Alternatives : constant Registry_Alternative_List :=
              (1 => (Registry_Update, 0),
               2 => (Registry_Name_Of, 0),
               3 => (Registry_Sum, 0),
               4 => (Registry_Log, Level'Pos (Urgent)),
               5 => (if Registry.Log_Count (Urgent) = 0 then (Registry_Log, Level'Pos (Normal)) else (Registry_No_Entry, 0)),
               6 => (if Registry.Log_Count (Urgent) = 0 and Registry.Log_Count (Normal) = 0 then (Registry_Log, Level'Pos (Low)) else (Registry_No_Entry, 0)),
               7 => (Registry_Counts, 0));
            Choice : Natural;
         begin
            Registry.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in out Account; Value_2 : in Integer) do
                     Registry.Update_Woken (Value_1, Value_2);
                     requeue Registry.Update_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : in Natural; Value_2 : out Name_String) do
                     Registry.Name_Of_Woken (Value_1, Value_2);
                     requeue Registry.Name_Of_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3)
                    
                      (Value_1 : in Vector;
                       Value_2 : out Integer;
                       Value_3 : in Integer) do
                     Registry.Sum_Woken (Value_1, Value_2, Value_3);
                     requeue Registry.Sum_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  accept Wake_4 (4) (Value_1 : in String) do
                     Registry.Log_Woken (Value_1);
                     requeue Registry.Log_Queue;
                  end Wake_4;
                  Choice := 4;
               or
                  accept Wake_4 (5) (Value_1 : in String) do
                     Registry.Log_Woken (Value_1);
                     requeue Registry.Log_Queue;
                  end Wake_4;
                  Choice := 5;
               or
                  accept Wake_4 (6) (Value_1 : in String) do
                     Registry.Log_Woken (Value_1);
                     requeue Registry.Log_Queue;
                  end Wake_4;
                  Choice := 6;
               or
                  accept Wake_5 (7)
                    
                      (Value_1 : out Natural;
                       Value_2 : out Natural;
                       Value_3 : out Natural) do
                     Registry.Counts_Woken (Value_1, Value_2, Value_3);
                     requeue Registry.Counts_Queue;
                  end Wake_5;
                  Choice := 7;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in out Account; Value_2 : in Integer) do
                        requeue Registry.Update_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : in Natural; Value_2 : out Name_String) do
                        requeue Registry.Name_Of_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3)
                       
                         (Value_1 : in Vector;
                          Value_2 : out Integer;
                          Value_3 : in Integer) do
                        requeue Registry.Sum_Held with abort;
                     end Wake_3;
                  or
                     accept Wake_4 (4) (Value_1 : in String) do
                        requeue Registry.Log_Held (Level'Val (Alternatives (4).Index)) with abort;
                     end Wake_4;
                  or
                     accept Wake_4 (5) (Value_1 : in String) do
                        requeue Registry.Log_Held (Level'Val (Alternatives (5).Index)) with abort;
                     end Wake_4;
                  or
                     accept Wake_4 (6) (Value_1 : in String) do
                        requeue Registry.Log_Held (Level'Val (Alternatives (6).Index)) with abort;
                     end Wake_4;
                  or
                     accept Wake_5 (7)
                       
                         (Value_1 : out Natural;
                          Value_2 : out Natural;
                          Value_3 : out Natural) do
                        requeue Registry.Counts_Held with abort;
                     end Wake_5;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Acc : Account;
                     Delta_Amount : Integer;
                  begin
                     Registry.Update_Take (Acc, Delta_Amount);
                     begin
                        if not Acc.Frozen then
                           Acc.Balance := Acc.Balance + Delta_Amount;
                        end if;
                        Acc.Frozen := Acc.Balance > 100;
                     exception
                        when Occurrence : others =>
                           Registry.Update_Failed (Occurrence, Acc);
                           raise;
                     end;
                     Registry.Update_Accept_End (Acc);
                  end;
               when 2 =>
                  declare
                     Id : Natural;
                     Name : Name_String;
                  begin
                     Registry.Name_Of_Take (Id, Name);
                     begin
                        if Id in Names'Range then
                           Name := Names (Id);
                        else
                           Name := (others => '?');
                        end if;
                     exception
                        when Occurrence : others =>
                           Registry.Name_Of_Failed (Occurrence, Name);
                           raise;
                     end;
                     Registry.Name_Of_Accept_End (Name);
                  end;
               when 3 =>
                  declare
                     Total : Integer;
                     Scale : Integer;
                  begin
                     Registry.Sum_Take (Total, Scale);
                     declare
                        Values : constant Vector := Registry.Sum_Values_Value;
                     begin
                        begin
                           Total := 0;
                           for I in Values'Range loop
                              Total := Total + Values (I) * Scale;
                           end loop;
                        exception
                           when Occurrence : others =>
                              Registry.Sum_Failed (Occurrence);
                              raise;
                        end;
                        Registry.Sum_Accept_End (Total);
                     end;
                  end;
               when 4 =>
                  begin
                     Registry.Log_Take;
                     declare
                        Text : constant String := Registry.Log_Text_Value;
                     begin
                        begin
                           Put_Line ("URGENT: " & Text);
                           Logged (Urgent) := Logged (Urgent) + 1;
                        exception
                           when Occurrence : others =>
                              Registry.Log_Failed (Occurrence);
                              raise;
                        end;
                        Registry.Log_Accept_End;
                     end;
                  end;
               when 5 =>
                  begin
                     Registry.Log_Take;
                     declare
                        Text : constant String := Registry.Log_Text_Value;
                     begin
                        begin
                           Put_Line ("normal: " & Text);
                           Logged (Normal) := Logged (Normal) + 1;
                        exception
                           when Occurrence : others =>
                              Registry.Log_Failed (Occurrence);
                              raise;
                        end;
                        Registry.Log_Accept_End;
                     end;
                  end;
               when 6 =>
                  begin
                     Registry.Log_Take;
                     declare
                        Text : constant String := Registry.Log_Text_Value;
                     begin
                        begin
                           Put_Line ("low: " & Text);
                           Logged (Low) := Logged (Low) + 1;
                        exception
                           when Occurrence : others =>
                              Registry.Log_Failed (Occurrence);
                              raise;
                        end;
                        Registry.Log_Accept_End;
                     end;
                  end;
               when 7 =>
                  declare
                     L : Natural;
                     N : Natural;
                     U : Natural;
                  begin
                     Registry.Counts_Take (L, N, U);
                     begin
                        L := Logged (Low);
                        N := Logged (Normal);
                        U := Logged (Urgent);
                     exception
                        when Occurrence : others =>
                           Registry.Counts_Failed (Occurrence);
                           raise;
                     end;
                     Registry.Counts_Accept_End (L, N, U);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Registry_Agent;

   procedure Alert (Text : String) renames Registry.Log (Urgent);
   procedure Deposit (Acc : in out Account; Delta_Amount : Integer := 10)
     renames Registry.Update;

   A     : Account := (Id => 7, Balance => 50, Frozen => False);
   Name  : Name_String;
   Total : Integer;
   L, N, U : Natural;
begin
   Deposit (A);
   Deposit (A, Delta_Amount => 45);
   Put_Line ("balance" & Integer'Image (A.Balance) & " frozen " & Boolean'Image (A.Frozen));
   Registry.Update (A, -200);
   Put_Line ("balance" & Integer'Image (A.Balance) & " frozen " & Boolean'Image (A.Frozen));

   for I in 1 .. 5 loop
      Registry.Name_Of (I - 1, Name);
      Put_Line ("name" & Integer'Image (I - 1) & " = [" & Name & "]");
   end loop;

   Registry.Sum ((1, 2, 3, 4), Total);
   Put_Line ("sum" & Integer'Image (Total));
   Registry.Sum ((10 => 5, 11 => 6), Total, Scale => 3);
   Put_Line ("scaled sum" & Integer'Image (Total));
   declare
      Empty : Vector (1 .. 0);
   begin
      Registry.Sum (Empty, Total);
      Put_Line ("empty sum" & Integer'Image (Total));
   end;

   Registry.Log (Low) ("disk 80% full");
   Alert ("disk full");
   Registry.Log (Normal) ("backup started");
   Registry.Counts (L, N, U);
   Put_Line ("logged" & Natural'Image (L) & Natural'Image (N) & Natural'Image (U));
end Main;

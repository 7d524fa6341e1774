
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Stats;
package body Catalog is

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
   --  rdv2po: the rendezvous of task Catalog_Server, for Catalog_Server_Agent
   protected Catalog_Server_Rendezvous is
      entry Add_Item (Name : String; Score : Integer);
      entry Names (All_Names : out Unbounded_String; Count : out Natural);
      entry Best (Score : out Integer);
      entry Select_Arm
        (Order : Catalog_Server_Alternative_List;
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
   end Catalog_Server_Rendezvous;
   task Catalog_Server_Agent is
      --  rdv2po: general scheme agent of Catalog_Server_Rendezvous
      entry Wake_1 (Positive range 1 .. 3)
        (Value_1 : in String; Value_2 : in Integer);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : out Unbounded_String; Value_2 : out Natural);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : out Integer);
   end Catalog_Server_Agent;

   protected body Catalog_Server is
      --  rdv2po: each call goes on to Catalog_Server_Rendezvous, as
      --  cancellable as it was
      entry Add_Item (Name : String; Score : Integer) when True is
      begin
         requeue Catalog_Server_Rendezvous.Add_Item with abort;
      end Add_Item;

      entry Names (All_Names : out Unbounded_String; Count : out Natural)
        when True is
      begin
         requeue Catalog_Server_Rendezvous.Names with abort;
      end Names;

      entry Best (Score : out Integer) when True is
      begin
         requeue Catalog_Server_Rendezvous.Best with abort;
      end Best;
   end Catalog_Server;

   protected body Catalog_Server_Rendezvous is

      entry Add_Item (Name : String; Score : Integer)
        when Closed
          or else (Chosen = Catalog_Server_No_Entry
                   and then Add_Item_Armed
                   and then Add_Item_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Catalog_Server_Agent.Wake_1
              (Position_Of ((Id => Catalog_Server_Add_Item, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Catalog_Server_Add_Item, Index => 0));
         Add_Item_Woken (Name, Score);
         requeue Add_Item_Queue;
      end Add_Item;

      entry Add_Item_Held (Name : String; Score : Integer)
        when Closed
          or else (Chosen = Catalog_Server_No_Entry and then Add_Item_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Catalog_Server_Add_Item, Index => 0));
         Add_Item_Woken (Name, Score);
         requeue Add_Item_Queue;
      end Add_Item_Held;

      entry Names (All_Names : out Unbounded_String; Count : out Natural)
        when Closed
          or else (Chosen = Catalog_Server_No_Entry
                   and then Names_Armed
                   and then Names_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Catalog_Server_Agent.Wake_2
              (Position_Of ((Id => Catalog_Server_Names, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Catalog_Server_Names, Index => 0));
         Names_Woken (All_Names, Count);
         requeue Names_Queue;
      end Names;

      entry Names_Held (All_Names : out Unbounded_String; Count : out Natural)
        when Closed
          or else (Chosen = Catalog_Server_No_Entry and then Names_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Catalog_Server_Names, Index => 0));
         Names_Woken (All_Names, Count);
         requeue Names_Queue;
      end Names_Held;

      entry Best (Score : out Integer)
        when Closed
          or else (Chosen = Catalog_Server_No_Entry
                   and then Best_Armed
                   and then Best_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Catalog_Server_Agent.Wake_3
              (Position_Of ((Id => Catalog_Server_Best, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Catalog_Server_Best, Index => 0));
         Best_Woken (Score);
         requeue Best_Queue;
      end Best;

      entry Best_Held (Score : out Integer)
        when Closed
          or else (Chosen = Catalog_Server_No_Entry and then Best_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Catalog_Server_Best, Index => 0));
         Best_Woken (Score);
         requeue Best_Queue;
      end Best_Held;

      entry Select_Arm
        (Order : Catalog_Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Catalog_Server_No_Entry then
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
        (Order : Catalog_Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Catalog_Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Item_Armed := False;
         Names_Armed := False;
         Best_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Catalog_Server_Alternative) is
      begin
         case Alternative.Id is
            when Catalog_Server_Add_Item =>
               Add_Item_Armed := True;
            when Catalog_Server_Names =>
               Names_Armed := True;
            when Catalog_Server_Best =>
               Best_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Catalog_Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Catalog_Server_Add_Item =>
               return Catalog_Server_Rendezvous.Add_Item'Count
                 + Add_Item_Held'Count > 0;
            when Catalog_Server_Names =>
               return Catalog_Server_Rendezvous.Names'Count
                 + Names_Held'Count > 0;
            when Catalog_Server_Best =>
               return Catalog_Server_Rendezvous.Best'Count
                 + Best_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Catalog_Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Item_Take (Score : out Integer) is
      begin
         Score := Add_Item_Score;
         Chosen := Catalog_Server_No_Entry;
      end Add_Item_Take;

      procedure Add_Item_Woken (Name : in String; Score : in Integer) is
      begin
         Disarm;
         Chosen := Catalog_Server_Add_Item;
         Add_Item_Score := Score;
         Add_Item_Name := new String'(Name);
         Add_Item_Done := False;
      end Add_Item_Woken;

      function Add_Item_Name_Value return String is
      begin
         return Add_Item_Name.all;
      end Add_Item_Name_Value;

      procedure Add_Item_Accept_End is
      begin
         Add_Item_Done := True;
      end Add_Item_Accept_End;

      procedure Add_Item_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Item_Failure, Occurrence);
         Add_Item_Raised := True;
         Add_Item_Done := True;
      end Add_Item_Failed;

      entry Add_Item_Queue (Name : in String; Score : in Integer)
        when Add_Item_Done or else Closed is
      begin
         if not Add_Item_Done then
            Free_Add_Item_Name (Add_Item_Name);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Item_Done := False;
         if Add_Item_Raised then
            Add_Item_Raised := False;
            Free_Add_Item_Name (Add_Item_Name);
            Ada.Exceptions.Reraise_Occurrence (Add_Item_Failure);
         end if;
         Free_Add_Item_Name (Add_Item_Name);
      end Add_Item_Queue;

      procedure Names_Take
        (All_Names : out Unbounded_String;
         Count : out Natural) is
      begin
         All_Names := Names_All_Names;
         Count := Names_Count_2;
         Chosen := Catalog_Server_No_Entry;
      end Names_Take;

      procedure Names_Woken
        (All_Names : in Unbounded_String;
         Count : in Natural) is
      begin
         Disarm;
         Chosen := Catalog_Server_Names;
         Names_All_Names := All_Names;
         Names_Count_2 := Count;
         Names_Done := False;
      end Names_Woken;

      procedure Names_Accept_End
        (All_Names : in Unbounded_String;
         Count : in Natural) is
      begin
         Names_All_Names := All_Names;
         Names_Count_2 := Count;
         Names_Done := True;
      end Names_Accept_End;

      procedure Names_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         All_Names : in Unbounded_String) is
      begin
         Names_All_Names := All_Names;
         Ada.Exceptions.Save_Occurrence (Names_Failure, Occurrence);
         Names_Raised := True;
         Names_Done := True;
      end Names_Failed;

      entry Names_Queue (All_Names : out Unbounded_String; Count : out Natural)
        when Names_Done or else Closed is
      begin
         if not Names_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Names_Done := False;
         if Names_Raised then
            Names_Raised := False;
            All_Names := Names_All_Names;
            Ada.Exceptions.Reraise_Occurrence (Names_Failure);
         end if;
         All_Names := Names_All_Names;
         Count := Names_Count_2;
      end Names_Queue;

      procedure Best_Take (Score : out Integer) is
      begin
         Score := Best_Score;
         Chosen := Catalog_Server_No_Entry;
      end Best_Take;

      procedure Best_Woken (Score : in Integer) is
      begin
         Disarm;
         Chosen := Catalog_Server_Best;
         Best_Score := Score;
         Best_Done := False;
      end Best_Woken;

      procedure Best_Accept_End (Score : in Integer) is
      begin
         Best_Score := Score;
         Best_Done := True;
      end Best_Accept_End;

      procedure Best_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Best_Failure, Occurrence);
         Best_Raised := True;
         Best_Done := True;
      end Best_Failed;

      entry Best_Queue (Score : out Integer)
        when Best_Done or else Closed is
      begin
         if not Best_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Best_Done := False;
         if Best_Raised then
            Best_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Best_Failure);
         end if;
         Score := Best_Score;
      end Best_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Catalog_Server_Rendezvous;

   task body Catalog_Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Catalog_Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Catalog_Server_Closer);
      overriding procedure Finalize (Object : in out Catalog_Server_Closer) is
      begin
         Catalog_Server_Rendezvous.Close;
      end Finalize;
      Closer : Catalog_Server_Closer;
      Scores : Int_Vectors.Vector;
      Joined : Unbounded_String := To_Unbounded_String ("");
      Top    : Integer := Integer'First;
   begin
      loop
         declare
            Alternatives : constant Catalog_Server_Alternative_List :=
              (1 => (Catalog_Server_Add_Item, 0),
               2 => (Catalog_Server_Names, 0),
               3 => (Catalog_Server_Best, 0));
            Choice : Natural;
         begin
            Catalog_Server_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String; Value_2 : in Integer) do
                     Catalog_Server_Rendezvous.Add_Item_Woken (Value_1, Value_2);
                     requeue Catalog_Server_Rendezvous.Add_Item_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Unbounded_String; Value_2 : out Natural) do
                     Catalog_Server_Rendezvous.Names_Woken (Value_1, Value_2);
                     requeue Catalog_Server_Rendezvous.Names_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Integer) do
                     Catalog_Server_Rendezvous.Best_Woken (Value_1);
                     requeue Catalog_Server_Rendezvous.Best_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String; Value_2 : in Integer) do
                        requeue Catalog_Server_Rendezvous.Add_Item_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Unbounded_String; Value_2 : out Natural) do
                        requeue Catalog_Server_Rendezvous.Names_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Integer) do
                        requeue Catalog_Server_Rendezvous.Best_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Score : Integer;
                  begin
                     Catalog_Server_Rendezvous.Add_Item_Take (Score);
                     declare
                        Name : constant String := Catalog_Server_Rendezvous.Add_Item_Name_Value;
                     begin
                        begin
                           if Length (Joined) > 0 then
                              Append (Joined, ",");
                           end if;
                           Append (Joined, Name);
                           Scores.Append (Stats.Weight (Score));
                        exception
                           when Occurrence : others =>
                              Catalog_Server_Rendezvous.Add_Item_Failed (Occurrence);
                              raise;
                        end;
                        Catalog_Server_Rendezvous.Add_Item_Accept_End;
                     end;
                  end;
                  Stats.Counter.Add (1);
                  if Scores.Last_Element > Top then
                     Top := Scores.Last_Element;
                  end if;
               when 2 =>
                  declare
                     All_Names : Unbounded_String;
                     Count : Natural;
                  begin
                     Catalog_Server_Rendezvous.Names_Take (All_Names, Count);
                     begin
                        All_Names := Joined;
                        Count := Natural (Scores.Length);
                     exception
                        when Occurrence : others =>
                           Catalog_Server_Rendezvous.Names_Failed (Occurrence, All_Names);
                           raise;
                     end;
                     Catalog_Server_Rendezvous.Names_Accept_End (All_Names, Count);
                  end;
               when 3 =>
                  declare
                     Score : Integer;
                  begin
                     Catalog_Server_Rendezvous.Best_Take (Score);
                     begin
                        Score := Top;
                     exception
                        when Occurrence : others =>
                           Catalog_Server_Rendezvous.Best_Failed (Occurrence);
                           raise;
                     end;
                     Catalog_Server_Rendezvous.Best_Accept_End (Score);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Catalog_Server_Agent;
end Catalog;

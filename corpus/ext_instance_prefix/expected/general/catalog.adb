
with Ada.Finalization;
with Stats;
package body Catalog is

   protected body Catalog_Server is

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
         Disarm;
         Chosen := Catalog_Server_Add_Item;
         Add_Item_Score := Score;
         Add_Item_Name := new String'(Name);
         Add_Item_Done := False;
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
         Disarm;
         Chosen := Catalog_Server_Add_Item;
         Add_Item_Score := Score;
         Add_Item_Name := new String'(Name);
         Add_Item_Done := False;
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
         Disarm;
         Chosen := Catalog_Server_Names;
         Names_All_Names := All_Names;
         Names_Count_2 := Count;
         Names_Done := False;
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
         Disarm;
         Chosen := Catalog_Server_Names;
         Names_All_Names := All_Names;
         Names_Count_2 := Count;
         Names_Done := False;
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
         Disarm;
         Chosen := Catalog_Server_Best;
         Best_Score := Score;
         Best_Done := False;
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
         Disarm;
         Chosen := Catalog_Server_Best;
         Best_Score := Score;
         Best_Done := False;
         requeue Best_Queue;
      end Best_Held;

      entry Select_Arm
        (Order : Catalog_Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Catalog_Server_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open and then not (Poll or else Timed_Wait or else Wake) then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         elsif Poll then
            return;
         else
            Armed_List (1 .. Order'Length) := Order;
            Armed_Last := Order'Length;
            for K in Order'Range loop
               Arm (Order (K));
            end loop;
         end if;
         Via_Wake := Wake and then Found = 0;
         if Via_Wake then
            return;
         end if;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Catalog_Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
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
               return Catalog_Server.Add_Item'Count + Add_Item_Held'Count > 0;
            when Catalog_Server_Names =>
               return Catalog_Server.Names'Count + Names_Held'Count > 0;
            when Catalog_Server_Best =>
               return Catalog_Server.Best'Count + Best_Held'Count > 0;
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
   end Catalog_Server;

   task body Catalog_Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Catalog_Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Catalog_Server_Closer);
      overriding procedure Finalize (Object : in out Catalog_Server_Closer) is
      begin
         Catalog_Server.Close;
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
            Catalog_Server.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String; Value_2 : in Integer) do
                     Catalog_Server.Add_Item_Woken (Value_1, Value_2);
                     requeue Catalog_Server.Add_Item_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    (Value_1 : out Unbounded_String; Value_2 : out Natural) do
                     Catalog_Server.Names_Woken (Value_1, Value_2);
                     requeue Catalog_Server.Names_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : out Integer) do
                     Catalog_Server.Best_Woken (Value_1);
                     requeue Catalog_Server.Best_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String; Value_2 : in Integer) do
                        requeue Catalog_Server.Add_Item_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Unbounded_String; Value_2 : out Natural) do
                        requeue Catalog_Server.Names_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : out Integer) do
                        requeue Catalog_Server.Best_Held with abort;
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
                     Catalog_Server.Add_Item_Take (Score);
                     declare
                        Name : constant String := Catalog_Server.Add_Item_Name_Value;
                     begin
                        begin
                           if Length (Joined) > 0 then
                              Append (Joined, ",");
                           end if;
                           Append (Joined, Name);
                           Scores.Append (Stats.Weight (Score));
                        exception
                           when Occurrence : others =>
                              Catalog_Server.Add_Item_Failed (Occurrence);
                              raise;
                        end;
                        Catalog_Server.Add_Item_Accept_End;
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
                     Catalog_Server.Names_Take (All_Names, Count);
                     begin
                        All_Names := Joined;
                        Count := Natural (Scores.Length);
                     exception
                        when Occurrence : others =>
                           Catalog_Server.Names_Failed (Occurrence, All_Names);
                           raise;
                     end;
                     Catalog_Server.Names_Accept_End (All_Names, Count);
                  end;
               when 3 =>
                  declare
                     Score : Integer;
                  begin
                     Catalog_Server.Best_Take (Score);
                     begin
                        Score := Top;
                     exception
                        when Occurrence : others =>
                           Catalog_Server.Best_Failed (Occurrence);
                           raise;
                     end;
                     Catalog_Server.Best_Accept_End (Score);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Catalog_Server_Agent;
end Catalog;

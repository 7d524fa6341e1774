--  A server whose body declares what it needs: a named number, a subtype,
--  an enumeration type (its literals printed with 'Image), a record type
--  and two local subprograms that read and update the task's variables.
--  The object moves the types, subtype and number out under fresh names;
--  the subprograms become operations of its body.  Main also declares an
--  Index and a Max of its own, which the moved ones must not hide.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Max   : constant Integer := 1_000;   --  not the task's Max
   Index : constant String := "main";   --  not the task's Index

   type Scores_Entry is (Scores_No_Entry, Scores_Add, Scores_Get);
   type Scores_Get_Grade_Access is access String;
   procedure Free_Get_Grade is new Ada.Unchecked_Deallocation
     (String,
      Scores_Get_Grade_Access);
   type Scores_Alternative is record
      Id : Scores_Entry := Scores_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Scores_Alternative_List is array (Positive range <>) of Scores_Alternative;
   --  rdv2po: task Scores became this protected object; its code runs in the
   --  task Scores_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Scores is
      entry Add (Points : Integer);
      entry Get (I : Positive; Points : out Integer; Grade : out String;
                 Full_Now : out Boolean);
      --  rdv2po: the rendezvous protocol, for Scores_Agent
      entry Select_Arm
        (Order : Scores_Alternative_List;
         Chosen_Position : out Natural);
      entry Add_Held (Points : Integer);
      procedure Add_Woken (Points : in Integer);
      procedure Add_Take (Points : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (Points : in Integer);
      entry Get_Held
        (I : Positive;
         Points : out Integer;
         Grade : out String;
         Full_Now : out Boolean);
      procedure Get_Woken
        (I : in Positive;
         Points : in Integer;
         Grade : in String;
         Full_Now : in Boolean);
      procedure Get_Take
        (I : out Positive;
         Points : out Integer;
         Full_Now : out Boolean);
      function Get_Grade_Value return String;
      procedure Get_Accept_End
        (Points : in Integer;
         Grade : in String;
         Full_Now : in Boolean);
      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Grade : in String);
      entry Get_Queue
        (I : in Positive;
         Points : out Integer;
         Grade : out String;
         Full_Now : out Boolean);
      procedure Close;
   private
      entry Select_Wait
        (Order : Scores_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Scores_Alternative);
      function Queued (Alternative : Scores_Alternative) return Boolean;
      function Position_Of (Alternative : Scores_Alternative) return Natural;
      Armed_List : Scores_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Scores_Entry := Scores_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_Points : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_I : Positive;
      Get_Points : Integer;
      Get_Grade : Scores_Get_Grade_Access;
      Get_Full_Now : Boolean;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Scores;
   task Scores_Agent is
      --  rdv2po: general scheme agent of Scores
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : in Positive;
         Value_2 : out Integer;
         Value_3 : out String;
         Value_4 : out Boolean);
   end Scores_Agent;

   protected body Scores is

      entry Add (Points : Integer)
        when Closed
          or else (Chosen = Scores_No_Entry
                   and then Add_Armed
                   and then Add_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Scores_Agent.Wake_1
              (Position_Of ((Id => Scores_Add, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Scores_Add, Index => 0));
         Add_Woken (Points);
         requeue Add_Queue;
      end Add;

      entry Add_Held (Points : Integer)
        when Closed or else (Chosen = Scores_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Scores_Add, Index => 0));
         Add_Woken (Points);
         requeue Add_Queue;
      end Add_Held;

      entry Get
        (I : Positive;
         Points : out Integer;
         Grade : out String;
         Full_Now : out Boolean)
        when Closed
          or else (Chosen = Scores_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Scores_Agent.Wake_2
              (Position_Of ((Id => Scores_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Scores_Get, Index => 0));
         Get_Woken (I, Points, Grade, Full_Now);
         requeue Get_Queue;
      end Get;

      entry Get_Held
        (I : Positive;
         Points : out Integer;
         Grade : out String;
         Full_Now : out Boolean)
        when Closed or else (Chosen = Scores_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Scores_Get, Index => 0));
         Get_Woken (I, Points, Grade, Full_Now);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Scores_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Scores_No_Entry then
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
        (Order : Scores_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Scores_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Scores_Alternative) is
      begin
         case Alternative.Id is
            when Scores_Add =>
               Add_Armed := True;
            when Scores_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Scores_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Scores_Add =>
               return Scores.Add'Count + Add_Held'Count > 0;
            when Scores_Get =>
               return Scores.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Scores_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (Points : out Integer) is
      begin
         Points := Add_Points;
         Chosen := Scores_No_Entry;
      end Add_Take;

      procedure Add_Woken (Points : in Integer) is
      begin
         Disarm;
         Chosen := Scores_Add;
         Add_Points := Points;
         Add_Done := False;
      end Add_Woken;

      procedure Add_Accept_End is
      begin
         Add_Done := True;
      end Add_Accept_End;

      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
         Add_Raised := True;
         Add_Done := True;
      end Add_Failed;

      entry Add_Queue (Points : in Integer)
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
      end Add_Queue;

      procedure Get_Take
        (I : out Positive;
         Points : out Integer;
         Full_Now : out Boolean) is
      begin
         I := Get_I;
         Points := Get_Points;
         Full_Now := Get_Full_Now;
         Chosen := Scores_No_Entry;
      end Get_Take;

      procedure Get_Woken
        (I : in Positive;
         Points : in Integer;
         Grade : in String;
         Full_Now : in Boolean) is
      begin
         Disarm;
         Chosen := Scores_Get;
         Get_I := I;
         Get_Points := Points;
         Get_Full_Now := Full_Now;
         Get_Grade := new String'(Grade);
         Get_Done := False;
      end Get_Woken;

      function Get_Grade_Value return String is
      begin
         return Get_Grade.all;
      end Get_Grade_Value;

      procedure Get_Accept_End
        (Points : in Integer;
         Grade : in String;
         Full_Now : in Boolean) is
      begin
         Get_Points := Points;
         Get_Grade.all := Grade;
         Get_Full_Now := Full_Now;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Grade : in String) is
      begin
         Get_Grade.all := Grade;
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue
        (I : in Positive;
         Points : out Integer;
         Grade : out String;
         Full_Now : out Boolean)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            Free_Get_Grade (Get_Grade);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Grade := Get_Grade.all;
            Free_Get_Grade (Get_Grade);
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         Points := Get_Points;
         Grade := Get_Grade.all;
         Full_Now := Get_Full_Now;
         Free_Get_Grade (Get_Grade);
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Scores;

   task body Scores_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Scores_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Scores_Closer);
      overriding procedure Finalize (Object : in out Scores_Closer) is
      begin
         Scores.Close;
      end Finalize;
      Closer : Scores_Closer;
      Max : constant := 4;
      subtype Index is Positive range 1 .. Max;
      type Level is (Bronze, Silver, Gold);
      type Entry_Rec is record
         Points : Integer := 0;
         Grade  : Level := Bronze;
      end record;
      Table : array (Index) of Entry_Rec;
      Next  : Index := 1;
      Full  : Boolean := False;

      function Grade_Of (P : Integer) return Level is
      begin
         if P >= 20 then
            return Gold;
         elsif P >= 10 then
            return Silver;
         end if;
         return Bronze;
      end Grade_Of;

      procedure Store (P : Integer) is
      begin
         Table (Next) := (Points => P, Grade => Grade_Of (P));
         if Next = Index'Last then
            Next := Index'First;
            Full := True;
         else
            Next := Next + 1;
         end if;
      end Store;
   begin
      loop
         declare
            Alternatives : constant Scores_Alternative_List :=
              (1 => (Scores_Add, 0),
               2 => (Scores_Get, 0));
            Choice : Natural;
         begin
            Scores.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Scores.Add_Woken (Value_1);
                     requeue Scores.Add_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2)
                    
                      (Value_1 : in Positive;
                       Value_2 : out Integer;
                       Value_3 : out String;
                       Value_4 : out Boolean) do
                     Scores.Get_Woken (Value_1, Value_2, Value_3, Value_4);
                     requeue Scores.Get_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Scores.Add_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2)
                       
                         (Value_1 : in Positive;
                          Value_2 : out Integer;
                          Value_3 : out String;
                          Value_4 : out Boolean) do
                        requeue Scores.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Points : Integer;
                  begin
                     Scores.Add_Take (Points);
                     begin
                        Store (Points);
                     exception
                        when Occurrence : others =>
                           Scores.Add_Failed (Occurrence);
                           raise;
                     end;
                     Scores.Add_Accept_End;
                  end;
               when 2 =>
                  declare
                     I : Positive;
                     Points : Integer;
                     Full_Now : Boolean;
                  begin
                     Scores.Get_Take (I, Points, Full_Now);
                     declare
                        Grade : String := Scores.Get_Grade_Value;
                     begin
                        begin
                           declare
                              Name : constant String := Level'Image (Table (I).Grade);
                           begin
                              Grade := (others => ' ');
                              Grade (Grade'First .. Grade'First + Name'Length - 1) := Name;
                           end;
                           Points := Table (I).Points;
                           Full_Now := Full;
                        exception
                           when Occurrence : others =>
                              Scores.Get_Failed (Occurrence, Grade);
                              raise;
                        end;
                        Scores.Get_Accept_End (Points, Grade, Full_Now);
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Scores_Agent;
begin
   for P in 1 .. 6 loop
      Scores.Add (P * 5);
   end loop;
   for I in 1 .. 4 loop
      declare
         Points : Integer;
         Grade  : String (1 .. 8);
         Full   : Boolean;
      begin
         Scores.Get (I, Points, Grade, Full);
         Put_Line (Integer'Image (I) & ":" & Integer'Image (Points) & " " & Grade
                   & " full " & Boolean'Image (Full));
      end;
   end loop;
   begin
      declare
         Points : Integer;
         Grade  : String (1 .. 8);
         Full   : Boolean;
      begin
         Scores.Get (5, Points, Grade, Full);
      end;
   exception
      when Constraint_Error =>
         Put_Line ("Get (5): Constraint_Error");
   end;
   Put_Line ("main's Max" & Integer'Image (Max) & ", Index " & Index);
   Put_Line ("PASSED");
end Main;

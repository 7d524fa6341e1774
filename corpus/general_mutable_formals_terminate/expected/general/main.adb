--  Formals of a type with defaulted discriminants, in out, accepted at a
--  select with a terminate alternative: when the caller's actual is
--  constrained, the accept body's assignment changing the discriminants
--  raises Constraint_Error there (RM 3.7.2), where its handler sees it;
--  when it is not, the caller's object changes.  Under the general scheme
--  the agent waits for these calls in a real select (for terminate), and
--  the caller's 'Constrained comes through that wait.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   subtype Size is Natural range 0 .. 8;

   type Buf (Len : Size := 0) is record
      Data : String (1 .. Len);
   end record;

   Fixed : Buf (2) := (2, "ab");
   Free  : Buf := (2, "cd");
   Note  : Character;

   type Pool_Entry is (Pool_No_Entry, Pool_Grow, Pool_Look);
   type Pool_Alternative is record
      Id : Pool_Entry := Pool_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Pool_Alternative_List is array (Positive range <>) of Pool_Alternative;
   --  rdv2po: task Pool became this protected object; its code runs in the
   --  task Pool_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Pool is
      entry Grow (Item : in out Buf; Note : out Character);
      entry Look (Item : in Buf; Note : out Character);
      --  rdv2po: the rendezvous protocol, for Pool_Agent
      entry Select_Arm
        (Order : Pool_Alternative_List;
         Chosen_Position : out Natural);
      entry Grow_Held (Item : in out Buf; Note : out Character);
      procedure Grow_Woken
        (Item : in Buf;
         Note : in Character;
         Item_Constrained : Boolean);
      procedure Grow_Take
        (Item : out Buf;
         Note : out Character;
         Item_Constrained : out Boolean);
      procedure Grow_Accept_End (Item : in Buf; Note : in Character);
      procedure Grow_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Item : in Buf);
      entry Grow_Queue (Item : in out Buf; Note : out Character);
      entry Look_Held (Item : in Buf; Note : out Character);
      procedure Look_Woken (Item : in Buf; Note : in Character);
      procedure Look_Take (Item : out Buf; Note : out Character);
      procedure Look_Accept_End (Note : in Character);
      procedure Look_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Look_Queue (Item : in Buf; Note : out Character);
      procedure Close;
   private
      entry Select_Wait
        (Order : Pool_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Pool_Alternative);
      function Queued (Alternative : Pool_Alternative) return Boolean;
      function Position_Of (Alternative : Pool_Alternative) return Natural;
      Armed_List : Pool_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Pool_Entry := Pool_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Grow_Armed : Boolean := False;
      Grow_Item : Buf;
      Grow_Note : Character;
      Grow_Item_Constrained : Boolean;
      Grow_Done : Boolean := False;
      Grow_Raised : Boolean := False;
      Grow_Failure : Ada.Exceptions.Exception_Occurrence;
      Look_Armed : Boolean := False;
      Look_Item : Buf;
      Look_Note : Character;
      Look_Done : Boolean := False;
      Look_Raised : Boolean := False;
      Look_Failure : Ada.Exceptions.Exception_Occurrence;
   end Pool;
   task Pool_Agent is
      --  rdv2po: general scheme agent of Pool
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in out Buf; Value_2 : out Character);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : in Buf; Value_2 : out Character);
   end Pool_Agent;

   protected body Pool is

      entry Grow (Item : in out Buf; Note : out Character)
        when Closed
          or else (Chosen = Pool_No_Entry
                   and then Grow_Armed
                   and then Grow_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pool_Agent.Wake_1
              (Position_Of ((Id => Pool_Grow, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pool_Grow, Index => 0));
         Grow_Woken (Item, Note, Item'Constrained);
         requeue Grow_Queue;
      end Grow;

      entry Grow_Held (Item : in out Buf; Note : out Character)
        when Closed or else (Chosen = Pool_No_Entry and then Grow_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pool_Grow, Index => 0));
         Grow_Woken (Item, Note, Item'Constrained);
         requeue Grow_Queue;
      end Grow_Held;

      entry Look (Item : in Buf; Note : out Character)
        when Closed
          or else (Chosen = Pool_No_Entry
                   and then Look_Armed
                   and then Look_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Pool_Agent.Wake_2
              (Position_Of ((Id => Pool_Look, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Pool_Look, Index => 0));
         Look_Woken (Item, Note);
         requeue Look_Queue;
      end Look;

      entry Look_Held (Item : in Buf; Note : out Character)
        when Closed or else (Chosen = Pool_No_Entry and then Look_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Pool_Look, Index => 0));
         Look_Woken (Item, Note);
         requeue Look_Queue;
      end Look_Held;

      entry Select_Arm
        (Order : Pool_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Pool_No_Entry then
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
        (Order : Pool_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Pool_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Grow_Armed := False;
         Look_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Pool_Alternative) is
      begin
         case Alternative.Id is
            when Pool_Grow =>
               Grow_Armed := True;
            when Pool_Look =>
               Look_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Pool_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Pool_Grow =>
               return Pool.Grow'Count + Grow_Held'Count > 0;
            when Pool_Look =>
               return Pool.Look'Count + Look_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Pool_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Grow_Take
        (Item : out Buf;
         Note : out Character;
         Item_Constrained : out Boolean) is
      begin
         Item := Grow_Item;
         Note := Grow_Note;
         Item_Constrained := Grow_Item_Constrained;
         Chosen := Pool_No_Entry;
      end Grow_Take;

      procedure Grow_Woken
        (Item : in Buf;
         Note : in Character;
         Item_Constrained : Boolean) is
      begin
         Disarm;
         Chosen := Pool_Grow;
         Grow_Item := Item;
         Grow_Note := Note;
         Grow_Item_Constrained := Item_Constrained;
         Grow_Done := False;
      end Grow_Woken;

      procedure Grow_Accept_End (Item : in Buf; Note : in Character) is
      begin
         Grow_Item := Item;
         Grow_Note := Note;
         Grow_Done := True;
      end Grow_Accept_End;

      procedure Grow_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Item : in Buf) is
      begin
         Grow_Item := Item;
         Ada.Exceptions.Save_Occurrence (Grow_Failure, Occurrence);
         Grow_Raised := True;
         Grow_Done := True;
      end Grow_Failed;

      entry Grow_Queue (Item : in out Buf; Note : out Character)
        when Grow_Done or else Closed is
      begin
         if not Grow_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Grow_Done := False;
         if Grow_Raised then
            Grow_Raised := False;
            Item := Grow_Item;
            Ada.Exceptions.Reraise_Occurrence (Grow_Failure);
         end if;
         Item := Grow_Item;
         Note := Grow_Note;
      end Grow_Queue;

      procedure Look_Take (Item : out Buf; Note : out Character) is
      begin
         Item := Look_Item;
         Note := Look_Note;
         Chosen := Pool_No_Entry;
      end Look_Take;

      procedure Look_Woken (Item : in Buf; Note : in Character) is
      begin
         Disarm;
         Chosen := Pool_Look;
         Look_Item := Item;
         Look_Note := Note;
         Look_Done := False;
      end Look_Woken;

      procedure Look_Accept_End (Note : in Character) is
      begin
         Look_Note := Note;
         Look_Done := True;
      end Look_Accept_End;

      procedure Look_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Look_Failure, Occurrence);
         Look_Raised := True;
         Look_Done := True;
      end Look_Failed;

      entry Look_Queue (Item : in Buf; Note : out Character)
        when Look_Done or else Closed is
      begin
         if not Look_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Look_Done := False;
         if Look_Raised then
            Look_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Look_Failure);
         end if;
         Note := Look_Note;
      end Look_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Pool;

   task body Pool_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Pool_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Pool_Closer);
      overriding procedure Finalize (Object : in out Pool_Closer) is
      begin
         Pool.Close;
      end Finalize;
      Closer : Pool_Closer;
   begin
      loop
         declare
            Alternatives : constant Pool_Alternative_List :=
              (1 => (Pool_Grow, 0),
               2 => (Pool_Look, 0));
            Choice : Natural;
         begin
            Pool.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in out Buf; Value_2 : out Character) do
                     Pool.Grow_Woken (Value_1, Value_2, Value_1'Constrained);
                     requeue Pool.Grow_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : in Buf; Value_2 : out Character) do
                     Pool.Look_Woken (Value_1, Value_2);
                     requeue Pool.Look_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in out Buf; Value_2 : out Character) do
                        requeue Pool.Grow_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : in Buf; Value_2 : out Character) do
                        requeue Pool.Look_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Item : Buf;
                     Note : Character;
                     Item_Constrained : Boolean;   --  Item'Constrained in the caller

                     procedure Grow_Accepted (Item : in out Buf) is
                     begin
                        begin
                           begin
                              Note := (if Item'Constrained then 'C' else 'U');
                              Item := (Item.Len + 1, Item.Data & '+');
                           exception
                              when Constraint_Error =>
                                 Note := 'E';
                           end;
                        exception
                           when Occurrence : others =>
                              Pool.Grow_Failed (Occurrence, Item);
                              raise;
                        end;
                        Pool.Grow_Accept_End (Item, Note);
                     end Grow_Accepted;
                  begin
                     Pool.Grow_Take (Item, Note, Item_Constrained);
                     --  rdv2po: the accept body sees Item constrained as the
                     --  caller's actual is (RM 6.4.1)
                     if Item_Constrained then
                        declare
                           Constrained_Item : Buf (Item.Len) := Item;
                        begin
                           Grow_Accepted (Constrained_Item);
                        end;
                     else
                        Grow_Accepted (Item);
                     end if;
                  end;
               when 2 =>
                  declare
                     Item : Buf;
                     Note : Character;

                     procedure Look_Accepted (Item : Buf) is
                     begin
                        begin
                           Note := (if Item'Constrained then 'C' else 'U');
                        exception
                           when Occurrence : others =>
                              Pool.Look_Failed (Occurrence);
                              raise;
                        end;
                        Pool.Look_Accept_End (Note);
                     end Look_Accepted;
                  begin
                     Pool.Look_Take (Item, Note);
                     Look_Accepted (Item);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Pool_Agent;
begin
   --  the delays let Pool reach its select first: the calls come through its wait
   delay 0.02;
   Pool.Grow (Free, Note);
   Put_Line ("Free: " & Free.Data & " " & Note);
   delay 0.02;
   Pool.Grow (Fixed, Note);
   Put_Line ("Fixed: " & Fixed.Data & " " & Note);
   delay 0.02;
   Pool.Look (Free, Note);
   Put_Line ("Look: " & Note);
   Put_Line ("PASSED");
end Main;

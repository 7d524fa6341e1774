--  Return statements in accept bodies: each ends the rendezvous, and the task
--  goes on with what follows the accept.  Ledger leaves from a loop and from a
--  handler of its accept body and counts its calls after the accept; Filter
--  accepts Start first (a stage of its own), then returns early from an accept
--  whose statements after it run all the same, and from one that requeues.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type List is array (1 .. 4) of Integer;

   type Ledger_Entry is
     (Ledger_No_Entry,
      Ledger_Post,
      Ledger_Parse,
      Ledger_Report);
   type Ledger_Parse_Image_Access is access String;
   procedure Free_Parse_Image is new Ada.Unchecked_Deallocation
     (String,
      Ledger_Parse_Image_Access);
   type Ledger_Alternative is record
      Id : Ledger_Entry := Ledger_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Ledger_Alternative_List is array (Positive range <>) of Ledger_Alternative;
   --  rdv2po: task Ledger became this protected object; its code runs in the
   --  task Ledger_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Ledger is
      entry Post (Items : List);
      entry Parse (Image : String);
      entry Report (Sum, Calls, Bad : out Integer);
      --  rdv2po: the rendezvous protocol, for Ledger_Agent
      entry Select_Arm
        (Order : Ledger_Alternative_List;
         Chosen_Position : out Natural);
      entry Post_Held (Items : List);
      procedure Post_Woken (Items : in List);
      procedure Post_Take (Items : out List);
      procedure Post_Accept_End;
      procedure Post_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Post_Queue (Items : in List);
      entry Parse_Held (Image : String);
      procedure Parse_Woken (Image : in String);
      procedure Parse_Take;
      function Parse_Image_Value return String;
      procedure Parse_Accept_End;
      procedure Parse_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Parse_Queue (Image : in String);
      entry Report_Held (Sum, Calls, Bad : out Integer);
      procedure Report_Woken
        (Sum : in Integer;
         Calls : in Integer;
         Bad : in Integer);
      procedure Report_Take
        (Sum : out Integer;
         Calls : out Integer;
         Bad : out Integer);
      procedure Report_Accept_End
        (Sum : in Integer;
         Calls : in Integer;
         Bad : in Integer);
      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Report_Queue
        (Sum : out Integer;
         Calls : out Integer;
         Bad : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Ledger_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Ledger_Alternative);
      function Queued (Alternative : Ledger_Alternative) return Boolean;
      function Position_Of (Alternative : Ledger_Alternative) return Natural;
      Armed_List : Ledger_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Ledger_Entry := Ledger_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Post_Armed : Boolean := False;
      Post_Items : List;
      Post_Done : Boolean := False;
      Post_Raised : Boolean := False;
      Post_Failure : Ada.Exceptions.Exception_Occurrence;
      Parse_Armed : Boolean := False;
      Parse_Image : Ledger_Parse_Image_Access;
      Parse_Done : Boolean := False;
      Parse_Raised : Boolean := False;
      Parse_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Sum : Integer;
      Report_Calls : Integer;
      Report_Bad : Integer;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Ledger;
   task Ledger_Agent is
      --  rdv2po: general scheme agent of Ledger
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in List);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : in String);
      entry Wake_3 (Positive range 1 .. 3)
        (Value_1 : out Integer; Value_2 : out Integer; Value_3 : out Integer);
   end Ledger_Agent;

   protected body Ledger is

      entry Post (Items : List)
        when Closed
          or else (Chosen = Ledger_No_Entry
                   and then Post_Armed
                   and then Post_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ledger_Agent.Wake_1
              (Position_Of ((Id => Ledger_Post, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ledger_Post, Index => 0));
         Post_Woken (Items);
         requeue Post_Queue;
      end Post;

      entry Post_Held (Items : List)
        when Closed or else (Chosen = Ledger_No_Entry and then Post_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ledger_Post, Index => 0));
         Post_Woken (Items);
         requeue Post_Queue;
      end Post_Held;

      entry Parse (Image : String)
        when Closed
          or else (Chosen = Ledger_No_Entry
                   and then Parse_Armed
                   and then Parse_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ledger_Agent.Wake_2
              (Position_Of ((Id => Ledger_Parse, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ledger_Parse, Index => 0));
         Parse_Woken (Image);
         requeue Parse_Queue;
      end Parse;

      entry Parse_Held (Image : String)
        when Closed or else (Chosen = Ledger_No_Entry and then Parse_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ledger_Parse, Index => 0));
         Parse_Woken (Image);
         requeue Parse_Queue;
      end Parse_Held;

      entry Report (Sum, Calls, Bad : out Integer)
        when Closed
          or else (Chosen = Ledger_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Ledger_Agent.Wake_3
              (Position_Of ((Id => Ledger_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Ledger_Report, Index => 0));
         Report_Woken (Sum, Calls, Bad);
         requeue Report_Queue;
      end Report;

      entry Report_Held (Sum, Calls, Bad : out Integer)
        when Closed or else (Chosen = Ledger_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Ledger_Report, Index => 0));
         Report_Woken (Sum, Calls, Bad);
         requeue Report_Queue;
      end Report_Held;

      entry Select_Arm
        (Order : Ledger_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Ledger_No_Entry then
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
        (Order : Ledger_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Ledger_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Post_Armed := False;
         Parse_Armed := False;
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Ledger_Alternative) is
      begin
         case Alternative.Id is
            when Ledger_Post =>
               Post_Armed := True;
            when Ledger_Parse =>
               Parse_Armed := True;
            when Ledger_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Ledger_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Ledger_Post =>
               return Ledger.Post'Count + Post_Held'Count > 0;
            when Ledger_Parse =>
               return Ledger.Parse'Count + Parse_Held'Count > 0;
            when Ledger_Report =>
               return Ledger.Report'Count + Report_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Ledger_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Post_Take (Items : out List) is
      begin
         Items := Post_Items;
         Chosen := Ledger_No_Entry;
      end Post_Take;

      procedure Post_Woken (Items : in List) is
      begin
         Disarm;
         Chosen := Ledger_Post;
         Post_Items := Items;
         Post_Done := False;
      end Post_Woken;

      procedure Post_Accept_End is
      begin
         Post_Done := True;
      end Post_Accept_End;

      procedure Post_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Post_Failure, Occurrence);
         Post_Raised := True;
         Post_Done := True;
      end Post_Failed;

      entry Post_Queue (Items : in List)
        when Post_Done or else Closed is
      begin
         if not Post_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Post_Done := False;
         if Post_Raised then
            Post_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Post_Failure);
         end if;
      end Post_Queue;

      procedure Parse_Take is
      begin
         Chosen := Ledger_No_Entry;
      end Parse_Take;

      procedure Parse_Woken (Image : in String) is
      begin
         Disarm;
         Chosen := Ledger_Parse;
         Parse_Image := new String'(Image);
         Parse_Done := False;
      end Parse_Woken;

      function Parse_Image_Value return String is
      begin
         return Parse_Image.all;
      end Parse_Image_Value;

      procedure Parse_Accept_End is
      begin
         Parse_Done := True;
      end Parse_Accept_End;

      procedure Parse_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Parse_Failure, Occurrence);
         Parse_Raised := True;
         Parse_Done := True;
      end Parse_Failed;

      entry Parse_Queue (Image : in String)
        when Parse_Done or else Closed is
      begin
         if not Parse_Done then
            Free_Parse_Image (Parse_Image);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Parse_Done := False;
         if Parse_Raised then
            Parse_Raised := False;
            Free_Parse_Image (Parse_Image);
            Ada.Exceptions.Reraise_Occurrence (Parse_Failure);
         end if;
         Free_Parse_Image (Parse_Image);
      end Parse_Queue;

      procedure Report_Take
        (Sum : out Integer;
         Calls : out Integer;
         Bad : out Integer) is
      begin
         Sum := Report_Sum;
         Calls := Report_Calls;
         Bad := Report_Bad;
         Chosen := Ledger_No_Entry;
      end Report_Take;

      procedure Report_Woken
        (Sum : in Integer;
         Calls : in Integer;
         Bad : in Integer) is
      begin
         Disarm;
         Chosen := Ledger_Report;
         Report_Sum := Sum;
         Report_Calls := Calls;
         Report_Bad := Bad;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End
        (Sum : in Integer;
         Calls : in Integer;
         Bad : in Integer) is
      begin
         Report_Sum := Sum;
         Report_Calls := Calls;
         Report_Bad := Bad;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue
        (Sum : out Integer;
         Calls : out Integer;
         Bad : out Integer)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Sum := Report_Sum;
         Calls := Report_Calls;
         Bad := Report_Bad;
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Ledger;

   task body Ledger_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Ledger_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Ledger_Closer);
      overriding procedure Finalize (Object : in out Ledger_Closer) is
      begin
         Ledger.Close;
      end Finalize;
      Closer : Ledger_Closer;
      Total, Calls, Bad : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Ledger_Alternative_List :=
              (1 => (Ledger_Post, 0),
               2 => (Ledger_Parse, 0),
               3 => (Ledger_Report, 0));
            Choice : Natural;
         begin
            Ledger.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in List) do
                     Ledger.Post_Woken (Value_1);
                     requeue Ledger.Post_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : in String) do
                     Ledger.Parse_Woken (Value_1);
                     requeue Ledger.Parse_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3)
                    
                      (Value_1 : out Integer;
                       Value_2 : out Integer;
                       Value_3 : out Integer) do
                     Ledger.Report_Woken (Value_1, Value_2, Value_3);
                     requeue Ledger.Report_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in List) do
                        requeue Ledger.Post_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : in String) do
                        requeue Ledger.Parse_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3)
                       
                         (Value_1 : out Integer;
                          Value_2 : out Integer;
                          Value_3 : out Integer) do
                        requeue Ledger.Report_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Items : List;
                  begin
                     Ledger.Post_Take (Items);
                     begin
                        for I of Items loop
                           if I = 0 then
                              goto Post_Finished;              --  a zero ends the list
                           end if;
                           Total := Total + I;
                        end loop;
                     exception
                        when Occurrence : others =>
                           Ledger.Post_Failed (Occurrence);
                           raise;
                     end;
                     <<Post_Finished>>
                     Ledger.Post_Accept_End;
                  end;
                  Calls := Calls + 1;
               when 2 =>
                  begin
                     Ledger.Parse_Take;
                     declare
                        Image : constant String := Ledger.Parse_Image_Value;
                     begin
                        begin
                           begin
                              Total := Total + Integer'Value (Image);
                           exception
                              when Constraint_Error =>
                                 Bad := Bad + 1;
                                 goto Parse_Finished;
                           end;
                        exception
                           when Occurrence : others =>
                              Ledger.Parse_Failed (Occurrence);
                              raise;
                        end;
                        <<Parse_Finished>>
                        Ledger.Parse_Accept_End;
                     end;
                  end;
                  Calls := Calls + 1;
               when 3 =>
                  declare
                     Sum : Integer;
                     Calls : Integer;
                     Bad : Integer;
                  begin
                     Ledger.Report_Take (Sum, Calls, Bad);
                     begin
                        Sum := Total;
                        Calls := Ledger_Agent.Calls;
                        Bad := Ledger_Agent.Bad;
                     exception
                        when Occurrence : others =>
                           Ledger.Report_Failed (Occurrence);
                           raise;
                     end;
                     Ledger.Report_Accept_End (Sum, Calls, Bad);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Ledger_Agent;

   type Filter_Entry is
     (Filter_No_Entry,
      Filter_Start,
      Filter_Put,
      Filter_Take,
      Filter_Get);
   type Filter_Alternative is record
      Id : Filter_Entry := Filter_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Filter_Alternative_List is array (Positive range <>) of Filter_Alternative;
   --  rdv2po: task Filter became this protected object; its code runs in the
   --  task Filter_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Filter is
      entry Start (Limit : Integer);
      entry Put (X : Integer);
      entry Take (X : Integer);
      entry Get (Kept, Seen : out Integer);
      --  rdv2po: the rendezvous protocol, for Filter_Agent
      entry Select_Arm
        (Order : Filter_Alternative_List;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin (Limit : out Integer);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Limit : in Integer);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Take_Held (X : Integer);
      procedure Take_Woken (X : in Integer);
      procedure Take_Take (X : out Integer);
      procedure Take_Accept_End;
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (X : in Integer);
      procedure Take_Requeue_1;
      entry Get_Held (Kept, Seen : out Integer);
      procedure Get_Woken (Kept : in Integer; Seen : in Integer);
      procedure Get_Take (Kept : out Integer; Seen : out Integer);
      procedure Get_Accept_End (Kept : in Integer; Seen : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Kept : out Integer; Seen : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Filter_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Filter_Alternative);
      function Queued (Alternative : Filter_Alternative) return Boolean;
      function Position_Of (Alternative : Filter_Alternative) return Natural;
      Armed_List : Filter_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Filter_Entry := Filter_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Start_Limit : Integer;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Armed : Boolean := False;
      Take_X : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Target : Natural := 0;
      Get_Armed : Boolean := False;
      Get_Kept : Integer;
      Get_Seen : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
   end Filter;
   task Filter_Agent is
      --  rdv2po: general scheme agent of Filter
      entry Wake_1 (Positive range 1 .. 3) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 3)
        (Value_1 : out Integer; Value_2 : out Integer);
   end Filter_Agent;

   protected body Filter is

      entry Start (Limit : Integer)
        when Closed
          or else (Chosen = Filter_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Filter_Start;
         Start_Limit := Limit;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Put (X : Integer)
        when Closed
          or else (Chosen = Filter_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Filter_Agent.Wake_1
              (Position_Of ((Id => Filter_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Filter_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Filter_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Filter_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Take (X : Integer)
        when Closed
          or else (Chosen = Filter_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Filter_Agent.Wake_1
              (Position_Of ((Id => Filter_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Filter_Take, Index => 0));
         Take_Woken (X);
         requeue Take_Queue;
      end Take;

      entry Take_Held (X : Integer)
        when Closed or else (Chosen = Filter_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Filter_Take, Index => 0));
         Take_Woken (X);
         requeue Take_Queue;
      end Take_Held;

      entry Get (Kept, Seen : out Integer)
        when Closed
          or else (Chosen = Filter_No_Entry
                   and then Get_Armed
                   and then Get_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Filter_Agent.Wake_2
              (Position_Of ((Id => Filter_Get, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Filter_Get, Index => 0));
         Get_Woken (Kept, Seen);
         requeue Get_Queue;
      end Get;

      entry Get_Held (Kept, Seen : out Integer)
        when Closed or else (Chosen = Filter_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Filter_Get, Index => 0));
         Get_Woken (Kept, Seen);
         requeue Get_Queue;
      end Get_Held;

      entry Select_Arm
        (Order : Filter_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Filter_No_Entry then
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
        (Order : Filter_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Filter_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Take_Armed := False;
         Get_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Filter_Alternative) is
      begin
         case Alternative.Id is
            when Filter_Put =>
               Put_Armed := True;
            when Filter_Take =>
               Take_Armed := True;
            when Filter_Get =>
               Get_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Filter_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Filter_Put =>
               return Filter.Put'Count + Put_Held'Count > 0;
            when Filter_Take =>
               return Filter.Take'Count + Take_Held'Count > 0;
            when Filter_Get =>
               return Filter.Get'Count + Get_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Filter_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Start_Accept_Begin (Limit : out Integer)
        when Chosen = Filter_Start is
      begin
         Limit := Start_Limit;
         Chosen := Filter_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (Limit : in Integer)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Filter_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Filter_Put;
         Put_X := X;
         Put_Done := False;
      end Put_Woken;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (X : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Take_Take (X : out Integer) is
      begin
         X := Take_X;
         Chosen := Filter_No_Entry;
      end Take_Take;

      procedure Take_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Filter_Take;
         Take_X := X;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End is
      begin
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (X : in Integer)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         if Take_Target = 1 then
            Take_Target := 0;
            requeue Put;
         end if;
      end Take_Queue;

      procedure Take_Requeue_1 is
      begin
         Take_Target := 1;
         Take_Done := True;
      end Take_Requeue_1;

      procedure Get_Take (Kept : out Integer; Seen : out Integer) is
      begin
         Kept := Get_Kept;
         Seen := Get_Seen;
         Chosen := Filter_No_Entry;
      end Get_Take;

      procedure Get_Woken (Kept : in Integer; Seen : in Integer) is
      begin
         Disarm;
         Chosen := Filter_Get;
         Get_Kept := Kept;
         Get_Seen := Seen;
         Get_Done := False;
      end Get_Woken;

      procedure Get_Accept_End (Kept : in Integer; Seen : in Integer) is
      begin
         Get_Kept := Kept;
         Get_Seen := Seen;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Kept : out Integer; Seen : out Integer)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         Kept := Get_Kept;
         Seen := Get_Seen;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Filter;

   task body Filter_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Filter_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Filter_Closer);
      overriding procedure Finalize (Object : in out Filter_Closer) is
      begin
         Filter.Close;
      end Finalize;
      Closer : Filter_Closer;
      Max, Kept, Seen : Integer := 0;
   begin
      declare
         Limit : Integer;
      begin
         Filter.Start_Accept_Begin (Limit);
         begin
            Max := Limit;
         exception
            when Occurrence : others =>
               Filter.Start_Failed (Occurrence);
               raise;
         end;
         Filter.Start_Accept_End;
      end;
      loop
         declare
            Alternatives : constant Filter_Alternative_List :=
              (1 => (Filter_Put, 0),
               2 => (Filter_Take, 0),
               3 => (Filter_Get, 0));
            Choice : Natural;
         begin
            Filter.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Filter.Put_Woken (Value_1);
                     requeue Filter.Put_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2) (Value_1 : in Integer) do
                     Filter.Take_Woken (Value_1);
                     requeue Filter.Take_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3)
                    (Value_1 : out Integer; Value_2 : out Integer) do
                     Filter.Get_Woken (Value_1, Value_2);
                     requeue Filter.Get_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Filter.Put_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2) (Value_1 : in Integer) do
                        requeue Filter.Take_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3)
                       (Value_1 : out Integer; Value_2 : out Integer) do
                        requeue Filter.Get_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Filter.Put_Take (X);
                     begin
                        if X > Max then
                           goto Put_Finished;
                        end if;
                        Kept := Kept + X;
                     exception
                        when Occurrence : others =>
                           Filter.Put_Failed (Occurrence);
                           raise;
                     end;
                     <<Put_Finished>>
                     Filter.Put_Accept_End;
                  end;
                  Seen := Seen + 1;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Filter.Take_Take (X);
                     begin
                        if X < 0 then
                           goto Take_Finished;
                        end if;
                        Filter.Take_Requeue_1;
                        goto Take_Requeued;
                     exception
                        when Occurrence : others =>
                           Filter.Take_Failed (Occurrence);
                           raise;
                     end;
                     <<Take_Finished>>
                     Filter.Take_Accept_End;
                     <<Take_Requeued>>
                     null;
                  end;
                  Seen := Seen + 10;
               when 3 =>
                  declare
                     Kept : Integer;
                     Seen : Integer;
                  begin
                     Filter.Get_Take (Kept, Seen);
                     begin
                        Kept := Filter_Agent.Kept;
                        Seen := Filter_Agent.Seen;
                     exception
                        when Occurrence : others =>
                           Filter.Get_Failed (Occurrence);
                           raise;
                     end;
                     Filter.Get_Accept_End (Kept, Seen);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Filter_Agent;

   A, B, C : Integer;
begin
   Ledger.Post ((1, 2, 0, 4));
   Ledger.Post ((5, 5, 5, 5));
   Ledger.Parse ("12");
   Ledger.Parse ("x");
   Ledger.Report (A, B, C);
   Put_Line ("ledger" & Integer'Image (A) & Integer'Image (B) & Integer'Image (C));
   Filter.Start (10);
   Filter.Put (3);
   Filter.Put (30);
   Filter.Take (4);
   Filter.Take (-1);
   Filter.Get (A, B);
   Put_Line ("filter" & Integer'Image (A) & Integer'Image (B));
   Put_Line ("PASSED");
end Main;

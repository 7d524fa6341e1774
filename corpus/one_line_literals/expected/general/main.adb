--  Code a translation writes on a line of its own -- an exit condition, an
--  entry's default -- keeps the blanks of its string literals, which are part
--  of their values, and loses a comment inside it, which would otherwise
--  swallow the rest of that line.

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  leaves its loop when it is handed "x  y" (two blanks), not "x y"
   type Keeper_Entry is (Keeper_No_Entry, Keeper_Put);
   type Keeper_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Keeper_Put_S_Access);
   --  rdv2po: task Keeper became this protected object; its code runs in the
   --  task Keeper_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Keeper is
      entry Put (S : String);
      --  rdv2po: the rendezvous protocol, for Keeper_Agent
      entry Put_Accept_Begin;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close;
   private
      Chosen : Keeper_Entry := Keeper_No_Entry;
      Closed : Boolean := False;
      Put_S : Keeper_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper
   end Keeper_Agent;

   protected body Keeper is

      entry Put (S : String)
        when Closed
          or else (Chosen = Keeper_No_Entry
                   and then Put_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Keeper_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Put_Accept_Begin
        when Chosen = Keeper_Put is
      begin
         Chosen := Keeper_No_Entry;
      end Put_Accept_Begin;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Keeper;

   task body Keeper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Keeper_Closer);
      overriding procedure Finalize (Object : in out Keeper_Closer) is
      begin
         Keeper.Close;
      end Finalize;
      Closer : Keeper_Closer;
      Last : String (1 .. 4) := (others => ' ');
   begin
      loop
         begin
            Keeper.Put_Accept_Begin;
            declare
               S : constant String := Keeper.Put_S_Value;
            begin
               begin
                  Last := S;
               exception
                  when Occurrence : others =>
                     Keeper.Put_Failed (Occurrence);
                     raise;
               end;
               Keeper.Put_Accept_End;
            end;
         end;
         Put_Line ("kept [" & Last & "]");
         exit when Last = "x  y";
      end loop;
      Put_Line ("keeper done");
   end Keeper_Agent;

   --  a default with two blanks, and a comment inside the exit condition
   type Gate_Entry is (Gate_No_Entry, Gate_Pass);
   type Gate_Pass_S_Access is access String;
   procedure Free_Pass_S is new Ada.Unchecked_Deallocation
     (String,
      Gate_Pass_S_Access);
   --  rdv2po: task Gate became this protected object; its code runs in the
   --  task Gate_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Gate is
      entry Pass (S : String := "a  b");
      --  rdv2po: the rendezvous protocol, for Gate_Agent
      entry Pass_Accept_Begin;
      function Pass_S_Value return String;
      procedure Pass_Accept_End;
      procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Pass_Queue (S : in String);
      procedure Close;
   private
      Chosen : Gate_Entry := Gate_No_Entry;
      Closed : Boolean := False;
      Pass_S : Gate_Pass_S_Access;
      Pass_Done : Boolean := False;
      Pass_Raised : Boolean := False;
      Pass_Failure : Ada.Exceptions.Exception_Occurrence;
   end Gate;
   task Gate_Agent is
      --  rdv2po: general scheme agent of Gate
   end Gate_Agent;

   protected body Gate is

      entry Pass (S : String := "a  b")
        when Closed
          or else (Chosen = Gate_No_Entry and then Pass_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Gate_Pass;
         Pass_S := new String'(S);
         Pass_Done := False;
         requeue Pass_Queue;
      end Pass;

      entry Pass_Accept_Begin
        when Chosen = Gate_Pass is
      begin
         Chosen := Gate_No_Entry;
      end Pass_Accept_Begin;

      function Pass_S_Value return String is
      begin
         return Pass_S.all;
      end Pass_S_Value;

      procedure Pass_Accept_End is
      begin
         Pass_Done := True;
      end Pass_Accept_End;

      procedure Pass_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Pass_Failure, Occurrence);
         Pass_Raised := True;
         Pass_Done := True;
      end Pass_Failed;

      entry Pass_Queue (S : in String)
        when Pass_Done or else Closed is
      begin
         if not Pass_Done then
            Free_Pass_S (Pass_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Pass_Done := False;
         if Pass_Raised then
            Pass_Raised := False;
            Free_Pass_S (Pass_S);
            Ada.Exceptions.Reraise_Occurrence (Pass_Failure);
         end if;
         Free_Pass_S (Pass_S);
      end Pass_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Gate;

   task body Gate_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Gate_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Gate_Closer);
      overriding procedure Finalize (Object : in out Gate_Closer) is
      begin
         Gate.Close;
      end Finalize;
      Closer : Gate_Closer;
      Seen : Natural := 0;
   begin
      loop
         begin
            Gate.Pass_Accept_Begin;
            declare
               S : constant String := Gate.Pass_S_Value;
            begin
               begin
                  Put_Line ("passed [" & S & "]");
               exception
                  when Occurrence : others =>
                     Gate.Pass_Failed (Occurrence);
                     raise;
               end;
               Gate.Pass_Accept_End;
            end;
         end;
         Seen := Seen + 1;
         exit when Seen = 3   -- the last pass
           or else Seen > 5;
      end loop;
      Put_Line ("gate done");
   end Gate_Agent;

   --  a default with two blanks, in a select loop with a terminate alternative
   type Echo_Entry is (Echo_No_Entry, Echo_Say);
   type Echo_Say_S_Access is access String;
   procedure Free_Say_S is new Ada.Unchecked_Deallocation
     (String,
      Echo_Say_S_Access);
   type Echo_Alternative is record
      Id : Echo_Entry := Echo_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Echo_Alternative_List is array (Positive range <>) of Echo_Alternative;
   --  rdv2po: task Echo became this protected object; its code runs in the
   --  task Echo_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Echo is
      entry Say (S : String := "c  d");
      --  rdv2po: the rendezvous protocol, for Echo_Agent
      entry Select_Arm
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural);
      entry Say_Held (S : in String);
      procedure Say_Woken (S : in String);
      procedure Say_Take;
      function Say_S_Value return String;
      procedure Say_Accept_End;
      procedure Say_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Say_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Echo_Alternative);
      function Queued (Alternative : Echo_Alternative) return Boolean;
      function Position_Of (Alternative : Echo_Alternative) return Natural;
      Armed_List : Echo_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Echo_Entry := Echo_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Say_Armed : Boolean := False;
      Say_S : Echo_Say_S_Access;
      Say_Done : Boolean := False;
      Say_Raised : Boolean := False;
      Say_Failure : Ada.Exceptions.Exception_Occurrence;
   end Echo;
   task Echo_Agent is
      --  rdv2po: general scheme agent of Echo
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Echo_Agent;

   protected body Echo is

      entry Say (S : String := "c  d")
        when Closed
          or else (Chosen = Echo_No_Entry
                   and then Say_Armed
                   and then Say_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Echo_Agent.Wake_1
              (Position_Of ((Id => Echo_Say, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Echo_Say, Index => 0));
         Say_Woken (S);
         requeue Say_Queue;
      end Say;

      entry Say_Held (S : in String)
        when Closed or else (Chosen = Echo_No_Entry and then Say_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Echo_Say, Index => 0));
         Say_Woken (S);
         requeue Say_Queue;
      end Say_Held;

      entry Select_Arm
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Echo_No_Entry then
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
        (Order : Echo_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Echo_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Say_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Echo_Alternative) is
      begin
         case Alternative.Id is
            when Echo_Say =>
               Say_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Echo_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Echo_Say =>
               return Echo.Say'Count + Say_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Echo_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Say_Take is
      begin
         Chosen := Echo_No_Entry;
      end Say_Take;

      procedure Say_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Echo_Say;
         Say_S := new String'(S);
         Say_Done := False;
      end Say_Woken;

      function Say_S_Value return String is
      begin
         return Say_S.all;
      end Say_S_Value;

      procedure Say_Accept_End is
      begin
         Say_Done := True;
      end Say_Accept_End;

      procedure Say_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Say_Failure, Occurrence);
         Say_Raised := True;
         Say_Done := True;
      end Say_Failed;

      entry Say_Queue (S : in String)
        when Say_Done or else Closed is
      begin
         if not Say_Done then
            Free_Say_S (Say_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Say_Done := False;
         if Say_Raised then
            Say_Raised := False;
            Free_Say_S (Say_S);
            Ada.Exceptions.Reraise_Occurrence (Say_Failure);
         end if;
         Free_Say_S (Say_S);
      end Say_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Echo;

   task body Echo_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Echo_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Echo_Closer);
      overriding procedure Finalize (Object : in out Echo_Closer) is
      begin
         Echo.Close;
      end Finalize;
      Closer : Echo_Closer;
   begin
      loop
         declare
            Alternatives : constant Echo_Alternative_List :=
              (1 => (Echo_Say, 0));
            Choice : Natural;
         begin
            Echo.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Echo.Say_Woken (Value_1);
                     requeue Echo.Say_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Echo.Say_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Echo.Say_Take;
                     declare
                        S : constant String := Echo.Say_S_Value;
                     begin
                        begin
                           Put_Line ("said [" & S & "]");
                        exception
                           when Occurrence : others =>
                              Echo.Say_Failed (Occurrence);
                              raise;
                        end;
                        Echo.Say_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Echo_Agent;

   --  a family whose members' procedures repeat the entry's default
   subtype Slot is Integer range 1 .. 2;

   type Board_Entry is (Board_No_Entry, Board_Post);
   type Board_Post_S_Access is access String;
   procedure Free_Post_S is new Ada.Unchecked_Deallocation
     (String,
      Board_Post_S_Access);
   type Board_Alternative is record
      Id : Board_Entry := Board_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Board_Alternative_List is array (Positive range <>) of Board_Alternative;
   type Board_Post_Set is array (Slot) of Boolean;
   --  rdv2po: task Board became this protected object; its code runs in the
   --  task Board_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Board is
      entry Post (Slot) (S : String := "g  h");
      --  rdv2po: the rendezvous protocol, for Board_Agent
      entry Select_Arm
        (Order : Board_Alternative_List;
         Chosen_Position : out Natural);
      entry Post_Held (Slot) (S : in String);
      procedure Post_Woken (S : in String);
      procedure Post_Take;
      function Post_S_Value return String;
      procedure Post_Accept_End;
      procedure Post_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Post_Queue (S : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Board_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Board_Alternative);
      function Queued (Alternative : Board_Alternative) return Boolean;
      function Position_Of (Alternative : Board_Alternative) return Natural;
      Armed_List : Board_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Board_Entry := Board_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Post_Armed : Board_Post_Set := (others => False);
      Post_S : Board_Post_S_Access;
      Post_Done : Boolean := False;
      Post_Raised : Boolean := False;
      Post_Failure : Ada.Exceptions.Exception_Occurrence;
   end Board;
   task Board_Agent is
      --  rdv2po: general scheme agent of Board
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Board_Agent;

   protected body Board is

      entry Post (for Member in Slot) (S : String := "g  h")
        when Closed
          or else (Chosen = Board_No_Entry
                   and then Post_Armed (Member)
                   and then Post_Held (Member)'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Board_Agent.Wake_1
              (Position_Of ((Id => Board_Post, Index => Slot'Pos (Member)))) with abort;
         end if;
         Position := Position_Of ((Id => Board_Post, Index => Slot'Pos (Member)));
         Post_Woken (S);
         requeue Post_Queue;
      end Post;

      entry Post_Held (for Member in Slot) (S : in String)
        when Closed
          or else (Chosen = Board_No_Entry and then Post_Armed (Member))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Board_Post, Index => Slot'Pos (Member)));
         Post_Woken (S);
         requeue Post_Queue;
      end Post_Held;

      entry Select_Arm
        (Order : Board_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Board_No_Entry then
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
        (Order : Board_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Board_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Post_Armed := (others => False);
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Board_Alternative) is
      begin
         case Alternative.Id is
            when Board_Post =>
               Post_Armed (Slot'Val (Alternative.Index)) := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Board_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Board_Post =>
               return Board.Post (Slot'Val (Alternative.Index))'Count
                 + Post_Held (Slot'Val (Alternative.Index))'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Board_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Post_Take is
      begin
         Chosen := Board_No_Entry;
      end Post_Take;

      procedure Post_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Board_Post;
         Post_S := new String'(S);
         Post_Done := False;
      end Post_Woken;

      function Post_S_Value return String is
      begin
         return Post_S.all;
      end Post_S_Value;

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

      entry Post_Queue (S : in String)
        when Post_Done or else Closed is
      begin
         if not Post_Done then
            Free_Post_S (Post_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Post_Done := False;
         if Post_Raised then
            Post_Raised := False;
            Free_Post_S (Post_S);
            Ada.Exceptions.Reraise_Occurrence (Post_Failure);
         end if;
         Free_Post_S (Post_S);
      end Post_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Board;

   task body Board_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Board_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Board_Closer);
      overriding procedure Finalize (Object : in out Board_Closer) is
      begin
         Board.Close;
      end Finalize;
      Closer : Board_Closer;
   begin
      loop
         declare
            Alternatives : constant Board_Alternative_List :=
              (1 => (Board_Post, Slot'Pos (1)));
            Choice : Natural;
         begin
            Board.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Board.Post_Woken (Value_1);
                     requeue Board.Post_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Board.Post_Held (Slot'Val (Alternatives (1).Index)) with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Board.Post_Take;
                     declare
                        S : constant String := Board.Post_S_Value;
                     begin
                        begin
                           Put_Line ("posted [" & S & "]");
                        exception
                           when Occurrence : others =>
                              Board.Post_Failed (Occurrence);
                              raise;
                        end;
                        Board.Post_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Board_Agent;

begin
   Keeper.Put ("x y ");
   Keeper.Put ("x  y");
   while not Keeper_Agent'Terminated loop
      delay 0.01;
   end loop;
   Gate.Pass;
   Gate.Pass ("a b");
   Gate.Pass;
   while not Gate_Agent'Terminated loop
      delay 0.01;
   end loop;
   Echo.Say;
   Echo.Say ("e f");
   Board.Post (1);
   Board.Post (1) ("i j");
   delay 0.1;
   Put_Line ("PASSED");
end Main;

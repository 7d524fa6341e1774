with Ada.Exceptions;
with Ada.Finalization;
package body Service is

   type Desk_Entry is (Desk_No_Entry, Desk_Request, Desk_Report);
   type Desk_Alternative is record
      Id : Desk_Entry := Desk_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Desk_Alternative_List is array (Positive range <>) of Desk_Alternative;
   type Desk_Request_Set is array (Level) of Boolean;
   --  rdv2po: the rendezvous of task Desk, for Desk_Agent
   protected Desk_Rendezvous is
      entry Request (Level) (X : in Integer; Y : out Integer);
      entry Report (Counts : out Level_Counts; Sums : out Level_Sums);
      entry Select_Arm
        (Order : Desk_Alternative_List;
         Chosen_Position : out Natural);
      entry Request_Held (Level) (X : in Integer; Y : out Integer);
      procedure Request_Woken (X : in Integer; Y : in Integer);
      procedure Request_Take (X : out Integer; Y : out Integer);
      procedure Request_Accept_End (Y : in Integer);
      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Request_Queue (X : in Integer; Y : out Integer);
      function Request_Count (Index : Level) return Natural;
      entry Report_Held (Counts : out Level_Counts; Sums : out Level_Sums);
      procedure Report_Woken (Counts : in Level_Counts; Sums : in Level_Sums);
      procedure Report_Take (Counts : out Level_Counts; Sums : out Level_Sums);
      procedure Report_Accept_End
        (Counts : in Level_Counts;
         Sums : in Level_Sums);
      procedure Report_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Counts : in Level_Counts;
         Sums : in Level_Sums);
      entry Report_Queue (Counts : out Level_Counts; Sums : out Level_Sums);
      procedure Close;
   private
      entry Select_Wait
        (Order : Desk_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Desk_Alternative);
      function Queued (Alternative : Desk_Alternative) return Boolean;
      function Position_Of (Alternative : Desk_Alternative) return Natural;
      Armed_List : Desk_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Desk_Entry := Desk_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Request_Armed : Desk_Request_Set := (others => False);
      Request_X : Integer;
      Request_Y : Integer;
      Request_Done : Boolean := False;
      Request_Raised : Boolean := False;
      Request_Failure : Ada.Exceptions.Exception_Occurrence;
      Report_Armed : Boolean := False;
      Report_Counts : Level_Counts;
      Report_Sums : Level_Sums;
      Report_Done : Boolean := False;
      Report_Raised : Boolean := False;
      Report_Failure : Ada.Exceptions.Exception_Occurrence;
   end Desk_Rendezvous;
   task Desk_Agent is
      --  rdv2po: general scheme agent of Desk_Rendezvous
      entry Wake_1 (Positive range 1 .. 4)
        (Value_1 : in Integer; Value_2 : out Integer);
      entry Wake_2 (Positive range 1 .. 4)
        (Value_1 : out Level_Counts; Value_2 : out Level_Sums);
   end Desk_Agent;

   protected body Desk is
      --  rdv2po: each call goes on to Desk_Rendezvous, as cancellable as it
      --  was
      entry Request (for Member in Level) (X : in Integer; Y : out Integer)
        when True is
      begin
         requeue Desk_Rendezvous.Request (Member) with abort;
      end Request;

      entry Report (Counts : out Level_Counts; Sums : out Level_Sums)
        when True is
      begin
         requeue Desk_Rendezvous.Report with abort;
      end Report;
   end Desk;

   protected body Desk_Rendezvous is

      entry Request (for Member in Level) (X : in Integer; Y : out Integer)
        when Closed
          or else (Chosen = Desk_No_Entry
                   and then Request_Armed (Member)
                   and then Request_Held (Member)'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Desk_Agent.Wake_1
              (Position_Of ((Id => Desk_Request, Index => Level'Pos (Member)))) with abort;
         end if;
         Position := Position_Of ((Id => Desk_Request, Index => Level'Pos (Member)));
         Request_Woken (X, Y);
         requeue Request_Queue;
      end Request;

      entry Request_Held (for Member in Level) (X : in Integer; Y : out Integer)
        when Closed
          or else (Chosen = Desk_No_Entry and then Request_Armed (Member))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Desk_Request, Index => Level'Pos (Member)));
         Request_Woken (X, Y);
         requeue Request_Queue;
      end Request_Held;

      entry Report (Counts : out Level_Counts; Sums : out Level_Sums)
        when Closed
          or else (Chosen = Desk_No_Entry
                   and then Report_Armed
                   and then Report_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Desk_Agent.Wake_2
              (Position_Of ((Id => Desk_Report, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Desk_Report, Index => 0));
         Report_Woken (Counts, Sums);
         requeue Report_Queue;
      end Report;

      entry Report_Held (Counts : out Level_Counts; Sums : out Level_Sums)
        when Closed or else (Chosen = Desk_No_Entry and then Report_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Desk_Report, Index => 0));
         Report_Woken (Counts, Sums);
         requeue Report_Queue;
      end Report_Held;

      entry Select_Arm
        (Order : Desk_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Desk_No_Entry then
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
        (Order : Desk_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Desk_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Request_Armed := (others => False);
         Report_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Desk_Alternative) is
      begin
         case Alternative.Id is
            when Desk_Request =>
               Request_Armed (Level'Val (Alternative.Index)) := True;
            when Desk_Report =>
               Report_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Desk_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Desk_Request =>
               return Desk_Rendezvous.Request (Level'Val (Alternative.Index))'Count
                 + Request_Held (Level'Val (Alternative.Index))'Count > 0;
            when Desk_Report =>
               return Desk_Rendezvous.Report'Count + Report_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Desk_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Request_Take (X : out Integer; Y : out Integer) is
      begin
         X := Request_X;
         Y := Request_Y;
         Chosen := Desk_No_Entry;
      end Request_Take;

      procedure Request_Woken (X : in Integer; Y : in Integer) is
      begin
         Disarm;
         Chosen := Desk_Request;
         Request_X := X;
         Request_Y := Y;
         Request_Done := False;
      end Request_Woken;

      procedure Request_Accept_End (Y : in Integer) is
      begin
         Request_Y := Y;
         Request_Done := True;
      end Request_Accept_End;

      procedure Request_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Request_Failure, Occurrence);
         Request_Raised := True;
         Request_Done := True;
      end Request_Failed;

      entry Request_Queue (X : in Integer; Y : out Integer)
        when Request_Done or else Closed is
      begin
         if not Request_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Request_Done := False;
         if Request_Raised then
            Request_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Request_Failure);
         end if;
         Y := Request_Y;
      end Request_Queue;

      function Request_Count (Index : Level) return Natural is
      begin
         return Desk_Rendezvous.Request (Index)'Count
           + Request_Held (Index)'Count;
      end Request_Count;

      procedure Report_Take
        (Counts : out Level_Counts;
         Sums : out Level_Sums) is
      begin
         Counts := Report_Counts;
         Sums := Report_Sums;
         Chosen := Desk_No_Entry;
      end Report_Take;

      procedure Report_Woken
        (Counts : in Level_Counts;
         Sums : in Level_Sums) is
      begin
         Disarm;
         Chosen := Desk_Report;
         Report_Counts := Counts;
         Report_Sums := Sums;
         Report_Done := False;
      end Report_Woken;

      procedure Report_Accept_End
        (Counts : in Level_Counts;
         Sums : in Level_Sums) is
      begin
         Report_Counts := Counts;
         Report_Sums := Sums;
         Report_Done := True;
      end Report_Accept_End;

      procedure Report_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Counts : in Level_Counts;
         Sums : in Level_Sums) is
      begin
         Report_Counts := Counts;
         Report_Sums := Sums;
         Ada.Exceptions.Save_Occurrence (Report_Failure, Occurrence);
         Report_Raised := True;
         Report_Done := True;
      end Report_Failed;

      entry Report_Queue (Counts : out Level_Counts; Sums : out Level_Sums)
        when Report_Done or else Closed is
      begin
         if not Report_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Report_Done := False;
         if Report_Raised then
            Report_Raised := False;
            Counts := Report_Counts;
            Sums := Report_Sums;
            Ada.Exceptions.Reraise_Occurrence (Report_Failure);
         end if;
         Counts := Report_Counts;
         Sums := Report_Sums;
      end Report_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Desk_Rendezvous;

   task body Desk_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Desk_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Desk_Closer);
      overriding procedure Finalize (Object : in out Desk_Closer) is
      begin
         Desk_Rendezvous.Close;
      end Finalize;
      Closer : Desk_Closer;
      Served  : Level_Counts := (others => 0);
      Answers : Level_Sums := (others => 0);
      Last    : Level := Low;
      Reply   : Integer := 0;
      Got     : Boolean := False;   --  a Request was served this round
   begin
      loop
         declare
            Alternatives : constant Desk_Alternative_List :=
              (1 => (Desk_Request, Level'Pos (High)),
               2 => (Desk_Request, Level'Pos (Medium)),
               3 => (if Desk_Rendezvous.Request_Count (High) = 0 then (Desk_Request, Level'Pos (Low)) else (Desk_No_Entry, 0)),
               4 => (Desk_Report, 0));
            Choice : Natural;
         begin
            Desk_Rendezvous.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Integer; Value_2 : out Integer) do
                     Desk_Rendezvous.Request_Woken (Value_1, Value_2);
                     requeue Desk_Rendezvous.Request_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2)
                    (Value_1 : in Integer; Value_2 : out Integer) do
                     Desk_Rendezvous.Request_Woken (Value_1, Value_2);
                     requeue Desk_Rendezvous.Request_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_1 (3)
                    (Value_1 : in Integer; Value_2 : out Integer) do
                     Desk_Rendezvous.Request_Woken (Value_1, Value_2);
                     requeue Desk_Rendezvous.Request_Queue;
                  end Wake_1;
                  Choice := 3;
               or
                  accept Wake_2 (4)
                    (Value_1 : out Level_Counts; Value_2 : out Level_Sums) do
                     Desk_Rendezvous.Report_Woken (Value_1, Value_2);
                     requeue Desk_Rendezvous.Report_Queue;
                  end Wake_2;
                  Choice := 4;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Integer; Value_2 : out Integer) do
                        requeue Desk_Rendezvous.Request_Held (Level'Val (Alternatives (1).Index)) with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2)
                       (Value_1 : in Integer; Value_2 : out Integer) do
                        requeue Desk_Rendezvous.Request_Held (Level'Val (Alternatives (2).Index)) with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (3)
                       (Value_1 : in Integer; Value_2 : out Integer) do
                        requeue Desk_Rendezvous.Request_Held (Level'Val (Alternatives (3).Index)) with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (4)
                       (Value_1 : out Level_Counts; Value_2 : out Level_Sums) do
                        requeue Desk_Rendezvous.Report_Held with abort;
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
                     Y : Integer;
                  begin
                     Desk_Rendezvous.Request_Take (X, Y);
                     begin
                        Reply := X * Weight (High);
                        Y := Reply;
                     exception
                        when Occurrence : others =>
                           Desk_Rendezvous.Request_Failed (Occurrence);
                           raise;
                     end;
                     Desk_Rendezvous.Request_Accept_End (Y);
                  end;
                  Last := High;
                  Got := True;
               when 2 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Desk_Rendezvous.Request_Take (X, Y);
                     begin
                        Reply := X * Weight (Medium);
                        Y := Reply;
                     exception
                        when Occurrence : others =>
                           Desk_Rendezvous.Request_Failed (Occurrence);
                           raise;
                     end;
                     Desk_Rendezvous.Request_Accept_End (Y);
                  end;
                  Last := Medium;
                  Got := True;
               when 3 =>
                  declare
                     X : Integer;
                     Y : Integer;
                  begin
                     Desk_Rendezvous.Request_Take (X, Y);
                     begin
                        Reply := X * Weight (Low);
                        Y := Reply;
                     exception
                        when Occurrence : others =>
                           Desk_Rendezvous.Request_Failed (Occurrence);
                           raise;
                     end;
                     Desk_Rendezvous.Request_Accept_End (Y);
                  end;
                  Last := Low;
                  Got := True;
               when 4 =>
                  declare
                     Counts : Level_Counts;
                     Sums : Level_Sums;
                  begin
                     Desk_Rendezvous.Report_Take (Counts, Sums);
                     begin
                        Counts := Served;
                        Sums := Answers;
                     exception
                        when Occurrence : others =>
                           Desk_Rendezvous.Report_Failed (Occurrence, Counts, Sums);
                           raise;
                     end;
                     Desk_Rendezvous.Report_Accept_End (Counts, Sums);
                  end;
               when others =>
                  null;
            end case;
         end;
         if Got then
            Served (Last) := Served (Last) + 1;
            Answers (Last) := Answers (Last) + Reply;
            Got := False;
         end if;
      end loop;
   end Desk_Agent;

end Service;

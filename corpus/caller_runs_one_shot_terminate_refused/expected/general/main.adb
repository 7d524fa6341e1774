--  Selects of one accept and a terminate alternative that the caller-runs
--  scheme does not take as a one-shot server's accept: a guarded accept
--  (its guard decides whether the task waits at all), and a select with a
--  second accept (which entry comes first is the callers' race).  No scheme
--  takes these tasks; each is refused naming why.  Beside
--  caller_runs_one_shot_terminate.

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Ready : Boolean := True;

   type Guarded_Entry is (Guarded_No_Entry, Guarded_Hello);
   type Guarded_Hello_Name_Access is access String;
   procedure Free_Hello_Name is new Ada.Unchecked_Deallocation
     (String,
      Guarded_Hello_Name_Access);
   type Guarded_Alternative is record
      Id : Guarded_Entry := Guarded_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Guarded_Alternative_List is array (Positive range <>) of Guarded_Alternative;
   --  rdv2po: task Guarded became this protected object; its code runs in the
   --  task Guarded_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Guarded is
      entry Hello (Name : String);
      --  rdv2po: the rendezvous protocol, for Guarded_Agent
      entry Select_Arm
        (Order : Guarded_Alternative_List;
         Chosen_Position : out Natural);
      entry Hello_Held (Name : String);
      procedure Hello_Woken (Name : in String);
      procedure Hello_Take;
      function Hello_Name_Value return String;
      procedure Hello_Accept_End;
      procedure Hello_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hello_Queue (Name : in String);
      procedure Close;
   private
      entry Select_Wait
        (Order : Guarded_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Guarded_Alternative);
      function Queued (Alternative : Guarded_Alternative) return Boolean;
      function Position_Of (Alternative : Guarded_Alternative) return Natural;
      Armed_List : Guarded_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Guarded_Entry := Guarded_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Hello_Armed : Boolean := False;
      Hello_Name : Guarded_Hello_Name_Access;
      Hello_Done : Boolean := False;
      Hello_Raised : Boolean := False;
      Hello_Failure : Ada.Exceptions.Exception_Occurrence;
   end Guarded;
   task Guarded_Agent is
      --  rdv2po: general scheme agent of Guarded
      entry Wake_1 (Positive range 1 .. 1) (Value_1 : in String);
   end Guarded_Agent;

   protected body Guarded is

      entry Hello (Name : String)
        when Closed
          or else (Chosen = Guarded_No_Entry
                   and then Hello_Armed
                   and then Hello_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Guarded_Agent.Wake_1
              (Position_Of ((Id => Guarded_Hello, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Guarded_Hello, Index => 0));
         Hello_Woken (Name);
         requeue Hello_Queue;
      end Hello;

      entry Hello_Held (Name : String)
        when Closed or else (Chosen = Guarded_No_Entry and then Hello_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Guarded_Hello, Index => 0));
         Hello_Woken (Name);
         requeue Hello_Queue;
      end Hello_Held;

      entry Select_Arm
        (Order : Guarded_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Guarded_No_Entry then
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
        (Order : Guarded_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Guarded_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Hello_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Guarded_Alternative) is
      begin
         case Alternative.Id is
            when Guarded_Hello =>
               Hello_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Guarded_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Guarded_Hello =>
               return Guarded.Hello'Count + Hello_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Guarded_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Hello_Take is
      begin
         Chosen := Guarded_No_Entry;
      end Hello_Take;

      procedure Hello_Woken (Name : in String) is
      begin
         Disarm;
         Chosen := Guarded_Hello;
         Hello_Name := new String'(Name);
         Hello_Done := False;
      end Hello_Woken;

      function Hello_Name_Value return String is
      begin
         return Hello_Name.all;
      end Hello_Name_Value;

      procedure Hello_Accept_End is
      begin
         Hello_Done := True;
      end Hello_Accept_End;

      procedure Hello_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Hello_Failure, Occurrence);
         Hello_Raised := True;
         Hello_Done := True;
      end Hello_Failed;

      entry Hello_Queue (Name : in String)
        when Hello_Done or else Closed is
      begin
         if not Hello_Done then
            Free_Hello_Name (Hello_Name);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Hello_Done := False;
         if Hello_Raised then
            Hello_Raised := False;
            Free_Hello_Name (Hello_Name);
            Ada.Exceptions.Reraise_Occurrence (Hello_Failure);
         end if;
         Free_Hello_Name (Hello_Name);
      end Hello_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Guarded;

   task body Guarded_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Guarded_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Guarded_Closer);
      overriding procedure Finalize (Object : in out Guarded_Closer) is
      begin
         Guarded.Close;
      end Finalize;
      Closer : Guarded_Closer;
   begin
      declare
         Alternatives : constant Guarded_Alternative_List :=
           (1 => ((if Ready then Guarded_Hello else Guarded_No_Entry), 0));
         Choice : Natural;
      begin
         Guarded.Select_Arm
           (Order => Alternatives,
            Chosen_Position => Choice);
         if Choice = 0 then
            select
               accept Wake_1 (1) (Value_1 : in String) do
                  Guarded.Hello_Woken (Value_1);
                  requeue Guarded.Hello_Queue;
               end Wake_1;
               Choice := 1;
            or
               terminate;
            end select;
            --  rdv2po: callers that came too early wait in the object again
            loop
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     requeue Guarded.Hello_Held with abort;
                  end Wake_1;
               else
                  exit;
               end select;
            end loop;
         end if;
         case Choice is
            when 1 =>
               begin
                  Guarded.Hello_Take;
                  declare
                     Name : constant String := Guarded.Hello_Name_Value;
                  begin
                     begin
                        Put_Line ("hello, " & Name);
                     exception
                        when Occurrence : others =>
                           Guarded.Hello_Failed (Occurrence);
                           raise;
                     end;
                     Guarded.Hello_Accept_End;
                  end;
               end;
            when others =>
               null;
         end case;
      end;
   end Guarded_Agent;

   type Either_Entry is (Either_No_Entry, Either_Left, Either_Right);
   type Either_Alternative is record
      Id : Either_Entry := Either_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Either_Alternative_List is array (Positive range <>) of Either_Alternative;
   --  rdv2po: task Either became this protected object; its code runs in the
   --  task Either_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Either is
      entry Left;
      entry Right;
      --  rdv2po: the rendezvous protocol, for Either_Agent
      entry Select_Arm
        (Order : Either_Alternative_List;
         Chosen_Position : out Natural);
      entry Left_Held;
      procedure Left_Woken;
      procedure Left_Take;
      procedure Left_Accept_End;
      procedure Left_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Left_Queue;
      entry Right_Held;
      procedure Right_Woken;
      procedure Right_Take;
      procedure Right_Accept_End;
      procedure Right_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Right_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Either_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Either_Alternative);
      function Queued (Alternative : Either_Alternative) return Boolean;
      function Position_Of (Alternative : Either_Alternative) return Natural;
      Armed_List : Either_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Either_Entry := Either_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Left_Armed : Boolean := False;
      Left_Done : Boolean := False;
      Left_Raised : Boolean := False;
      Left_Failure : Ada.Exceptions.Exception_Occurrence;
      Right_Armed : Boolean := False;
      Right_Done : Boolean := False;
      Right_Raised : Boolean := False;
      Right_Failure : Ada.Exceptions.Exception_Occurrence;
   end Either;
   task Either_Agent is
      --  rdv2po: general scheme agent of Either
      entry Wake_1 (Positive range 1 .. 2);
   end Either_Agent;

   protected body Either is

      entry Left
        when Closed
          or else (Chosen = Either_No_Entry
                   and then Left_Armed
                   and then Left_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Either_Agent.Wake_1
              (Position_Of ((Id => Either_Left, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Either_Left, Index => 0));
         Left_Woken;
         requeue Left_Queue;
      end Left;

      entry Left_Held
        when Closed or else (Chosen = Either_No_Entry and then Left_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Either_Left, Index => 0));
         Left_Woken;
         requeue Left_Queue;
      end Left_Held;

      entry Right
        when Closed
          or else (Chosen = Either_No_Entry
                   and then Right_Armed
                   and then Right_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Either_Agent.Wake_1
              (Position_Of ((Id => Either_Right, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Either_Right, Index => 0));
         Right_Woken;
         requeue Right_Queue;
      end Right;

      entry Right_Held
        when Closed or else (Chosen = Either_No_Entry and then Right_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Either_Right, Index => 0));
         Right_Woken;
         requeue Right_Queue;
      end Right_Held;

      entry Select_Arm
        (Order : Either_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Either_No_Entry then
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
        (Order : Either_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Either_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Left_Armed := False;
         Right_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Either_Alternative) is
      begin
         case Alternative.Id is
            when Either_Left =>
               Left_Armed := True;
            when Either_Right =>
               Right_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Either_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Either_Left =>
               return Either.Left'Count + Left_Held'Count > 0;
            when Either_Right =>
               return Either.Right'Count + Right_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Either_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Left_Take is
      begin
         Chosen := Either_No_Entry;
      end Left_Take;

      procedure Left_Woken is
      begin
         Disarm;
         Chosen := Either_Left;
         Left_Done := False;
      end Left_Woken;

      procedure Left_Accept_End is
      begin
         Left_Done := True;
      end Left_Accept_End;

      procedure Left_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Left_Failure, Occurrence);
         Left_Raised := True;
         Left_Done := True;
      end Left_Failed;

      entry Left_Queue
        when Left_Done or else Closed is
      begin
         if not Left_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Left_Done := False;
         if Left_Raised then
            Left_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Left_Failure);
         end if;
      end Left_Queue;

      procedure Right_Take is
      begin
         Chosen := Either_No_Entry;
      end Right_Take;

      procedure Right_Woken is
      begin
         Disarm;
         Chosen := Either_Right;
         Right_Done := False;
      end Right_Woken;

      procedure Right_Accept_End is
      begin
         Right_Done := True;
      end Right_Accept_End;

      procedure Right_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Right_Failure, Occurrence);
         Right_Raised := True;
         Right_Done := True;
      end Right_Failed;

      entry Right_Queue
        when Right_Done or else Closed is
      begin
         if not Right_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Right_Done := False;
         if Right_Raised then
            Right_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Right_Failure);
         end if;
      end Right_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Either;

   task body Either_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Either_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Either_Closer);
      overriding procedure Finalize (Object : in out Either_Closer) is
      begin
         Either.Close;
      end Finalize;
      Closer : Either_Closer;
   begin
      declare
         Alternatives : constant Either_Alternative_List :=
           (1 => (Either_Left, 0),
            2 => (Either_Right, 0));
         Choice : Natural;
      begin
         Either.Select_Arm
           (Order => Alternatives,
            Chosen_Position => Choice);
         if Choice = 0 then
            select
               accept Wake_1 (1) do
                  Either.Left_Woken;
                  requeue Either.Left_Queue;
               end Wake_1;
               Choice := 1;
            or
               accept Wake_1 (2) do
                  Either.Right_Woken;
                  requeue Either.Right_Queue;
               end Wake_1;
               Choice := 2;
            or
               terminate;
            end select;
            --  rdv2po: callers that came too early wait in the object again
            loop
               select
                  accept Wake_1 (1) do
                     requeue Either.Left_Held with abort;
                  end Wake_1;
               or
                  accept Wake_1 (2) do
                     requeue Either.Right_Held with abort;
                  end Wake_1;
               else
                  exit;
               end select;
            end loop;
         end if;
         case Choice is
            when 1 =>
               Either.Left_Take;
               begin
                  Put_Line ("left");
               exception
                  when Occurrence : others =>
                     Either.Left_Failed (Occurrence);
                     raise;
               end;
               Either.Left_Accept_End;
            when 2 =>
               Either.Right_Take;
               begin
                  Put_Line ("right");
               exception
                  when Occurrence : others =>
                     Either.Right_Failed (Occurrence);
                     raise;
               end;
               Either.Right_Accept_End;
            when others =>
               null;
         end case;
      end;
   end Either_Agent;

begin
   Guarded.Hello ("world");
   Either.Right;
   Put_Line ("PASSED");
end Main;

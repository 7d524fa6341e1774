--  A server whose loop after the accept ends when a counter passes a
--  package's variable, named by its expanded name: another task may change
--  it while the loop runs, so nothing proves the loop ends inside a caller's
--  call.  Refused; beside server_loop_named_bounds.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Limits;

procedure Main is

   type Mixer_Entry is (Mixer_No_Entry, Mixer_Feed, Mixer_Total);
   type Mixer_Alternative is record
      Id : Mixer_Entry := Mixer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Mixer_Alternative_List is array (Positive range <>) of Mixer_Alternative;
   --  rdv2po: task Mixer became this protected object; its code runs in the
   --  task Mixer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Mixer is
      entry Feed (X : Integer);
      entry Total (T : out Integer);
      --  rdv2po: the rendezvous protocol, for Mixer_Agent
      entry Select_Arm
        (Order : Mixer_Alternative_List;
         Chosen_Position : out Natural);
      entry Feed_Held (X : Integer);
      procedure Feed_Woken (X : in Integer);
      procedure Feed_Take (X : out Integer);
      procedure Feed_Accept_End;
      procedure Feed_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Feed_Queue (X : in Integer);
      entry Total_Held (T : out Integer);
      procedure Total_Woken (T : in Integer);
      procedure Total_Take (T : out Integer);
      procedure Total_Accept_End (T : in Integer);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (T : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Mixer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Mixer_Alternative);
      function Queued (Alternative : Mixer_Alternative) return Boolean;
      function Position_Of (Alternative : Mixer_Alternative) return Natural;
      Armed_List : Mixer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Mixer_Entry := Mixer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Feed_Armed : Boolean := False;
      Feed_X : Integer;
      Feed_Done : Boolean := False;
      Feed_Raised : Boolean := False;
      Feed_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_T : Integer;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Mixer;
   task Mixer_Agent is
      --  rdv2po: general scheme agent of Mixer
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Mixer_Agent;

   protected body Mixer is

      entry Feed (X : Integer)
        when Closed
          or else (Chosen = Mixer_No_Entry
                   and then Feed_Armed
                   and then Feed_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Mixer_Agent.Wake_1
              (Position_Of ((Id => Mixer_Feed, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mixer_Feed, Index => 0));
         Feed_Woken (X);
         requeue Feed_Queue;
      end Feed;

      entry Feed_Held (X : Integer)
        when Closed or else (Chosen = Mixer_No_Entry and then Feed_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mixer_Feed, Index => 0));
         Feed_Woken (X);
         requeue Feed_Queue;
      end Feed_Held;

      entry Total (T : out Integer)
        when Closed
          or else (Chosen = Mixer_No_Entry
                   and then Total_Armed
                   and then Total_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Mixer_Agent.Wake_2
              (Position_Of ((Id => Mixer_Total, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mixer_Total, Index => 0));
         Total_Woken (T);
         requeue Total_Queue;
      end Total;

      entry Total_Held (T : out Integer)
        when Closed or else (Chosen = Mixer_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mixer_Total, Index => 0));
         Total_Woken (T);
         requeue Total_Queue;
      end Total_Held;

      entry Select_Arm
        (Order : Mixer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Mixer_No_Entry then
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
        (Order : Mixer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Mixer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Feed_Armed := False;
         Total_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Mixer_Alternative) is
      begin
         case Alternative.Id is
            when Mixer_Feed =>
               Feed_Armed := True;
            when Mixer_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Mixer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Mixer_Feed =>
               return Mixer.Feed'Count + Feed_Held'Count > 0;
            when Mixer_Total =>
               return Mixer.Total'Count + Total_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Mixer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Feed_Take (X : out Integer) is
      begin
         X := Feed_X;
         Chosen := Mixer_No_Entry;
      end Feed_Take;

      procedure Feed_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Mixer_Feed;
         Feed_X := X;
         Feed_Done := False;
      end Feed_Woken;

      procedure Feed_Accept_End is
      begin
         Feed_Done := True;
      end Feed_Accept_End;

      procedure Feed_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Feed_Failure, Occurrence);
         Feed_Raised := True;
         Feed_Done := True;
      end Feed_Failed;

      entry Feed_Queue (X : in Integer)
        when Feed_Done or else Closed is
      begin
         if not Feed_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Feed_Done := False;
         if Feed_Raised then
            Feed_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Feed_Failure);
         end if;
      end Feed_Queue;

      procedure Total_Take (T : out Integer) is
      begin
         T := Total_T;
         Chosen := Mixer_No_Entry;
      end Total_Take;

      procedure Total_Woken (T : in Integer) is
      begin
         Disarm;
         Chosen := Mixer_Total;
         Total_T := T;
         Total_Done := False;
      end Total_Woken;

      procedure Total_Accept_End (T : in Integer) is
      begin
         Total_T := T;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (T : out Integer)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         T := Total_T;
      end Total_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Mixer;

   task body Mixer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Mixer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Mixer_Closer);
      overriding procedure Finalize (Object : in out Mixer_Closer) is
      begin
         Mixer.Close;
      end Finalize;
      Closer : Mixer_Closer;
      Sum : Integer := 0;
      K : Integer := 0;
   begin
      loop
         declare
            Alternatives : constant Mixer_Alternative_List :=
              (1 => (Mixer_Feed, 0),
               2 => (Mixer_Total, 0));
            Choice : Natural;
         begin
            Mixer.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in Integer) do
                     Mixer.Feed_Woken (Value_1);
                     requeue Mixer.Feed_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Integer) do
                     Mixer.Total_Woken (Value_1);
                     requeue Mixer.Total_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        requeue Mixer.Feed_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        requeue Mixer.Total_Held with abort;
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
                     Mixer.Feed_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Mixer.Feed_Failed (Occurrence);
                           raise;
                     end;
                     Mixer.Feed_Accept_End;
                  end;
                  K := 0;
                  loop
                     exit when K > Limits.Rounds;
                     Sum := Sum + 100;
                     K := K + 1;
                  end loop;
               when 2 =>
                  declare
                     T : Integer;
                  begin
                     Mixer.Total_Take (T);
                     begin
                        T := Sum;
                     exception
                        when Occurrence : others =>
                           Mixer.Total_Failed (Occurrence);
                           raise;
                     end;
                     Mixer.Total_Accept_End (T);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Mixer_Agent;

   T : Integer;
begin
   Mixer.Feed (1);
   Mixer.Total (T);
   Put_Line ("total:" & Integer'Image (T));
   Put_Line ("PASSED");
end Main;

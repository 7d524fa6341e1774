with Ada.Exceptions;
with Ada.Finalization;
package body Accumulators is

   type Accumulator_Entry is
     (Accumulator_No_Entry,
      Accumulator_Add,
      Accumulator_Get,
      Accumulator_Stop);
   type Accumulator_Alternative is record
      Id : Accumulator_Entry := Accumulator_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Accumulator_Alternative_List is array (Positive range <>) of Accumulator_Alternative;
   --  rdv2po: the rendezvous of task Accumulator, for Accumulator_Agent
   protected Accumulator_Rendezvous is
      entry Add (X : in Integer);
      entry Get (Total : out Integer; Count : out Natural);
      entry Stop;
      entry Select_Arm
        (Order : Accumulator_Alternative_List;
         Chosen_Position : out Natural);
      procedure Add_Take (X : out Integer);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (X : in Integer);
      procedure Get_Take (Total : out Integer; Count : out Natural);
      procedure Get_Accept_End (Total : in Integer; Count : in Natural);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Total : out Integer; Count : out Natural);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Accumulator_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Accumulator_Alternative);
      function Queued (Alternative : Accumulator_Alternative) return Boolean;
      function Position_Of (Alternative : Accumulator_Alternative) return Natural;
      Armed_List : Accumulator_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Accumulator_Entry := Accumulator_No_Entry;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_X : Integer;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_Total : Integer;
      Get_Count_2 : Natural;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Accumulator_Rendezvous;
   task Accumulator_Agent is
      --  rdv2po: general scheme agent of Accumulator_Rendezvous
   end Accumulator_Agent;

   protected body Accumulator is
      --  rdv2po: each call goes on to Accumulator_Rendezvous, as cancellable
      --  as it was
      entry Add (X : in Integer) when True is
      begin
         requeue Accumulator_Rendezvous.Add with abort;
      end Add;

      entry Get (Total : out Integer; Count : out Natural) when True is
      begin
         requeue Accumulator_Rendezvous.Get with abort;
      end Get;

      entry Stop when True is
      begin
         requeue Accumulator_Rendezvous.Stop with abort;
      end Stop;
   end Accumulator;

   protected body Accumulator_Rendezvous is

      entry Add (X : in Integer)
        when Closed or else (Chosen = Accumulator_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Accumulator_Add, Index => 0));
         Disarm;
         Chosen := Accumulator_Add;
         Add_X := X;
         Add_Done := False;
         requeue Add_Queue;
      end Add;

      entry Get (Total : out Integer; Count : out Natural)
        when Closed or else (Chosen = Accumulator_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Accumulator_Get, Index => 0));
         Disarm;
         Chosen := Accumulator_Get;
         Get_Total := Total;
         Get_Count_2 := Count;
         Get_Done := False;
         requeue Get_Queue;
      end Get;

      entry Stop
        when Closed or else (Chosen = Accumulator_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Accumulator_Stop, Index => 0));
         Disarm;
         Chosen := Accumulator_Stop;
      end Stop;

      entry Select_Arm
        (Order : Accumulator_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Accumulator_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open then
            raise Program_Error;
         end if;
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
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Accumulator_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Accumulator_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Get_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Accumulator_Alternative) is
      begin
         case Alternative.Id is
            when Accumulator_Add =>
               Add_Armed := True;
            when Accumulator_Get =>
               Get_Armed := True;
            when Accumulator_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Accumulator_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Accumulator_Add =>
               return Accumulator_Rendezvous.Add'Count > 0;
            when Accumulator_Get =>
               return Accumulator_Rendezvous.Get'Count > 0;
            when Accumulator_Stop =>
               return Accumulator_Rendezvous.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Accumulator_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (X : out Integer) is
      begin
         X := Add_X;
         Chosen := Accumulator_No_Entry;
      end Add_Take;

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

      entry Add_Queue (X : in Integer)
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

      procedure Get_Take (Total : out Integer; Count : out Natural) is
      begin
         Total := Get_Total;
         Count := Get_Count_2;
         Chosen := Accumulator_No_Entry;
      end Get_Take;

      procedure Get_Accept_End (Total : in Integer; Count : in Natural) is
      begin
         Get_Total := Total;
         Get_Count_2 := Count;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Total : out Integer; Count : out Natural)
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
         Total := Get_Total;
         Count := Get_Count_2;
      end Get_Queue;

      procedure Stop_Take is
      begin
         Chosen := Accumulator_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Accumulator_Rendezvous;

   task body Accumulator_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Accumulator_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Accumulator_Closer);
      overriding procedure Finalize (Object : in out Accumulator_Closer) is
      begin
         Accumulator_Rendezvous.Close;
      end Finalize;
      Closer : Accumulator_Closer;
      Sum : Integer := 0;
      N   : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Accumulator_Rendezvous.Select_Arm
              (Order => (1 => (Accumulator_Add, 0),
                         2 => (Accumulator_Get, 0),
                         3 => (Accumulator_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Accumulator_Rendezvous.Add_Take (X);
                     begin
                        Sum := Sum + X;
                     exception
                        when Occurrence : others =>
                           Accumulator_Rendezvous.Add_Failed (Occurrence);
                           raise;
                     end;
                     Accumulator_Rendezvous.Add_Accept_End;
                  end;
                  N := N + 1;
               when 2 =>
                  declare
                     Total : Integer;
                     Count : Natural;
                  begin
                     Accumulator_Rendezvous.Get_Take (Total, Count);
                     begin
                        Total := Sum;
                        Count := N;
                     exception
                        when Occurrence : others =>
                           Accumulator_Rendezvous.Get_Failed (Occurrence);
                           raise;
                     end;
                     Accumulator_Rendezvous.Get_Accept_End (Total, Count);
                  end;
               when 3 =>
                  Accumulator_Rendezvous.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Accumulator_Agent;

end Accumulators;

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Arr is array (1 .. 3) of Integer;
   type T_Entry is (T_No_Entry, T_Fill);
   type T_Alternative is record
      Id : T_Entry := T_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type T_Alternative_List is array (Positive range <>) of T_Alternative;
   --  rdv2po: task T became this protected object; its code runs in the task
   --  T_Agent, declared after it (general scheme: each rendezvous goes through
   --  the object)
   protected T is
      entry Fill (V : out Arr; Fail : Boolean);
      --  rdv2po: the rendezvous protocol, for T_Agent
      entry Select_Arm
        (Order : T_Alternative_List;
         Chosen_Position : out Natural);
      entry Fill_Held (V : out Arr; Fail : Boolean);
      procedure Fill_Woken (V : in Arr; Fail : in Boolean);
      procedure Fill_Take (V : out Arr; Fail : out Boolean);
      procedure Fill_Accept_End (V : in Arr);
      procedure Fill_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         V : in Arr);
      entry Fill_Queue (V : out Arr; Fail : in Boolean);
      procedure Close;
   private
      entry Select_Wait
        (Order : T_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : T_Alternative);
      function Queued (Alternative : T_Alternative) return Boolean;
      function Position_Of (Alternative : T_Alternative) return Natural;
      Armed_List : T_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : T_Entry := T_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Fill_Armed : Boolean := False;
      Fill_V : Arr;
      Fill_Fail : Boolean;
      Fill_Done : Boolean := False;
      Fill_Raised : Boolean := False;
      Fill_Failure : Ada.Exceptions.Exception_Occurrence;
   end T;
   task T_Agent is
      --  rdv2po: general scheme agent of T
      entry Wake_1 (Positive range 1 .. 1)
        (Value_1 : out Arr; Value_2 : in Boolean);
   end T_Agent;
   protected body T is

      entry Fill (V : out Arr; Fail : Boolean)
        when Closed
          or else (Chosen = T_No_Entry
                   and then Fill_Armed
                   and then Fill_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue T_Agent.Wake_1
              (Position_Of ((Id => T_Fill, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => T_Fill, Index => 0));
         Fill_Woken (V, Fail);
         requeue Fill_Queue;
      end Fill;

      entry Fill_Held (V : out Arr; Fail : Boolean)
        when Closed or else (Chosen = T_No_Entry and then Fill_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => T_Fill, Index => 0));
         Fill_Woken (V, Fail);
         requeue Fill_Queue;
      end Fill_Held;

      entry Select_Arm
        (Order : T_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= T_No_Entry then
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
        (Order : T_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= T_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Fill_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : T_Alternative) is
      begin
         case Alternative.Id is
            when T_Fill =>
               Fill_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : T_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when T_Fill =>
               return T.Fill'Count + Fill_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : T_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Fill_Take (V : out Arr; Fail : out Boolean) is
      begin
         V := Fill_V;
         Fail := Fill_Fail;
         Chosen := T_No_Entry;
      end Fill_Take;

      procedure Fill_Woken (V : in Arr; Fail : in Boolean) is
      begin
         Disarm;
         Chosen := T_Fill;
         Fill_V := V;
         Fill_Fail := Fail;
         Fill_Done := False;
      end Fill_Woken;

      procedure Fill_Accept_End (V : in Arr) is
      begin
         Fill_V := V;
         Fill_Done := True;
      end Fill_Accept_End;

      procedure Fill_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         V : in Arr) is
      begin
         Fill_V := V;
         Ada.Exceptions.Save_Occurrence (Fill_Failure, Occurrence);
         Fill_Raised := True;
         Fill_Done := True;
      end Fill_Failed;

      entry Fill_Queue (V : out Arr; Fail : in Boolean)
        when Fill_Done or else Closed is
      begin
         if not Fill_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Fill_Done := False;
         if Fill_Raised then
            Fill_Raised := False;
            V := Fill_V;
            Ada.Exceptions.Reraise_Occurrence (Fill_Failure);
         end if;
         V := Fill_V;
      end Fill_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end T;

   task body T_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type T_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out T_Closer);
      overriding procedure Finalize (Object : in out T_Closer) is
      begin
         T.Close;
      end Finalize;
      Closer : T_Closer;
   begin
      loop
         declare
            Alternatives : constant T_Alternative_List :=
              (1 => (T_Fill, 0));
            Choice : Natural;
         begin
            T.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : out Arr; Value_2 : in Boolean) do
                     T.Fill_Woken (Value_1, Value_2);
                     requeue T.Fill_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : out Arr; Value_2 : in Boolean) do
                        requeue T.Fill_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     V : Arr;
                     Fail : Boolean;
                  begin
                     T.Fill_Take (V, Fail);
                     begin
                        V (1) := 7;
                        if Fail then
                           raise Program_Error;
                        end if;
                        V (2) := 8;
                     exception
                        when Occurrence : others =>
                           T.Fill_Failed (Occurrence, V);
                           raise;
                     end;
                     T.Fill_Accept_End (V);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   exception
      when others => null;
   end T_Agent;
   V : Arr := (1, 2, 3);
begin
   T.Fill (V, False);
   Put_Line (V (1)'Img & V (2)'Img & V (3)'Img);
   V := (1, 2, 3);
   begin
      T.Fill (V, True);
   exception
      when Program_Error => Put_Line ("PE");
   end;
   Put_Line (V (1)'Img & V (2)'Img & V (3)'Img);
   Put_Line ("PASSED");
end Main;

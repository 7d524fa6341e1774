with Ada.Finalization;
package body Mail is

   protected body Stats is
      procedure Delivered (Box : Positive) is
      begin
         Count := Count + Box;
      end Delivered;
      function Total return Natural is (Count);
   end Stats;

   protected body Maintenance is
      entry Wait_Open when Is_Open is
      begin
         null;
      end Wait_Open;
      procedure Open is
      begin
         Is_Open := True;
      end Open;
      procedure Close is
      begin
         Is_Open := False;
      end Close;
      function Waiting return Natural is (Wait_Open'Count);
   end Maintenance;

   protected body Mailbox is

      entry Send (Text : String)
        when Closed
          or else (Chosen = Mailbox_No_Entry
                   and then Send_Armed
                   and then Send_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Mailbox_Send, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mailbox_Send, Index => 0));
         Disarm;
         Chosen := Mailbox_Send;
         Send_Text := new String'(Text);
         Send_Done := False;
         requeue Send_Queue;
      end Send;

      entry Send_Held (Text : String)
        when Closed or else (Chosen = Mailbox_No_Entry and then Send_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mailbox_Send, Index => 0));
         Disarm;
         Chosen := Mailbox_Send;
         Send_Text := new String'(Text);
         Send_Done := False;
         requeue Send_Queue;
      end Send_Held;

      entry Receive (Text : out Unbounded_String)
        when Closed
          or else (Chosen = Mailbox_No_Entry
                   and then Receive_Armed
                   and then Receive_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_2
              (Position_Of ((Id => Mailbox_Receive, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mailbox_Receive, Index => 0));
         Disarm;
         Chosen := Mailbox_Receive;
         Receive_Text := Text;
         Receive_Done := False;
         requeue Receive_Queue;
      end Receive;

      entry Receive_Held (Text : out Unbounded_String)
        when Closed or else (Chosen = Mailbox_No_Entry and then Receive_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mailbox_Receive, Index => 0));
         Disarm;
         Chosen := Mailbox_Receive;
         Receive_Text := Text;
         Receive_Done := False;
         requeue Receive_Queue;
      end Receive_Held;

      entry Service
        when Closed
          or else (Chosen = Mailbox_No_Entry
                   and then Service_Armed
                   and then Service_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_3
              (Position_Of ((Id => Mailbox_Service, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Mailbox_Service, Index => 0));
         Disarm;
         Chosen := Mailbox_Service;
         Service_Done := False;
         requeue Service_Queue;
      end Service;

      entry Service_Held
        when Closed or else (Chosen = Mailbox_No_Entry and then Service_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Mailbox_Service, Index => 0));
         Disarm;
         Chosen := Mailbox_Service;
         Service_Done := False;
         requeue Service_Queue;
      end Service_Held;

      entry Select_Arm
        (Order : Mailbox_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Mailbox_No_Entry then
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
        (Order : Mailbox_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Mailbox_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Send_Armed := False;
         Receive_Armed := False;
         Service_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Mailbox_Alternative) is
      begin
         case Alternative.Id is
            when Mailbox_Send =>
               Send_Armed := True;
            when Mailbox_Receive =>
               Receive_Armed := True;
            when Mailbox_Service =>
               Service_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Mailbox_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Mailbox_Send =>
               return Mailbox.Send'Count + Send_Held'Count > 0;
            when Mailbox_Receive =>
               return Mailbox.Receive'Count + Receive_Held'Count > 0;
            when Mailbox_Service =>
               return Mailbox.Service'Count + Service_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Mailbox_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Send_Take is
      begin
         Chosen := Mailbox_No_Entry;
      end Send_Take;

      procedure Send_Woken (Text : in String) is
      begin
         Disarm;
         Chosen := Mailbox_Send;
         Send_Text := new String'(Text);
         Send_Done := False;
      end Send_Woken;

      function Send_Text_Value return String is
      begin
         return Send_Text.all;
      end Send_Text_Value;

      procedure Send_Accept_End is
      begin
         Send_Done := True;
      end Send_Accept_End;

      procedure Send_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Send_Failure, Occurrence);
         Send_Raised := True;
         Send_Done := True;
      end Send_Failed;

      entry Send_Queue (Text : in String)
        when Send_Done or else Closed is
      begin
         if not Send_Done then
            Free_Send_Text (Send_Text);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Send_Done := False;
         if Send_Raised then
            Send_Raised := False;
            Free_Send_Text (Send_Text);
            Ada.Exceptions.Reraise_Occurrence (Send_Failure);
         end if;
         Free_Send_Text (Send_Text);
      end Send_Queue;

      procedure Receive_Take (Text : out Unbounded_String) is
      begin
         Text := Receive_Text;
         Chosen := Mailbox_No_Entry;
      end Receive_Take;

      procedure Receive_Woken (Text : in Unbounded_String) is
      begin
         Disarm;
         Chosen := Mailbox_Receive;
         Receive_Text := Text;
         Receive_Done := False;
      end Receive_Woken;

      procedure Receive_Accept_End (Text : in Unbounded_String) is
      begin
         Receive_Text := Text;
         Receive_Done := True;
      end Receive_Accept_End;

      procedure Receive_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Text : in Unbounded_String) is
      begin
         Receive_Text := Text;
         Ada.Exceptions.Save_Occurrence (Receive_Failure, Occurrence);
         Receive_Raised := True;
         Receive_Done := True;
      end Receive_Failed;

      entry Receive_Queue (Text : out Unbounded_String)
        when Receive_Done or else Closed is
      begin
         if not Receive_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Receive_Done := False;
         if Receive_Raised then
            Receive_Raised := False;
            Text := Receive_Text;
            Ada.Exceptions.Reraise_Occurrence (Receive_Failure);
         end if;
         Text := Receive_Text;
      end Receive_Queue;

      procedure Service_Take is
      begin
         Chosen := Mailbox_No_Entry;
      end Service_Take;

      procedure Service_Woken is
      begin
         Disarm;
         Chosen := Mailbox_Service;
         Service_Done := False;
      end Service_Woken;

      procedure Service_Accept_End is
      begin
         Service_Done := True;
      end Service_Accept_End;

      procedure Service_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Service_Failure, Occurrence);
         Service_Raised := True;
         Service_Done := True;
      end Service_Failed;

      entry Service_Queue
        when Service_Done or else Closed is
      begin
         if not Service_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Service_Done := False;
         if Service_Raised then
            Service_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Service_Failure);
         end if;
      end Service_Queue;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Mailbox;

   task body Mailbox_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Mailbox_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Mailbox_Closer);
      overriding procedure Finalize (Object : in out Mailbox_Closer) is
      begin
         Self.Close_2;
      end Finalize;
      Closer : Mailbox_Closer;
      type Slots is array (1 .. Capacity) of Unbounded_String;
      Store : Slots;
      Count : Natural := 0;
      Head  : Positive := 1;
   begin
      loop
         declare
            Alternatives : constant Mailbox_Alternative_List :=
              (1 => ((if Count < Capacity then Mailbox_Send else Mailbox_No_Entry), 0),
               2 => ((if Count > 0 then Mailbox_Receive else Mailbox_No_Entry), 0),
               3 => (Mailbox_Service, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Send_Woken (Value_1);
                     requeue Self.Send_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Unbounded_String) do
                     Self.Receive_Woken (Value_1);
                     requeue Self.Receive_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) do
                     Self.Service_Woken;
                     requeue Self.Service_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Send_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Unbounded_String) do
                        requeue Self.Receive_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) do
                        requeue Self.Service_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Send_Take;
                     declare
                        Text : constant String := Self.Send_Text_Value;
                     begin
                        begin
                           Store ((Head + Count - 1) mod Capacity + 1) :=
                             To_Unbounded_String (Text);
                        exception
                           when Occurrence : others =>
                              Self.Send_Failed (Occurrence);
                              raise;
                        end;
                        Self.Send_Accept_End;
                     end;
                  end;
                  Count := Count + 1;
               when 2 =>
                  declare
                     Text : Unbounded_String;
                  begin
                     Self.Receive_Take (Text);
                     begin
                        Text := Store (Head);
                        Stats.Delivered (Number);
                     exception
                        when Occurrence : others =>
                           Self.Receive_Failed (Occurrence, Text);
                           raise;
                     end;
                     Self.Receive_Accept_End (Text);
                  end;
                  Head := Head mod Capacity + 1;
                  Count := Count - 1;
               when 3 =>
                  Self.Service_Take;
                  begin
                     --  the caller is held until maintenance is over
                     Maintenance.Wait_Open;
                  exception
                     when Occurrence : others =>
                        Self.Service_Failed (Occurrence);
                        raise;
                  end;
                  Self.Service_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Mailbox_Agent;

end Mail;

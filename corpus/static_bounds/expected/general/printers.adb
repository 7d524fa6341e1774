with Ada.Finalization;
with Ada.Text_IO;
package body Printers is
   protected body Printer_Rendezvous is

      entry Print (S : String)
        when Closed
          or else (Chosen = Printer_No_Entry
                   and then Print_Armed
                   and then Print_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Agent.Wake_1
              (Position_Of ((Id => Printer_Print, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Printer_Print, Index => 0));
         Print_Woken (S);
         requeue Print_Queue;
      end Print;

      entry Print_Held (S : String)
        when Closed or else (Chosen = Printer_No_Entry and then Print_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Print, Index => 0));
         Print_Woken (S);
         requeue Print_Queue;
      end Print_Held;

      entry Select_Arm
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Printer_No_Entry then
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
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Printer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Print_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Printer_Alternative) is
      begin
         case Alternative.Id is
            when Printer_Print =>
               Print_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Printer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Printer_Print =>
               return Printer_Rendezvous.Print'Count + Print_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Printer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Print_Take is
      begin
         Chosen := Printer_No_Entry;
      end Print_Take;

      procedure Print_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Printer_Print;
         Print_S := new String'(S);
         Print_Done := False;
      end Print_Woken;

      function Print_S_Value return String is
      begin
         return Print_S.all;
      end Print_S_Value;

      procedure Print_Accept_End is
      begin
         Print_Done := True;
      end Print_Accept_End;

      procedure Print_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Print_Failure, Occurrence);
         Print_Raised := True;
         Print_Done := True;
      end Print_Failed;

      entry Print_Queue (S : in String)
        when Print_Done or else Closed is
      begin
         if not Print_Done then
            Free_Print_S (Print_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Print_Done := False;
         if Print_Raised then
            Print_Raised := False;
            Free_Print_S (Print_S);
            Ada.Exceptions.Reraise_Occurrence (Print_Failure);
         end if;
         Free_Print_S (Print_S);
      end Print_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Printer_Rendezvous;

   protected body Printer is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Print (S : String) when Passing is
      begin
         requeue Rendezvous.Print with abort;
      end Print;
   end Printer;

   task body Printer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Printer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Printer_Closer);
      overriding procedure Finalize (Object : in out Printer_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Printer_Closer;
      Lines : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Printer_Alternative_List :=
              (1 => (Printer_Print, 0));
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Self.Print_Woken (Value_1);
                     requeue Self.Print_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Self.Print_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Self.Print_Take;
                     declare
                        S : constant String := Self.Print_S_Value;
                     begin
                        begin
                           Lines := Lines + 1;
                           Ada.Text_IO.Put_Line (Natural'Image (Lines) & ": " & S);
                        exception
                           when Occurrence : others =>
                              Self.Print_Failed (Occurrence);
                              raise;
                        end;
                        Self.Print_Accept_End;
                     end;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Printer_Agent;

   procedure Show (H : Handle_Ref; S : String) is
   begin
      H.To.Print (S);
   end Show;
end Printers;

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Printer_Entry is (Printer_No_Entry, Printer_Show, Printer_Done);
   type Printer_Show_Item_Access is access String;
   procedure Free_Show_Item is new Ada.Unchecked_Deallocation
     (String,
      Printer_Show_Item_Access);
   type Printer_Alternative is record
      Id : Printer_Entry := Printer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Printer_Alternative_List is array (Positive range <>) of Printer_Alternative;
   --  rdv2po: task Printer became this protected object; its code runs in the
   --  task Printer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Printer is
      entry Show (Item : String);
      entry Done;
      --  taken once the last line is printed: PASSED comes after it
      --  rdv2po: the rendezvous protocol, for Printer_Agent
      entry Select_Arm
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      entry Show_Held (Item : String);
      procedure Show_Woken (Item : in String);
      procedure Show_Take;
      function Show_Item_Value return String;
      procedure Show_Accept_End;
      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Show_Queue (Item : in String);
      entry Done_Held;
      procedure Done_Woken;
      procedure Done_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Printer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Printer_Alternative);
      function Queued (Alternative : Printer_Alternative) return Boolean;
      function Position_Of (Alternative : Printer_Alternative) return Natural;
      Armed_List : Printer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Printer_Entry := Printer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Show_Armed : Boolean := False;
      Show_Item : Printer_Show_Item_Access;
      Show_Done : Boolean := False;
      Show_Raised : Boolean := False;
      Show_Failure : Ada.Exceptions.Exception_Occurrence;
      Done_Armed : Boolean := False;
   end Printer;
   task Printer_Agent is
      --  rdv2po: general scheme agent of Printer
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in String);
      entry Wake_2 (Positive range 1 .. 2);
   end Printer_Agent;

   protected body Printer is

      entry Show (Item : String)
        when Closed
          or else (Chosen = Printer_No_Entry
                   and then Show_Armed
                   and then Show_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Printer_Agent.Wake_1
              (Position_Of ((Id => Printer_Show, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Printer_Show, Index => 0));
         Show_Woken (Item);
         requeue Show_Queue;
      end Show;

      entry Show_Held (Item : String)
        when Closed or else (Chosen = Printer_No_Entry and then Show_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Show, Index => 0));
         Show_Woken (Item);
         requeue Show_Queue;
      end Show_Held;

      entry Done
        when Closed
          or else (Chosen = Printer_No_Entry
                   and then Done_Armed
                   and then Done_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Printer_Agent.Wake_2
              (Position_Of ((Id => Printer_Done, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Printer_Done, Index => 0));
         Done_Woken;
      end Done;

      entry Done_Held
        when Closed or else (Chosen = Printer_No_Entry and then Done_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Printer_Done, Index => 0));
         Done_Woken;
      end Done_Held;

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
         Show_Armed := False;
         Done_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Printer_Alternative) is
      begin
         case Alternative.Id is
            when Printer_Show =>
               Show_Armed := True;
            when Printer_Done =>
               Done_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Printer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Printer_Show =>
               return Printer.Show'Count + Show_Held'Count > 0;
            when Printer_Done =>
               return Printer.Done'Count + Done_Held'Count > 0;
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

      procedure Show_Take is
      begin
         Chosen := Printer_No_Entry;
      end Show_Take;

      procedure Show_Woken (Item : in String) is
      begin
         Disarm;
         Chosen := Printer_Show;
         Show_Item := new String'(Item);
         Show_Done := False;
      end Show_Woken;

      function Show_Item_Value return String is
      begin
         return Show_Item.all;
      end Show_Item_Value;

      procedure Show_Accept_End is
      begin
         Show_Done := True;
      end Show_Accept_End;

      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Show_Failure, Occurrence);
         Show_Raised := True;
         Show_Done := True;
      end Show_Failed;

      entry Show_Queue (Item : in String)
        when Show_Done or else Closed is
      begin
         if not Show_Done then
            Free_Show_Item (Show_Item);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Show_Done := False;
         if Show_Raised then
            Show_Raised := False;
            Free_Show_Item (Show_Item);
            Ada.Exceptions.Reraise_Occurrence (Show_Failure);
         end if;
         Free_Show_Item (Show_Item);
      end Show_Queue;

      procedure Done_Take is
      begin
         Chosen := Printer_No_Entry;
      end Done_Take;

      procedure Done_Woken is
      begin
         Disarm;
         Chosen := Printer_Done;
      end Done_Woken;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Printer;

   task body Printer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Printer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Printer_Closer);
      overriding procedure Finalize (Object : in out Printer_Closer) is
      begin
         Printer.Close;
      end Finalize;
      Closer : Printer_Closer;
      Last : String (1 .. 20);
      Len  : Natural;
   begin
      loop
         declare
            Alternatives : constant Printer_Alternative_List :=
              (1 => (Printer_Show, 0),
               2 => (Printer_Done, 0));
            Choice : Natural;
         begin
            Printer.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String) do
                     Printer.Show_Woken (Value_1);
                     requeue Printer.Show_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) do
                     Printer.Done_Woken;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        requeue Printer.Show_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) do
                        requeue Printer.Done_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  begin
                     Printer.Show_Take;
                     declare
                        Item : constant String := Printer.Show_Item_Value;
                     begin
                        begin
                           Len := Item'Length;
                           Last (1 .. Len) := Item;
                        exception
                           when Occurrence : others =>
                              Printer.Show_Failed (Occurrence);
                              raise;
                        end;
                        Printer.Show_Accept_End;
                     end;
                  end;
                  Put_Line (File => Standard_Output, Item => Last (1 .. Len));
               when 2 =>
                  Printer.Done_Take;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Printer_Agent;
begin
   Printer.Show ("one");
   Printer.Show ("two");
   Printer.Show ("three");
   Printer.Done;
   Put_Line ("PASSED");
end Main;

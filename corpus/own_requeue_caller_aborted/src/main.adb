--  A call requeued without abort is no longer abortable: Intake aborts the
--  Messenger whose sale Desk has requeued to Seller while Seller is inside
--  that accept body.  The abort must wait until the rendezvous is over
--  (RM 9.8(8)): Intake checks, while Seller still holds the call, that the
--  Messenger has not terminated, then lets Seller finish and waits for the
--  Messenger to go.  Desk, which requeued the call, must be unaffected: a
--  refund sent afterwards still goes through it to Refunder.  Seller and
--  Intake hand over by protected flags; a problem any task finds is counted
--  and told on standard error.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Sale_Answer   : constant := 1;
   Refund_Answer : constant := 2;

   protected Trouble is
      procedure Note;
      function Count return Natural;
   private
      Found : Natural := 0;
   end Trouble;

   protected body Trouble is
      procedure Note is
      begin
         Found := Found + 1;
      end Note;

      function Count return Natural is
      begin
         return Found;
      end Count;
   end Trouble;

   procedure Complain (What : String) is
   begin
      Trouble.Note;
      Put_Line (Standard_Error, What);
   end Complain;

   protected type Flag is
      procedure Set;
      function Is_Set return Boolean;
   private
      Up : Boolean := False;
   end Flag;

   protected body Flag is
      procedure Set is
      begin
         Up := True;
      end Set;

      function Is_Set return Boolean is
      begin
         return Up;
      end Is_Set;
   end Flag;

   procedure Wait_For (F : Flag) is
   begin
      while not F.Is_Set loop
         delay 0.005;
      end loop;
   end Wait_For;

   --  the hand-over between Intake and Seller's accept body, in order
   In_Body     : Flag;
   Abort_Sent  : Flag;
   Still_There : Flag;
   Checked     : Flag;
   Body_Left   : Flag;
   --  what Main waits for and reports
   Caller_Gone : Flag;
   Refund_Done : Flag;
   Ended_Early : Flag;

   type Kind is (Sale, Refund);

   type Order;
   type Order_Ref is access Order;
   type Order is record
      Id          : Natural := 0;
      What        : Kind := Refund;
      Passed_Desk : Boolean := False;
      Answer      : Integer := 0;
      Seen        : Natural := 0;
   end record;

   task type Messenger is
      entry Carry (O : Order_Ref);
   end Messenger;
   type Messenger_Ref is access Messenger;

   task Intake is
      entry Start;
   end Intake;

   task Desk is
      entry Input (O : Order_Ref);
   end Desk;

   task Seller is
      entry Input (O : Order_Ref);
   end Seller;

   task Refunder is
      entry Input (O : Order_Ref);
   end Refunder;

   task body Intake is
      Next_Id : Natural := 0;

      procedure Fill (O : Order_Ref; What : Kind) is
      begin
         Next_Id := Next_Id + 1;
         O.Id := Next_Id;
         O.What := What;
      end Fill;

   begin
      accept Start;

      --  a sale whose messenger is aborted while Seller serves it
      declare
         O      : constant Order_Ref := new Order;
         Victim : constant Messenger_Ref := new Messenger;
      begin
         Fill (O, Sale);
         Victim.Carry (O);
         Wait_For (In_Body);
         abort Victim.all;
         Abort_Sent.Set;
         Wait_For (Still_There);
         if Victim'Terminated then
            Ended_Early.Set;
         end if;
         Checked.Set;
         Wait_For (Body_Left);
         while not Victim'Terminated loop
            delay 0.005;
         end loop;
         Caller_Gone.Set;
      end;

      --  a refund, through the same Desk
      declare
         O       : constant Order_Ref := new Order;
         Carrier : constant Messenger_Ref := new Messenger;
      begin
         Fill (O, Refund);
         Carrier.Carry (O);
      end;
   exception
      when others =>
         Complain ("Intake: unexpected exception");
   end Intake;

   task body Messenger is
      Mine : constant Order_Ref := new Order;
   begin
      accept Carry (O : Order_Ref) do
         Mine.all := O.all;
      end Carry;
      Desk.Input (Mine);
      case Mine.What is
         when Sale =>
            Complain ("Messenger: the aborted caller went on");
         when Refund =>
            if Mine.Answer /= Refund_Answer
              or else Mine.Seen /= 1
              or else not Mine.Passed_Desk
            then
               Complain ("Messenger: wrong answer to a refund");
            end if;
            Refund_Done.Set;
      end case;
   exception
      when others =>
         Complain ("Messenger: unexpected exception");
   end Messenger;

   task body Desk is
   begin
      loop
         select
            accept Input (O : Order_Ref) do
               O.Passed_Desk := True;
               case O.What is
                  when Sale =>
                     requeue Seller.Input;
                  when Refund =>
                     requeue Refunder.Input;
               end case;
            end Input;
         or
            terminate;
         end select;
      end loop;
   exception
      when others =>
         Complain ("Desk: unexpected exception");
   end Desk;

   task body Seller is
      Taken : Natural := 0;
   begin
      loop
         select
            accept Input (O : Order_Ref) do
               if not O.Passed_Desk or else O.What /= Sale then
                  Complain ("Seller: an order that is not a sale from the desk");
               end if;
               O.Answer := Sale_Answer;
               Taken := Taken + 1;
               In_Body.Set;
               --  the caller is being aborted now; the rendezvous goes on
               while not Abort_Sent.Is_Set loop
                  delay 0.005;
               end loop;
               Still_There.Set;
               while not Checked.Is_Set loop
                  delay 0.005;
               end loop;
            end Input;
            Body_Left.Set;
         or
            terminate;
         end select;
      end loop;
   exception
      when others =>
         Complain ("Seller: unexpected exception");
   end Seller;

   task body Refunder is
      Taken : Natural := 0;
   begin
      loop
         select
            accept Input (O : Order_Ref) do
               if not O.Passed_Desk or else O.What /= Refund then
                  Complain ("Refunder: an order that is not a refund from the desk");
               end if;
               O.Answer := Refund_Answer;
               Taken := Taken + 1;
               O.Seen := Taken;
            end Input;
         or
            terminate;
         end select;
      end loop;
   exception
      when others =>
         Complain ("Refunder: unexpected exception");
   end Refunder;

begin
   Intake.Start;
   Wait_For (Caller_Gone);
   Wait_For (Refund_Done);
   Put_Line ("aborted caller ended during the rendezvous: " & Boolean'Image (Ended_Early.Is_Set));
   Put_Line ("aborted caller gone after it: " & Boolean'Image (Caller_Gone.Is_Set));
   Put_Line ("refund through the same desk: " & Boolean'Image (Refund_Done.Is_Set));
   Put_Line ("problems:" & Natural'Image (Trouble.Count));
   if Trouble.Count = 0 and then not Ended_Early.Is_Set then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

--  An order desk.  Intake creates one Messenger task per order and hands it
--  the order; each Messenger calls Desk.Input with an access to its own
--  copy and, once the call returns, checks what the workers wrote into it.
--  Desk stamps the order in its accept body and requeues it (with abort,
--  the parameter going along) to a worker: refunds to Refunder, sales to
--  Seller.  While Seller is overloaded (from its first sale to its third)
--  a routine sale is requeued instead to Desk's own entry Parked, which
--  Desk accepts only when the overload flag is clear; Parked's body
--  requeues the order on to Seller.  Intake calls Desk.Recheck once the
--  overload is over, so that Desk evaluates its guards again.  A problem
--  any task finds is counted and told on standard error.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Sale_Answer   : constant := 1;
   Refund_Answer : constant := 2;
   Sales         : constant := 5;

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
      procedure Clear;
      function Is_Set return Boolean;
   private
      Up : Boolean := False;
   end Flag;

   protected body Flag is
      procedure Set is
      begin
         Up := True;
      end Set;

      procedure Clear is
      begin
         Up := False;
      end Clear;

      function Is_Set return Boolean is
      begin
         return Up;
      end Is_Set;
   end Flag;

   Overloaded  : Flag;
   First_Taken : Flag;
   Refund_Done : Flag;

   protected Sales_Done is
      procedure Add;
      function Count return Natural;
   private
      Done : Natural := 0;
   end Sales_Done;

   protected body Sales_Done is
      procedure Add is
      begin
         Done := Done + 1;
      end Add;

      function Count return Natural is
      begin
         return Done;
      end Count;
   end Sales_Done;

   type Kind is (Sale, Refund);
   type Urgency is (Urgent, Routine);

   type Order;
   type Order_Ref is access Order;
   type Order is record
      Id      : Natural := 0;
      What    : Kind := Refund;
      Level   : Urgency := Urgent;
      Stamped : Boolean := False;
      Answer  : Integer := 0;
      Seen    : Natural := 0;
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
      entry Parked (O : Order_Ref);
      entry Recheck;
   end Desk;

   task Seller is
      entry Input (O : Order_Ref);
   end Seller;

   task Refunder is
      entry Input (O : Order_Ref);
   end Refunder;

   task body Intake is
      type Batch_Position is range 1 .. Sales + 1;
      Level : Urgency := Urgent;
   begin
      accept Start;
      for P in Batch_Position loop
         declare
            Carrier : constant Messenger_Ref := new Messenger;
            O       : constant Order_Ref := new Order;
         begin
            O.Id := Natural (P);
            if P = Batch_Position'Last then
               O.What := Refund;
               Carrier.Carry (O);
            elsif P = Batch_Position'First then
               O.What := Sale;
               Carrier.Carry (O);
               --  the other sales go out once Seller is overloaded
               while not First_Taken.Is_Set loop
                  delay 0.005;
               end loop;
            else
               if Level = Urgent then
                  Level := Routine;
               else
                  Level := Urgent;
               end if;
               O.What := Sale;
               O.Level := Level;
               Carrier.Carry (O);
            end if;
         end;
      end loop;
      while Overloaded.Is_Set loop
         delay 0.005;
      end loop;
      Desk.Recheck;
   exception
      when others =>
         Complain ("Intake: unexpected exception");
   end Intake;

   task body Messenger is
      Mine : constant Order_Ref := new Order;
      Sent : Kind;
   begin
      accept Carry (O : Order_Ref) do
         Mine.all := O.all;
      end Carry;
      Sent := Mine.What;
      Desk.Input (Mine);
      --  the requeued rendezvous is over: the worker has answered
      if Mine.What /= Sent or else not Mine.Stamped then
         Complain ("Messenger: order changed or not through the desk");
      end if;
      case Sent is
         when Sale =>
            if Mine.Answer /= Sale_Answer then
               Complain ("Messenger: wrong answer to a sale");
            end if;
            Sales_Done.Add;
         when Refund =>
            if Mine.Answer /= Refund_Answer or else Mine.Seen /= 1 then
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
               O.Stamped := True;
               case O.What is
                  when Sale =>
                     if Overloaded.Is_Set and then O.Level = Routine then
                        requeue Parked with abort;
                     else
                        requeue Seller.Input with abort;
                     end if;
                  when Refund =>
                     requeue Refunder.Input with abort;
               end case;
            end Input;
         or
            when not Overloaded.Is_Set =>
               accept Parked (O : Order_Ref) do
                  requeue Seller.Input with abort;
               end Parked;
         or
            --  only makes Desk evaluate its guards again
            accept Recheck;
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
               if Overloaded.Is_Set and then O.Level = Routine then
                  Complain ("Seller: a routine sale during the overload");
               end if;
               if O.What /= Sale then
                  Complain ("Seller: a refund in the sales queue");
               end if;
               O.Answer := Sale_Answer;
               Taken := Taken + 1;
               if Taken = 1 then
                  Overloaded.Set;
                  First_Taken.Set;
               elsif Taken = 3 then
                  --  the first sale and both urgent ones are served
                  Overloaded.Clear;
               end if;
            end Input;
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
               if O.What /= Refund then
                  Complain ("Refunder: a sale in the refund queue");
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
   while Sales_Done.Count < Sales or else not Refund_Done.Is_Set loop
      delay 0.005;
   end loop;
   Put_Line ("sales answered:" & Natural'Image (Sales_Done.Count));
   Put_Line ("refund answered: " & Boolean'Image (Refund_Done.Is_Set));
   Put_Line ("problems:" & Natural'Image (Trouble.Count));
   if Trouble.Count = 0 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

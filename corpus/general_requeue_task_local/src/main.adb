with Ada.Text_IO; use Ada.Text_IO;

--  A desk task hands a submission on to a ledger that only it can see: the
--  accept body requeues to an entry of a protected object declared in the task
--  body.  The caller stays queued there, with the value the accept body set,
--  until the desk opens the ledger.  A second task ends with its caller still
--  queued on such an object, whose finalization raises Program_Error in that
--  caller (RM 9.4(20)).
procedure Main is

   task Desk is
      entry Submit (Amount : in out Integer);
   end Desk;

   task body Desk is
      protected Ledger is
         entry Post (Amount : in out Integer);
         procedure Open;
      private
         Ready : Boolean := False;
         Total : Integer := 100;
      end Ledger;

      protected body Ledger is
         entry Post (Amount : in out Integer) when Ready is
         begin
            Total := Total + Amount;
            Amount := Total;
         end Post;

         procedure Open is
         begin
            Ready := True;
         end Open;
      end Ledger;
   begin
      accept Submit (Amount : in out Integer) do
         Amount := Amount * 10;
         requeue Ledger.Post;
      end Submit;
      Ledger.Open;
   end Desk;

   task Dropped is
      entry Call;
   end Dropped;

   task body Dropped is
      protected Never is
         entry Wait;
      end Never;

      protected body Never is
         entry Wait when False is
         begin
            null;
         end Wait;
      end Never;
   begin
      accept Call do
         requeue Never.Wait with abort;
      end Call;
   end Dropped;

   Amount : Integer := 4;
   --  A task type whose accept body requeues to a task of its own body.
   task type Relay (Base : Integer) is
      entry Send (Value : in out Integer; Tag : String);
   end Relay;

   task body Relay is
      task Helper is
         entry Take (Value : in out Integer; Tag : String);
      end Helper;

      task body Helper is
      begin
         accept Take (Value : in out Integer; Tag : String) do
            Value := Value + Base;
            Put_Line ("helper took " & Tag);
         end Take;
      end Helper;
   begin
      accept Send (Value : in out Integer; Tag : String) do
         Value := Value * 2;
         requeue Helper.Take;
      end Send;
   end Relay;

   Relays : array (1 .. 2) of Relay (Base => 1000);
   Value : Integer := 21;
begin
   for R in reverse Relays'Range loop
      Relays (R).Send (Value, "parcel" & Integer'Image (R));
      Put_Line ("relayed" & Integer'Image (Value));
   end loop;
   Desk.Submit (Amount);
   Put_Line ("posted, total" & Integer'Image (Amount));
   begin
      Dropped.Call;
      Put_Line ("Call returned");
   exception
      when Program_Error =>
         Put_Line ("Program_Error: the ledger went away with the call on it");
   end;
   Put_Line ("PASSED");
end Main;

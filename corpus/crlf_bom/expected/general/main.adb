--  Four clients increment the counter (whose sources are CRLF + BOM +
--  UTF-8 comments); Main reads the value once they have all finished.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Counters;    use Counters;

procedure Main is

   Num_Clients : constant := 4;
   Calls_Each  : constant := 25;

   type Client;
   type Client_Entry is (Client_No_Entry, Client_Start);
   task type Client_Agent (Self : not null access Client) is
      --  rdv2po: general scheme agent of Client
   end Client_Agent;
   --  rdv2po: task type Client became this protected type; its code runs in
   --  Client_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Client is
      entry Start (Step : in Positive);
      --  rdv2po: the rendezvous protocol, for Client_Agent
      entry Start_Accept_Begin (Step : out Positive);
      procedure Start_Accept_End;
      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Start_Queue (Step : in Positive);
      procedure Close;
   private
      Chosen : Client_Entry := Client_No_Entry;
      Closed : Boolean := False;
      Start_Step : Positive;
      Start_Done : Boolean := False;
      Start_Raised : Boolean := False;
      Start_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Client_Agent (Self => Client'Unchecked_Access);
   end Client;

   protected body Client is

      entry Start (Step : in Positive)
        when Closed
          or else (Chosen = Client_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Client_Start;
         Start_Step := Step;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Start_Accept_Begin (Step : out Positive)
        when Chosen = Client_Start is
      begin
         Step := Start_Step;
         Chosen := Client_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (Step : in Positive)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Client;

   task body Client_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Client_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Client_Closer);
      overriding procedure Finalize (Object : in out Client_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Client_Closer;
      By : Positive;
   begin
      declare
         Step : Positive;
      begin
         Self.Start_Accept_Begin (Step);
         begin
            By := Step;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      for I in 1 .. Calls_Each loop
         Counter.Increment (By);
      end loop;
   end Client_Agent;

   V     : Natural;
   Calls : Natural;

begin
   declare
      Clients : array (1 .. Num_Clients) of Client;
   begin
      for I in Clients'Range loop
         Clients (I).Start (I);
      end loop;
   end;  --  waits until every client has terminated

   Counter.Value (V, Calls);
   Put_Line ("Calls:" & Natural'Image (Calls));
   Put_Line ("Value:" & Natural'Image (V));
   if Calls = Num_Clients * Calls_Each
     and then V = Calls_Each * (Num_Clients * (Num_Clients + 1) / 2)
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

--  Four clients increment the counter (whose sources are CRLF + BOM +
--  UTF-8 comments); Main reads the value once they have all finished.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Counters;    use Counters;

procedure Main is

   Num_Clients : constant := 4;
   Calls_Each  : constant := 25;

   package Client_Objects is
      type Client is tagged limited private;
      procedure Start (Self : Client; Step : in Positive);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Client_Turn is
         entry Start;
         procedure Finish (Ended_2 : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Start
      end Client_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Client is new Ada.Finalization.Limited_Controlled with record
         This : not null access Client := Client'Unchecked_Access;   -- writable from any view
         Turn : Client_Turn;
         By : Positive;
      end record;
      overriding procedure Finalize (Self : in out Client);
   end Client_Objects;
   subtype Client is Client_Objects.Client;

   package body Client_Objects is
      protected body Client_Turn is
         entry Start when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Start;

         procedure Finish (Ended_2 : Boolean) is
         begin
            Busy := False;
            Over := Ended_2;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Client_Turn;

      procedure Start (Self : Client; Step : in Positive) is
         Turn : Client_Turn renames Self.This.Turn;
         By : Positive renames Self.This.By;
         Ended_2 : Boolean := False;
      begin
         Turn.Start;
         begin
            By := Step;
         exception
            when others =>
               Turn.Finish (Ended_2 => True);
               raise;
         end;
         begin
            for I in 1 .. Calls_Each loop
               Counter.Increment (By);
            end loop;
            Ended_2 := True;   -- the task's end
         exception
            when others =>
               Ended_2 := True;
         end;
         Turn.Finish (Ended_2);
      end Start;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Client) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Client_Objects;

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

--  Client-side conditional and timed entry calls against an accepting
--  server.  Calls made while the server's Put guard is closed are refused
--  (conditional) or time out (timed) deterministically; while it is open,
--  timed calls with a generous delay succeed and conditional calls are
--  retried until they succeed, so only deterministic counts are printed.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Clients : constant := 3;
   Items   : constant := 6;

   protected Server is
      procedure Open;
      procedure Close;
      entry Put (X : Integer);
      procedure Get_Total (T : out Integer; N : out Natural);
   private
      --  rdv2po: task Server became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Is_Open : Boolean := False;
      Total   : Integer := 0;
      Count   : Natural := 0;
   end Server;

   protected body Server is

      procedure Open is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Is_Open := True;
      end Open;

      procedure Close is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Is_Open := False;
      end Close;

      entry Put (X : Integer) when Ended or else Is_Open is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      procedure Get_Total (T : out Integer; N : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         T := Total;
         N := Count;
      end Get_Total;

   end Server;

   task type Client is
      entry Start (Id : Positive);
      entry Done (Sent, Sum : out Natural);
   end Client;

   task body Client is
      Me      : Positive;
      Sent    : Natural := 0;
      Sum     : Natural := 0;
      Value   : Natural;
      Retries : Natural := 0;
   begin
      accept Start (Id : Positive) do
         Me := Id;
      end Start;
      for I in 1 .. Items loop
         Value := Me * 100 + I;
         if I mod 2 = 1 then
            --  Conditional call, retried until the server takes it.
            loop
               select
                  Server.Put (Value);
                  Sent := Sent + 1;
                  Sum := Sum + Value;
                  exit;
               else
                  --  Busy: try again shortly (the retry count varies from
                  --  run to run, so it is never printed).
                  Retries := Retries + 1;
                  delay 0.001;
               end select;
            end loop;
         else
            --  Timed call; the server is open, so it is accepted.
            select
               Server.Put (Value);
               Sent := Sent + 1;
               Sum := Sum + Value;
            or
               delay 1.0;
            end select;
         end if;
      end loop;
      accept Done (Sent, Sum : out Natural) do
         Sent := Client.Sent;
         Sum := Client.Sum;
      end Done;
   end Client;

   Refused   : Natural := 0;
   Timed_Out : Natural := 0;
   Accepted  : Natural := 0;
   Sent      : Natural;
   Sum       : Natural;
   All_Sent  : Natural := 0;
   All_Sum   : Natural := 0;
   Total     : Integer;
   Count     : Natural;

begin
   --  The server starts closed: these calls cannot be accepted.
   for I in 1 .. 3 loop
      select
         Server.Put (-1);
         Accepted := Accepted + 1;
      else
         Refused := Refused + 1;
      end select;
   end loop;
   select
      Server.Put (-2);
      Accepted := Accepted + 1;
   or
      delay 0.02;
      Timed_Out := Timed_Out + 1;
   end select;

   Server.Open;
   select
      Server.Put (7);
      Accepted := Accepted + 1;
   or
      delay 1.0;
      Timed_Out := Timed_Out + 1;
   end select;

   declare
      Crowd : array (1 .. Clients) of Client;
   begin
      for I in Crowd'Range loop
         Crowd (I).Start (I);
      end loop;
      for I in Crowd'Range loop
         Crowd (I).Done (Sent, Sum);
         Put_Line ("client" & Integer'Image (I) & " sent" &
                   Natural'Image (Sent) & " sum" & Natural'Image (Sum));
         All_Sent := All_Sent + Sent;
         All_Sum := All_Sum + Sum;
      end loop;
   end;

   Server.Close;
   select
      Server.Put (-3);
      Accepted := Accepted + 1;
   else
      Refused := Refused + 1;
   end select;

   Server.Get_Total (Total, Count);
   Put_Line ("main refused" & Natural'Image (Refused) &
             " timed out" & Natural'Image (Timed_Out) &
             " accepted" & Natural'Image (Accepted));
   Put_Line ("server total" & Integer'Image (Total) &
             " count" & Natural'Image (Count));
   if Refused = 4
     and then Timed_Out = 1
     and then Accepted = 1
     and then Count = All_Sent + Accepted
     and then Total = All_Sum + 7
     and then All_Sent = Clients * Items
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

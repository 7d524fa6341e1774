--  An accept body raises an exception and the server has no handler: the
--  exception propagates to the caller AND out of the server's task body,
--  which ends the server.  A later call then raises Tasking_Error.

with Ada.Exceptions; use Ada.Exceptions;
with Ada.Text_IO;    use Ada.Text_IO;

procedure Main is

   Bad_Value : exception;

   Feeds : constant := 50;

   protected Server is
      procedure Put (X : in Integer);                     --  Bad_Value if X < 0
      procedure Total (Sum : out Integer; Count : out Natural);
   private
      --  rdv2po: task Server became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      S : Integer := 0;
      N : Natural := 0;
   end Server;

   protected body Server is

      procedure Put (X : in Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if X < 0 then
               raise Bad_Value;   --  no handler anywhere in Server
            end if;
            S := S + X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            N := N + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      procedure Total (Sum : out Integer; Count : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Sum := S;
         Count := N;
      end Total;

   end Server;

   procedure Run_Feeder is
      task Feeder;

      task body Feeder is
      begin
         for I in 1 .. Feeds loop
            Server.Put (I);
         end loop;
      end Feeder;
   begin
      null;  --  returns when Feeder has terminated
   end Run_Feeder;

   Sum     : Integer;
   Count   : Natural;
   Events  : Natural := 0;

begin
   Run_Feeder;
   Server.Total (Sum, Count);
   Put_Line ("Count:" & Natural'Image (Count));
   Put_Line ("Sum  :" & Integer'Image (Sum));

   --  1. The bad call: the exception reaches Main (and ends Server)
   begin
      Server.Put (-1);
      Put_Line ("bad call accepted");
   exception
      when E : Bad_Value =>
         Put_Line ("Caller got " & Exception_Name (E));
         Events := Events + 1;
   end;

   --  2. Server is completed (or completes with this call queued)
   begin
      Server.Total (Sum, Count);
      Put_Line ("late Total accepted");
   exception
      when Tasking_Error =>
         Put_Line ("Total: Tasking_Error raised");
         Events := Events + 1;
   end;

   --  3. and stays so
   begin
      Server.Put (1);
      Put_Line ("late Put accepted");
   exception
      when Tasking_Error =>
         Put_Line ("Put: Tasking_Error raised");
         Events := Events + 1;
   end;

   if Count = Feeds and then Sum = Feeds * (Feeds + 1) / 2
     and then Events = 3
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

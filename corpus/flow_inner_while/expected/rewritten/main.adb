--  Servers whose protocol has a phase of its own: an inner while loop in the
--  server loop, with accepts in it.  The server scheme gives its accepts
--  stages of their own and tests the loop's condition where the task did, in
--  the entry that ends a pass; where the condition is false, that entry runs
--  what follows the loop, up to the next accept.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A file server: Open, then Writes until Close; Shutdown leaves the server
   --  loop from either phase; Sessions after it.
   protected File_Server is
      entry Open;
      entry Write (X : Integer);
      entry Close (Checksum : out Integer);
      entry Shutdown;
      entry Sessions (N : out Natural);
   private
      --  rdv2po: task File_Server became this protected object. Stage is
      --  where the task stood: 1 = select of Open/Shutdown; 2 = select of
      --  Write/Close/Shutdown; 3 = accept Sessions; 0 = ended (calls raise
      --  Tasking_Error).
      Stage : Integer := 1;
      Sum : Integer := 0;
      Closed : Boolean := False;
      Count : Natural := 0;
   end File_Server;
   protected body File_Server is

      entry Open when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 2;
         Sum := 0;
         Closed := False;
         if Closed then
            Stage := 1;  --  the task left its while loop (line 31)
            begin
               Count := Count + 1;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            return;
         end if;
      end Open;

      entry Write (X : Integer) when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         if Closed then
            Stage := 1;  --  the task left its while loop (line 31)
            begin
               Count := Count + 1;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            return;
         end if;
      end Write;

      entry Close (Checksum : out Integer)
        when Stage = 0 or else Stage = 2
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Checksum := Sum;
         Stage := 2;
         Closed := True;
         if Closed then
            Stage := 1;  --  the task left its while loop (line 31)
            begin
               Count := Count + 1;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            return;
         end if;
      end Close;

      entry Shutdown when Stage = 0 or else Stage = 1 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         if Stage = 1 then
            Stage := 2;
            Stage := 3;  --  the task left its loop
            return;
         elsif Stage = 2 then
            Stage := 2;
            Stage := 3;  --  the task left its loop
            return;
         end if;
      end Shutdown;

      entry Sessions (N : out Natural) when Stage = 0 or else Stage = 3 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := Count;
         Stage := 0;  --  the task's last accept: it ends
      end Sessions;

   end File_Server;

   --  A barrier for three parties: all arrive, then all depart, phase after
   --  phase; two inner loops one after the other.
   Parties : constant := 3;
   protected Barrier is
      entry Arrive;
      entry Depart;
   private
      --  rdv2po: task Barrier became this protected object. Stage is where
      --  the task stood: 1 = select of Arrive; 2 = accept Arrive; 3 =
      --  accept Depart; 0 = ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Arrived, Left : Natural := 0;
   end Barrier;
   protected body Barrier is

      entry Arrive when Stage = 0 or else Stage = 1 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         if Stage = 1 then
            Stage := 2;
            Arrived := 1;
            begin
               if not (Arrived < Parties) then
                  Stage := 3;  --  the task left its while loop (line 70)
                  Left := 0;
                  begin
                     if not (Left < Parties) then
                        Stage := 1;  --  the task left its while loop (line 75)
                        return;
                     end if;
                  exception
                     when others =>
                        Stage := 0;  --  the exception would end the task
                        return;
                  end;
                  return;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         elsif Stage = 2 then
            Stage := 2;
            begin
               Arrived := Arrived + 1;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
            begin
               if not (Arrived < Parties) then
                  Stage := 3;  --  the task left its while loop (line 70)
                  Left := 0;
                  begin
                     if not (Left < Parties) then
                        Stage := 1;  --  the task left its while loop (line 75)
                        return;
                     end if;
                  exception
                     when others =>
                        Stage := 0;  --  the exception would end the task
                        return;
                  end;
                  return;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         end if;
      end Arrive;

      entry Depart when Stage = 0 or else Stage = 3 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 3;
         begin
            Left := Left + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            if not (Left < Parties) then
               Stage := 1;  --  the task left its while loop (line 75)
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Depart;

   end Barrier;

   Phase_Sum : array (1 .. Parties) of Natural := (others => 0);
   pragma Volatile (Phase_Sum);

   task type Worker (Id : Positive);
   task body Worker is
   begin
      for Phase in 1 .. 3 loop
         Phase_Sum (Id) := Phase_Sum (Id) + Phase * Id;
         Barrier.Arrive;
         Barrier.Depart;
      end loop;
   end Worker;

   C : Integer;
   N : Natural;
begin
   for Session in 1 .. 2 loop
      File_Server.Open;
      for I in 1 .. Session * 3 loop
         File_Server.Write (I);
      end loop;
      File_Server.Close (C);
      Put_Line ("session" & Integer'Image (Session) & " checksum" & Integer'Image (C));
   end loop;
   select
      File_Server.Write (1);
      Put_Line ("wrote outside a session");
   or
      delay 0.05;
      Put_Line ("no write outside a session");
   end select;
   File_Server.Open;
   File_Server.Write (5);
   File_Server.Shutdown;
   File_Server.Sessions (N);
   Put_Line ("sessions closed:" & Natural'Image (N));
   begin
      File_Server.Open;
      Put_Line ("opened after shutdown");
   exception
      when Tasking_Error => Put_Line ("Open after shutdown: Tasking_Error");
   end;

   declare
      W1 : Worker (1);
      W2 : Worker (2);
      W3 : Worker (3);
   begin
      null;
   end;
   for I in Phase_Sum'Range loop
      Put_Line ("worker" & Integer'Image (I) & ":" & Natural'Image (Phase_Sum (I)));
   end loop;
   Put_Line ("PASSED");
end Main;

--  Servers whose protocol has a phase of its own: an inner while loop in the
--  server loop, with accepts in it.  The server scheme gives its accepts
--  stages of their own and tests the loop's condition where the task did, in
--  the entry that ends a pass; where the condition is false, that entry runs
--  what follows the loop, up to the next accept.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A file server: Open, then Writes until Close; Shutdown leaves the server
   --  loop from either phase; Sessions after it.
   task File_Server is
      entry Open;
      entry Write (X : Integer);
      entry Close (Checksum : out Integer);
      entry Shutdown;
      entry Sessions (N : out Natural);
   end File_Server;
   task body File_Server is
      Sum : Integer := 0;
      Closed : Boolean := False;
      Count : Natural := 0;
   begin
      Serve : loop
         select
            accept Open;
         or
            accept Shutdown;
            exit Serve;
         end select;
         Sum := 0;
         Closed := False;
         while not Closed loop
            select
               accept Write (X : Integer) do
                  Sum := Sum + X;
               end Write;
            or
               accept Close (Checksum : out Integer) do
                  Checksum := Sum;
               end Close;
               Closed := True;
            or
               accept Shutdown;
               exit Serve;
            end select;
         end loop;
         Count := Count + 1;
      end loop Serve;
      accept Sessions (N : out Natural) do
         N := Count;
      end Sessions;
   end File_Server;

   --  A barrier for three parties: all arrive, then all depart, phase after
   --  phase; two inner loops one after the other.
   Parties : constant := 3;
   task Barrier is
      entry Arrive;
      entry Depart;
   end Barrier;
   task body Barrier is
      Arrived, Left : Natural := 0;
   begin
      loop
         select
            accept Arrive;
         or
            terminate;
         end select;
         Arrived := 1;
         while Arrived < Parties loop
            accept Arrive;
            Arrived := Arrived + 1;
         end loop;
         Left := 0;
         while Left < Parties loop
            accept Depart;
            Left := Left + 1;
         end loop;
      end loop;
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

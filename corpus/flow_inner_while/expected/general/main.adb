--  Servers whose protocol has a phase of its own: an inner while loop in the
--  server loop, with accepts in it.  The server scheme gives its accepts
--  stages of their own and tests the loop's condition where the task did, in
--  the entry that ends a pass; where the condition is false, that entry runs
--  what follows the loop, up to the next accept.
with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  A file server: Open, then Writes until Close; Shutdown leaves the server
   --  loop from either phase; Sessions after it.
   type File_Server_Entry is
     (File_Server_No_Entry,
      File_Server_Open,
      File_Server_Write,
      File_Server_Close,
      File_Server_Shutdown,
      File_Server_Sessions);
   type File_Server_Alternative is record
      Id : File_Server_Entry := File_Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type File_Server_Alternative_List is array (Positive range <>) of File_Server_Alternative;
   --  rdv2po: task File_Server became this protected object; its code runs in
   --  the task File_Server_Agent, declared after it (general scheme: each
   --  rendezvous goes through the object)
   protected File_Server is
      entry Open;
      entry Write (X : Integer);
      entry Close (Checksum : out Integer);
      entry Shutdown;
      entry Sessions (N : out Natural);
      --  rdv2po: the rendezvous protocol, for File_Server_Agent
      entry Select_Arm
        (Order : File_Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Open_Take;
      procedure Write_Take (X : out Integer);
      procedure Write_Accept_End;
      procedure Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Write_Queue (X : in Integer);
      procedure Close_Take (Checksum : out Integer);
      procedure Close_Accept_End (Checksum : in Integer);
      procedure Close_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Close_Queue (Checksum : out Integer);
      procedure Shutdown_Take;
      entry Sessions_Accept_Begin (N : out Natural);
      procedure Sessions_Accept_End (N : in Natural);
      procedure Sessions_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Sessions_Queue (N : out Natural);
      procedure Close_2;
   private
      entry Select_Wait
        (Order : File_Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : File_Server_Alternative);
      function Queued (Alternative : File_Server_Alternative) return Boolean;
      function Position_Of (Alternative : File_Server_Alternative) return Natural;
      Armed_List : File_Server_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : File_Server_Entry := File_Server_No_Entry;
      Closed_2 : Boolean := False;
      Open_Armed : Boolean := False;
      Write_Armed : Boolean := False;
      Write_X : Integer;
      Write_Done : Boolean := False;
      Write_Raised : Boolean := False;
      Write_Failure : Ada.Exceptions.Exception_Occurrence;
      Close_Armed : Boolean := False;
      Close_Checksum : Integer;
      Close_Done : Boolean := False;
      Close_Raised : Boolean := False;
      Close_Failure : Ada.Exceptions.Exception_Occurrence;
      Shutdown_Armed : Boolean := False;
      Sessions_N : Natural;
      Sessions_Done : Boolean := False;
      Sessions_Raised : Boolean := False;
      Sessions_Failure : Ada.Exceptions.Exception_Occurrence;
   end File_Server;
   task File_Server_Agent is
      --  rdv2po: general scheme agent of File_Server
   end File_Server_Agent;
   protected body File_Server is

      entry Open
        when Closed_2
          or else (Chosen = File_Server_No_Entry and then Open_Armed)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => File_Server_Open, Index => 0));
         Disarm;
         Chosen := File_Server_Open;
      end Open;

      entry Write (X : Integer)
        when Closed_2
          or else (Chosen = File_Server_No_Entry and then Write_Armed)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => File_Server_Write, Index => 0));
         Disarm;
         Chosen := File_Server_Write;
         Write_X := X;
         Write_Done := False;
         requeue Write_Queue;
      end Write;

      entry Close (Checksum : out Integer)
        when Closed_2
          or else (Chosen = File_Server_No_Entry and then Close_Armed)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => File_Server_Close, Index => 0));
         Disarm;
         Chosen := File_Server_Close;
         Close_Checksum := Checksum;
         Close_Done := False;
         requeue Close_Queue;
      end Close;

      entry Shutdown
        when Closed_2
          or else (Chosen = File_Server_No_Entry and then Shutdown_Armed)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => File_Server_Shutdown, Index => 0));
         Disarm;
         Chosen := File_Server_Shutdown;
      end Shutdown;

      entry Sessions (N : out Natural)
        when Closed_2
          or else (Chosen = File_Server_No_Entry
                   and then Sessions_Accept_Begin'Count > 0)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := File_Server_Sessions;
         Sessions_N := N;
         Sessions_Done := False;
         requeue Sessions_Queue;
      end Sessions;

      entry Select_Arm
        (Order : File_Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed_2 is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= File_Server_No_Entry then
               Any_Open := True;
               if Found = 0 and then Queued (Order (K)) then
                  Found := K;
               end if;
            end if;
         end loop;
         --  RM 9.7.1(21): every alternative closed and no else part
         if not Any_Open then
            raise Program_Error;
         end if;
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
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : File_Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= File_Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Open_Armed := False;
         Write_Armed := False;
         Close_Armed := False;
         Shutdown_Armed := False;
      end Disarm;

      procedure Arm (Alternative : File_Server_Alternative) is
      begin
         case Alternative.Id is
            when File_Server_Open =>
               Open_Armed := True;
            when File_Server_Write =>
               Write_Armed := True;
            when File_Server_Close =>
               Close_Armed := True;
            when File_Server_Shutdown =>
               Shutdown_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : File_Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when File_Server_Open =>
               return File_Server.Open'Count > 0;
            when File_Server_Write =>
               return File_Server.Write'Count > 0;
            when File_Server_Close =>
               return File_Server.Close'Count > 0;
            when File_Server_Shutdown =>
               return File_Server.Shutdown'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : File_Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Open_Take is
      begin
         Chosen := File_Server_No_Entry;
      end Open_Take;

      procedure Write_Take (X : out Integer) is
      begin
         X := Write_X;
         Chosen := File_Server_No_Entry;
      end Write_Take;

      procedure Write_Accept_End is
      begin
         Write_Done := True;
      end Write_Accept_End;

      procedure Write_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Write_Failure, Occurrence);
         Write_Raised := True;
         Write_Done := True;
      end Write_Failed;

      entry Write_Queue (X : in Integer)
        when Write_Done or else Closed_2 is
      begin
         if not Write_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Write_Done := False;
         if Write_Raised then
            Write_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Write_Failure);
         end if;
      end Write_Queue;

      procedure Close_Take (Checksum : out Integer) is
      begin
         Checksum := Close_Checksum;
         Chosen := File_Server_No_Entry;
      end Close_Take;

      procedure Close_Accept_End (Checksum : in Integer) is
      begin
         Close_Checksum := Checksum;
         Close_Done := True;
      end Close_Accept_End;

      procedure Close_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Close_Failure, Occurrence);
         Close_Raised := True;
         Close_Done := True;
      end Close_Failed;

      entry Close_Queue (Checksum : out Integer)
        when Close_Done or else Closed_2 is
      begin
         if not Close_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Close_Done := False;
         if Close_Raised then
            Close_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Close_Failure);
         end if;
         Checksum := Close_Checksum;
      end Close_Queue;

      procedure Shutdown_Take is
      begin
         Chosen := File_Server_No_Entry;
      end Shutdown_Take;

      entry Sessions_Accept_Begin (N : out Natural)
        when Chosen = File_Server_Sessions is
      begin
         N := Sessions_N;
         Chosen := File_Server_No_Entry;
      end Sessions_Accept_Begin;

      procedure Sessions_Accept_End (N : in Natural) is
      begin
         Sessions_N := N;
         Sessions_Done := True;
      end Sessions_Accept_End;

      procedure Sessions_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Sessions_Failure, Occurrence);
         Sessions_Raised := True;
         Sessions_Done := True;
      end Sessions_Failed;

      entry Sessions_Queue (N : out Natural)
        when Sessions_Done or else Closed_2 is
      begin
         if not Sessions_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Sessions_Done := False;
         if Sessions_Raised then
            Sessions_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Sessions_Failure);
         end if;
         N := Sessions_N;
      end Sessions_Queue;

      procedure Close_2 is
      begin
         Closed_2 := True;
      end Close_2;
   end File_Server;

   task body File_Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type File_Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out File_Server_Closer);
      overriding procedure Finalize (Object : in out File_Server_Closer) is
      begin
         File_Server.Close_2;
      end Finalize;
      Closer : File_Server_Closer;
      Sum : Integer := 0;
      Closed : Boolean := False;
      Count : Natural := 0;
   begin
      Serve : loop
         declare
            Choice : Natural;
         begin
            File_Server.Select_Arm
              (Order => (1 => (File_Server_Open, 0),
                         2 => (File_Server_Shutdown, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  File_Server.Open_Take;
               when 2 =>
                  File_Server.Shutdown_Take;
                  exit Serve;
               when others =>
                  null;
            end case;
         end;
         Sum := 0;
         Closed := False;
         while not Closed loop
            declare
               Choice : Natural;
            begin
               File_Server.Select_Arm
                 (Order => (1 => (File_Server_Write, 0),
                            2 => (File_Server_Close, 0),
                            3 => (File_Server_Shutdown, 0)),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     declare
                        X : Integer;
                     begin
                        File_Server.Write_Take (X);
                        begin
                           Sum := Sum + X;
                        exception
                           when Occurrence : others =>
                              File_Server.Write_Failed (Occurrence);
                              raise;
                        end;
                        File_Server.Write_Accept_End;
                     end;
                  when 2 =>
                     declare
                        Checksum : Integer;
                     begin
                        File_Server.Close_Take (Checksum);
                        begin
                           Checksum := Sum;
                        exception
                           when Occurrence : others =>
                              File_Server.Close_Failed (Occurrence);
                              raise;
                        end;
                        File_Server.Close_Accept_End (Checksum);
                     end;
                     Closed := True;
                  when 3 =>
                     File_Server.Shutdown_Take;
                     exit Serve;
                  when others =>
                     null;
               end case;
            end;
         end loop;
         Count := Count + 1;
      end loop Serve;
      declare
         N : Natural;
      begin
         File_Server.Sessions_Accept_Begin (N);
         begin
            N := Count;
         exception
            when Occurrence : others =>
               File_Server.Sessions_Failed (Occurrence);
               raise;
         end;
         File_Server.Sessions_Accept_End (N);
      end;
   end File_Server_Agent;

   --  A barrier for three parties: all arrive, then all depart, phase after
   --  phase; two inner loops one after the other.
   Parties : constant := 3;
   type Barrier_Entry is (Barrier_No_Entry, Barrier_Arrive, Barrier_Depart);
   type Barrier_Alternative is record
      Id : Barrier_Entry := Barrier_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Barrier_Alternative_List is array (Positive range <>) of Barrier_Alternative;
   --  rdv2po: task Barrier became this protected object; its code runs in the
   --  task Barrier_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Barrier is
      entry Arrive;
      entry Depart;
      --  rdv2po: the rendezvous protocol, for Barrier_Agent
      entry Select_Arm
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural);
      entry Arrive_Held;
      procedure Arrive_Woken;
      entry Arrive_Accept_Begin;
      procedure Arrive_Take;
      entry Depart_Accept_Begin;
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Barrier_Alternative);
      function Queued (Alternative : Barrier_Alternative) return Boolean;
      function Position_Of (Alternative : Barrier_Alternative) return Natural;
      Armed_List : Barrier_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Barrier_Entry := Barrier_No_Entry;
      Via_Wake : Boolean := False;
      Closed_2 : Boolean := False;
      Arrive_Armed : Boolean := False;
   end Barrier;
   task Barrier_Agent is
      --  rdv2po: general scheme agent of Barrier
      entry Wake_1 (Positive range 1 .. 1);
   end Barrier_Agent;
   protected body Barrier is

      entry Arrive
        when Closed_2
          or else (Chosen = Barrier_No_Entry
                   and then (Arrive_Accept_Begin'Count > 0 or else Arrive_Armed)
                   and then Arrive_Held'Count = 0)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Barrier_Agent.Wake_1
              (Position_Of ((Id => Barrier_Arrive, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Barrier_Arrive, Index => 0));
         Arrive_Woken;
      end Arrive;

      entry Arrive_Held
        when Closed_2
          or else (Chosen = Barrier_No_Entry
                   and then (Arrive_Accept_Begin'Count > 0 or else Arrive_Armed))
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Barrier_Arrive, Index => 0));
         Arrive_Woken;
      end Arrive_Held;

      entry Depart
        when Closed_2
          or else (Chosen = Barrier_No_Entry
                   and then Depart_Accept_Begin'Count > 0)
      is
      begin
         if Closed_2 then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Barrier_Depart;
      end Depart;

      entry Select_Arm
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed_2 is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Barrier_No_Entry then
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
        (Order : Barrier_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Barrier_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Arrive_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Barrier_Alternative) is
      begin
         case Alternative.Id is
            when Barrier_Arrive =>
               Arrive_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Barrier_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Barrier_Arrive =>
               return Barrier.Arrive'Count + Arrive_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Barrier_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Arrive_Accept_Begin
        when Chosen = Barrier_Arrive is
      begin
         Chosen := Barrier_No_Entry;
      end Arrive_Accept_Begin;

      procedure Arrive_Take is
      begin
         Chosen := Barrier_No_Entry;
      end Arrive_Take;

      procedure Arrive_Woken is
      begin
         Disarm;
         Chosen := Barrier_Arrive;
      end Arrive_Woken;

      entry Depart_Accept_Begin
        when Chosen = Barrier_Depart is
      begin
         Chosen := Barrier_No_Entry;
      end Depart_Accept_Begin;

      procedure Close_2 is
      begin
         Closed_2 := True;
      end Close_2;
   end Barrier;

   task body Barrier_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Barrier_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Barrier_Closer);
      overriding procedure Finalize (Object : in out Barrier_Closer) is
      begin
         Barrier.Close_2;
      end Finalize;
      Closer : Barrier_Closer;
      Arrived, Left : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Barrier_Alternative_List :=
              (1 => (Barrier_Arrive, 0));
            Choice : Natural;
         begin
            Barrier.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) do
                     Barrier.Arrive_Woken;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) do
                        requeue Barrier.Arrive_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  Barrier.Arrive_Take;
               when others =>
                  null;
            end case;
         end;
         Arrived := 1;
         while Arrived < Parties loop
            Barrier.Arrive_Accept_Begin;
            Arrived := Arrived + 1;
         end loop;
         Left := 0;
         while Left < Parties loop
            Barrier.Depart_Accept_Begin;
            Left := Left + 1;
         end loop;
      end loop;
   end Barrier_Agent;

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

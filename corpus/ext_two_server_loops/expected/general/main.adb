with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Server_Entry is
     (Server_No_Entry,
      Server_Init,
      Server_Get,
      Server_Stop);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Init (X : Integer);
      entry Get (X : out Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      entry Init_Accept_Begin (X : out Integer);
      procedure Init_Accept_End;
      procedure Init_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Init_Queue (X : in Integer);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
      procedure Stop_Take;
      procedure Stop_Accept_End;
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue;
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Closed : Boolean := False;
      Init_X : Integer;
      Init_Done : Boolean := False;
      Init_Raised : Boolean := False;
      Init_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
   end Server_Agent;
   protected body Server is

      entry Init (X : Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Init_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Server_Init;
         Init_X := X;
         Init_Done := False;
         requeue Init_Queue;
      end Init;

      entry Get (X : out Integer)
        when Closed or else (Chosen = Server_No_Entry and then Get_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Get, Index => 0));
         Disarm;
         Chosen := Server_Get;
         Get_X := X;
         Get_Done := False;
         requeue Get_Queue;
      end Get;

      entry Stop
        when Closed or else (Chosen = Server_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Stop, Index => 0));
         Disarm;
         Chosen := Server_Stop;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Server_No_Entry then
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
        (Order : Server_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Get_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Get =>
               Get_Armed := True;
            when Server_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Get =>
               return Server.Get'Count > 0;
            when Server_Stop =>
               return Server.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Server_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Init_Accept_Begin (X : out Integer)
        when Chosen = Server_Init is
      begin
         X := Init_X;
         Chosen := Server_No_Entry;
      end Init_Accept_Begin;

      procedure Init_Accept_End is
      begin
         Init_Done := True;
      end Init_Accept_End;

      procedure Init_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Init_Failure, Occurrence);
         Init_Raised := True;
         Init_Done := True;
      end Init_Failed;

      entry Init_Queue (X : in Integer)
        when Init_Done or else Closed is
      begin
         if not Init_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Init_Done := False;
         if Init_Raised then
            Init_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Init_Failure);
         end if;
      end Init_Queue;

      procedure Get_Take (X : out Integer) is
      begin
         X := Get_X;
         Chosen := Server_No_Entry;
      end Get_Take;

      procedure Get_Accept_End (X : in Integer) is
      begin
         Get_X := X;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (X : out Integer)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         X := Get_X;
      end Get_Queue;

      procedure Stop_Take is
      begin
         Chosen := Server_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End is
      begin
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server.Close;
      end Finalize;
      Closer : Server_Closer;
      Sum : Integer := 0;
      Running : Boolean := True;
   begin
      for I in 1 .. 3 loop
         declare
            X : Integer;
         begin
            Server.Init_Accept_Begin (X);
            begin
               Sum := Sum + X;
            exception
               when Occurrence : others =>
                  Server.Init_Failed (Occurrence);
                  raise;
            end;
            Server.Init_Accept_End;
         end;
      end loop;
      while Running loop
         declare
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => (1 => (Server_Get, 0),
                         2 => (Server_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Server.Get_Take (X);
                     begin
                        X := Sum;
                     exception
                        when Occurrence : others =>
                           Server.Get_Failed (Occurrence);
                           raise;
                     end;
                     Server.Get_Accept_End (X);
                  end;
               when 2 =>
                  Server.Stop_Take;
                  begin
                     Running := False;
                  exception
                     when Occurrence : others =>
                        Server.Stop_Failed (Occurrence);
                        raise;
                  end;
                  Server.Stop_Accept_End;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;
   X : Integer;
begin
   for I in 1 .. 3 loop
      Server.Init (I);
   end loop;
   Server.Get (X);
   Server.Stop;
   Put_Line (Integer'Image (X));
   Put_Line ("PASSED");
end Main;

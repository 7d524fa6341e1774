with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Server_Entry is
     (Server_No_Entry,
      Server_Get,
      Server_Get2,
      Server_Hold,
      Server_Release,
      Server_Done);
   type Server_Alternative is record
      Id : Server_Entry := Server_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Server_Alternative_List is array (Positive range <>) of Server_Alternative;
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Get (X : out Integer);
      entry Get2 (X : out Integer);
      entry Hold (X : out Integer);
      entry Release;
      entry Done;
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Get_Take (X : out Integer);
      procedure Get_Accept_End (X : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (X : out Integer);
      procedure Get_Requeue_1 (X : in Integer);
      procedure Get2_Take (X : out Integer);
      procedure Get2_Accept_End (X : in Integer);
      procedure Get2_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get2_Queue (X : out Integer);
      procedure Get2_Requeue_1 (X : in Integer);
      entry Hold_Accept_Begin (X : out Integer);
      procedure Hold_Accept_End (X : in Integer);
      procedure Hold_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hold_Queue (X : out Integer);
      function Hold_Count return Natural;
      procedure Release_Take;
      procedure Release_Accept_End;
      procedure Release_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Release_Queue;
      function Release_Count return Natural;
      procedure Done_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 4);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Closed : Boolean := False;
      Get_Armed : Boolean := False;
      Get_X : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Target : Natural := 0;
      Get2_Armed : Boolean := False;
      Get2_X : Integer;
      Get2_Done : Boolean := False;
      Get2_Raised : Boolean := False;
      Get2_Failure : Ada.Exceptions.Exception_Occurrence;
      Get2_Target : Natural := 0;
      Hold_X : Integer;
      Hold_Done : Boolean := False;
      Hold_Raised : Boolean := False;
      Hold_Failure : Ada.Exceptions.Exception_Occurrence;
      Release_Armed : Boolean := False;
      Release_Done : Boolean := False;
      Release_Raised : Boolean := False;
      Release_Failure : Ada.Exceptions.Exception_Occurrence;
      Done_Armed : Boolean := False;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
      entry Get_Requeue_Hop_1 (Value_1 : out Integer);
   end Server_Agent;
   protected body Server is

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

      entry Get2 (X : out Integer)
        when Closed or else (Chosen = Server_No_Entry and then Get2_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Get2, Index => 0));
         Disarm;
         Chosen := Server_Get2;
         Get2_X := X;
         Get2_Done := False;
         requeue Get2_Queue;
      end Get2;

      entry Hold (X : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Hold_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Server_Hold;
         Hold_X := X;
         Hold_Done := False;
         requeue Hold_Queue;
      end Hold;

      entry Release
        when Closed or else (Chosen = Server_No_Entry and then Release_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Release, Index => 0));
         Disarm;
         Chosen := Server_Release;
         Release_Done := False;
         requeue Release_Queue;
      end Release;

      entry Done
        when Closed or else (Chosen = Server_No_Entry and then Done_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Done, Index => 0));
         Disarm;
         Chosen := Server_Done;
      end Done;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
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
         if not Any_Open and then not (Poll or else Timed_Wait or else Wake) then
            raise Program_Error;
         end if;
         --  a caller already queued is taken first, in the select's order (as
         --  GNAT does)
         if Found /= 0 then
            Armed_List (1 .. Found) := Order (Order'First .. Order'First + Found - 1);
            Armed_Last := Found;
            Arm (Order (Found));
         elsif Poll then
            return;
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
         Poll, Timed_Wait, Wake : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Get_Armed := False;
         Get2_Armed := False;
         Release_Armed := False;
         Done_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Get =>
               Get_Armed := True;
            when Server_Get2 =>
               Get2_Armed := True;
            when Server_Release =>
               Release_Armed := True;
            when Server_Done =>
               Done_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Get =>
               return Server.Get'Count > 0;
            when Server_Get2 =>
               return Server.Get2'Count > 0;
            when Server_Release =>
               return Server.Release'Count > 0;
            when Server_Done =>
               return Server.Done'Count > 0;
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
         if Get_Target = 1 then
            Get_Target := 0;
            requeue Server_Agent.Get_Requeue_Hop_1 with abort;
         end if;
      end Get_Queue;

      procedure Get_Requeue_1 (X : in Integer) is
      begin
         Get_X := X;
         Get_Target := 1;
         Get_Done := True;
      end Get_Requeue_1;

      procedure Get2_Take (X : out Integer) is
      begin
         X := Get2_X;
         Chosen := Server_No_Entry;
      end Get2_Take;

      procedure Get2_Accept_End (X : in Integer) is
      begin
         Get2_X := X;
         Get2_Done := True;
      end Get2_Accept_End;

      procedure Get2_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get2_Failure, Occurrence);
         Get2_Raised := True;
         Get2_Done := True;
      end Get2_Failed;

      entry Get2_Queue (X : out Integer)
        when Get2_Done or else Closed is
      begin
         if not Get2_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get2_Done := False;
         if Get2_Raised then
            Get2_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get2_Failure);
         end if;
         X := Get2_X;
         if Get2_Target = 1 then
            Get2_Target := 0;
            requeue Hold;
         end if;
      end Get2_Queue;

      procedure Get2_Requeue_1 (X : in Integer) is
      begin
         Get2_X := X;
         Get2_Target := 1;
         Get2_Done := True;
      end Get2_Requeue_1;

      entry Hold_Accept_Begin (X : out Integer)
        when Chosen = Server_Hold is
      begin
         X := Hold_X;
         Chosen := Server_No_Entry;
      end Hold_Accept_Begin;

      procedure Hold_Accept_End (X : in Integer) is
      begin
         Hold_X := X;
         Hold_Done := True;
      end Hold_Accept_End;

      procedure Hold_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Hold_Failure, Occurrence);
         Hold_Raised := True;
         Hold_Done := True;
      end Hold_Failed;

      entry Hold_Queue (X : out Integer)
        when Hold_Done or else Closed is
      begin
         if not Hold_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Hold_Done := False;
         if Hold_Raised then
            Hold_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Hold_Failure);
         end if;
         X := Hold_X;
      end Hold_Queue;

      function Hold_Count return Natural is
      begin
         return Server.Hold'Count;
      end Hold_Count;

      procedure Release_Take is
      begin
         Chosen := Server_No_Entry;
      end Release_Take;

      procedure Release_Accept_End is
      begin
         Release_Done := True;
      end Release_Accept_End;

      procedure Release_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Release_Failure, Occurrence);
         Release_Raised := True;
         Release_Done := True;
      end Release_Failed;

      entry Release_Queue
        when Release_Done or else Closed is
      begin
         if not Release_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Release_Done := False;
         if Release_Raised then
            Release_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Release_Failure);
         end if;
      end Release_Queue;

      function Release_Count return Natural is
      begin
         return Server.Release'Count;
      end Release_Count;

      procedure Done_Take is
      begin
         Chosen := Server_No_Entry;
      end Done_Take;

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
      Stop : Boolean := False;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Server.Select_Arm
              (Order => (1 => (Server_Get, 0),
                         2 => (Server_Get2, 0),
                         3 => ((if Server.Release_Count = 0 then Server_Release else Server_No_Entry), 0),
                         4 => (Server_Done, 0)),
               Poll => False,
               Timed_Wait => False,
               Wake => False,
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                  begin
                     Server.Get_Take (X);
                     begin
                        X := 1;
                        Server.Get_Requeue_1 (X);
                        select
                           accept Get_Requeue_Hop_1 (Value_1 : out Integer) do
                              requeue Server.Hold with abort;
                           end Get_Requeue_Hop_1;
                        else
                           null;   --  its time-out expired: cancelled
                        end select;
                        goto Get_Requeued;
                     exception
                        when Occurrence : others =>
                           Server.Get_Failed (Occurrence);
                           raise;
                     end;
                     Server.Get_Accept_End (X);
                     <<Get_Requeued>>
                     null;
                  end;
               when 2 =>
                  declare
                     X : Integer;
                  begin
                     Server.Get2_Take (X);
                     begin
                        X := 2;
                        Server.Get2_Requeue_1 (X);
                        goto Get2_Requeued;
                     exception
                        when Occurrence : others =>
                           Server.Get2_Failed (Occurrence);
                           raise;
                     end;
                     Server.Get2_Accept_End (X);
                     <<Get2_Requeued>>
                     null;
                  end;
               when 3 =>
                  Server.Release_Take;
                  begin
                     Put_Line ("release, hold count" & Server.Hold_Count'Img);
                  exception
                     when Occurrence : others =>
                        Server.Release_Failed (Occurrence);
                        raise;
                  end;
                  Server.Release_Accept_End;
                  if Server.Hold_Count > 0 then
                     declare
                        X : Integer;
                     begin
                        Server.Hold_Accept_Begin (X);
                        begin
                           X := X + 100;
                        exception
                           when Occurrence : others =>
                              Server.Hold_Failed (Occurrence);
                              raise;
                        end;
                        Server.Hold_Accept_End (X);
                     end;
                  end if;
               when 4 =>
                  Server.Done_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Server_Agent;
   X : Integer := 0;
begin
   select
      Server.Get (X);
      Put_Line ("Get completed?!" & X'Img);
   or
      delay 0.1;
      Put_Line ("Get timed out after requeue with abort");
   end select;
   Server.Release;
   declare
      task T;
      task body T is
         Y : Integer := 0;
      begin
         select
            Server.Get2 (Y);
            Put_Line ("Get2 completed" & Y'Img);
         or
            delay 0.1;
            Put_Line ("Get2 timed out?!");
         end select;
      end T;
   begin
      delay 0.25;
      Server.Release;
   end;
   Server.Done;
   Put_Line ("PASSED");
end Main;

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Real_Time;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Calendar; use type Ada.Calendar.Time;
procedure Main is
   Evaluated : Natural := 0;

   function Later (Seconds : Duration) return Ada.Calendar.Time is
   begin
      Evaluated := Evaluated + 1;
      return Ada.Calendar.Clock + Seconds;
   end Later;

   function Span (Seconds : Duration) return Duration is
   begin
      Evaluated := Evaluated + 1;
      return Seconds;
   end Span;

   type Server_Entry is
     (Server_No_Entry,
      Server_Start,
      Server_Ping,
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
      entry Start;
      entry Ping;
      entry Done (Result : out Integer);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Select_Arm
        (Order : Server_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural);
      entry Start_Accept_Begin;
      procedure Ping_Take;
      entry Done_Accept_Begin (Result : out Integer);
      procedure Done_Accept_End (Result : in Integer);
      procedure Done_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Done_Queue (Result : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Server_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Server_Alternative);
      function Queued (Alternative : Server_Alternative) return Boolean;
      function Position_Of (Alternative : Server_Alternative) return Natural;
      Armed_List : Server_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Server_Entry := Server_No_Entry;
      Timed : Boolean := False;
      Closed : Boolean := False;
      Ping_Armed : Boolean := False;
      Done_Result : Integer;
      Done_Done : Boolean := False;
      Done_Raised : Boolean := False;
      Done_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
   end Server_Agent;

   protected body Server is

      entry Start
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Server_Start;
      end Start;

      entry Ping
        when Closed
          or else (Chosen = Server_No_Entry
                   and then ((Ping_Armed and then (not Timed or else Select_Wait'Count > 0))))
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Server_Ping, Index => 0));
         Disarm;
         Chosen := Server_Ping;
      end Ping;

      entry Done (Result : out Integer)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Done_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Server_Done;
         Done_Result := Result;
         Done_Done := False;
         requeue Done_Queue;
      end Done;

      entry Select_Arm
        (Order : Server_Alternative_List;
         Timed_Wait : Boolean;
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
         if not Any_Open and then not Timed_Wait then
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
         Timed := Timed_Wait and then Found = 0;
         requeue Select_Wait with abort;
      end Select_Arm;

      entry Select_Wait
        (Order : Server_Alternative_List;
         Timed_Wait : Boolean;
         Chosen_Position : out Natural)
        when Chosen /= Server_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Ping_Armed := False;
         Timed := False;
      end Disarm;

      procedure Arm (Alternative : Server_Alternative) is
      begin
         case Alternative.Id is
            when Server_Ping =>
               Ping_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Server_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Server_Ping =>
               return Server.Ping'Count > 0;
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

      entry Start_Accept_Begin
        when Chosen = Server_Start is
      begin
         Chosen := Server_No_Entry;
      end Start_Accept_Begin;

      procedure Ping_Take is
      begin
         Chosen := Server_No_Entry;
      end Ping_Take;

      entry Done_Accept_Begin (Result : out Integer)
        when Chosen = Server_Done is
      begin
         Result := Done_Result;
         Chosen := Server_No_Entry;
      end Done_Accept_Begin;

      procedure Done_Accept_End (Result : in Integer) is
      begin
         Done_Result := Result;
         Done_Done := True;
      end Done_Accept_End;

      procedure Done_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Done_Failure, Occurrence);
         Done_Raised := True;
         Done_Done := True;
      end Done_Failed;

      entry Done_Queue (Result : out Integer)
        when Done_Done or else Closed is
      begin
         if not Done_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Done_Done := False;
         if Done_Raised then
            Done_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Done_Failure);
         end if;
         Result := Done_Result;
      end Done_Queue;

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
      type Case_Data is record
         First_Open, First_Long, Second_Open, Second_Long : Boolean;
      end record;
      Cases : constant array (Positive range <>) of Case_Data :=
        ((True, False, False, False), (True, False, True, False),
         (True, True, True, False), (True, True, True, True),
         (False, False, True, True));
      Length : constant array (Boolean) of Duration := (0.2, 0.4);
      Taken : Integer := 0;
      Total : Integer := 0;
   begin
      Server.Start_Accept_Begin;
      for K in Cases'Range loop
         Taken := 0;
         declare
            Now : constant Ada.Calendar.Time := Ada.Calendar.Clock;
            At_Time : constant array (Boolean) of Ada.Calendar.Time :=
              (Now + Length (False), Now + Length (True));
         begin
            declare
               Choice : Natural;
               Expired : Natural := 0;   --  the delay alternative expiring first
               At_Calendar : Ada.Calendar.Time;
               At_Real_Time : Ada.Real_Time.Time;
               Time_Type : Natural := 0;   --  the time type it has
               procedure Expires (Alternative : Positive; Expiry : Ada.Calendar.Time) is
               begin
                  if Expired = 0 or else Ada.Calendar."<" (Expiry, At_Calendar) then
                     Expired := Alternative;
                     At_Calendar := Expiry;
                  end if;
               end Expires;
               procedure Expires (Alternative : Positive; Expiry : Ada.Real_Time.Time) is
               begin
                  if Expired = 0 or else Ada.Real_Time."<" (Expiry, At_Real_Time) then
                     Expired := Alternative;
                     At_Real_Time := Expiry;
                     Time_Type := 1;
                  end if;
               end Expires;
            begin
               if Cases (K).First_Open then
                  Expires (1, At_Time (Cases (K).First_Long));
               end if;
               if Cases (K).Second_Open then
                  Expires (2, At_Time (Cases (K).Second_Long));
               end if;
               if Expired = 0 then
                  Server.Select_Arm
                    (Order => (1 => ((if Cases (K).First_Open and K = 99 then Server_Ping else Server_No_Entry), 0)),
                     Timed_Wait => False,
                     Chosen_Position => Choice);
               elsif Time_Type = 0 then
                  select
                     Server.Select_Arm
                       (Order => (1 => ((if Cases (K).First_Open and K = 99 then Server_Ping else Server_No_Entry), 0)),
                        Timed_Wait => True,
                        Chosen_Position => Choice);
                  or
                     delay until At_Calendar;
                     Choice := 0;
                  end select;
               else
                  select
                     Server.Select_Arm
                       (Order => (1 => ((if Cases (K).First_Open and K = 99 then Server_Ping else Server_No_Entry), 0)),
                        Timed_Wait => True,
                        Chosen_Position => Choice);
                  or
                     delay until At_Real_Time;
                     Choice := 0;
                  end select;
               end if;
               case Choice is
                  when 1 =>
                     Server.Ping_Take;
                  when others =>
                     case Expired is
                        when 1 =>
                           Taken := 1;
                        when 2 =>
                           Taken := 2;
                        when others =>
                           null;
                     end case;
               end case;
            end;
         end;
         Put_Line ("until case" & Integer'Image (K) & " took" & Integer'Image (Taken));
         Total := Total * 3 + Taken;
      end loop;
      --  relative delays, evaluated once each, the earliest taken
      for K in 1 .. 2 loop
         declare
            Choice : Natural;
            Expired_2 : Natural := 0;   --  the delay alternative expiring first
            At_Duration : Standard.Duration;
            procedure Expires_2 (Alternative : Positive; Expiry : Standard.Duration) is
            begin
               if Expired_2 = 0 or else Standard."<" (Expiry, At_Duration) then
                  Expired_2 := Alternative;
                  At_Duration := Expiry;
               end if;
            end Expires_2;
         begin
            Expires_2 (1, Span (0.3));
            if K = 1 then
               Expires_2 (2, Span (0.1));
            end if;
            Expires_2 (3, Span (0.3));
            select
               Server.Select_Arm
                 (Order => (1 => (Server_Ping, 0)),
                  Timed_Wait => True,
                  Chosen_Position => Choice);
            or
               delay At_Duration;
               Choice := 0;
            end select;
            case Choice is
               when 1 =>
                  Server.Ping_Take;
                  Taken := 0;
               when others =>
                  case Expired_2 is
                     when 1 =>
                        Taken := 1;
                     when 2 =>
                        Taken := 2;
                     when 3 =>
                        Taken := 3;
                     when others =>
                        null;
                  end case;
            end case;
         end;
         Put_Line ("relative" & Integer'Image (K) & " took" & Integer'Image (Taken));
      end loop;
      --  an accept before any expiry
      declare
         Choice : Natural;
         Expired_3 : Natural := 0;   --  the delay alternative expiring first
         At_Calendar_2 : Ada.Calendar.Time;
         At_Real_Time_2 : Ada.Real_Time.Time;
         Time_Type_2 : Natural := 0;   --  the time type it has
         procedure Expires_3 (Alternative : Positive; Expiry : Ada.Calendar.Time) is
         begin
            if Expired_3 = 0 or else Ada.Calendar."<" (Expiry, At_Calendar_2) then
               Expired_3 := Alternative;
               At_Calendar_2 := Expiry;
            end if;
         end Expires_3;
         procedure Expires_3 (Alternative : Positive; Expiry : Ada.Real_Time.Time) is
         begin
            if Expired_3 = 0 or else Ada.Real_Time."<" (Expiry, At_Real_Time_2) then
               Expired_3 := Alternative;
               At_Real_Time_2 := Expiry;
               Time_Type_2 := 1;
            end if;
         end Expires_3;
      begin
         Expires_3 (1, Later (5.0));
         Expires_3 (2, Later (6.0));
         if Time_Type_2 = 0 then
            select
               Server.Select_Arm
                 (Order => (1 => (Server_Ping, 0)),
                  Timed_Wait => True,
                  Chosen_Position => Choice);
            or
               delay until At_Calendar_2;
               Choice := 0;
            end select;
         else
            select
               Server.Select_Arm
                 (Order => (1 => (Server_Ping, 0)),
                  Timed_Wait => True,
                  Chosen_Position => Choice);
            or
               delay until At_Real_Time_2;
               Choice := 0;
            end select;
         end if;
         case Choice is
            when 1 =>
               Server.Ping_Take;
               Taken := 0;
            when others =>
               case Expired_3 is
                  when 1 =>
                     Taken := 1;
                  when 2 =>
                     Taken := 2;
                  when others =>
                     null;
               end case;
         end case;
      end;
      Put_Line ("ping took" & Integer'Image (Taken));
      declare
         Result : Integer;
      begin
         Server.Done_Accept_Begin (Result);
         begin
            Result := Total;
         exception
            when Occurrence : others =>
               Server.Done_Failed (Occurrence);
               raise;
         end;
         Server.Done_Accept_End (Result);
      end;
   end Server_Agent;

   Result : Integer;
begin
   Server.Start;
   delay 3.0;
   Server.Ping;
   Server.Done (Result);
   Put_Line ("total" & Integer'Image (Result) & " evaluated" & Integer'Image (Evaluated));
   if Result = 131 and Evaluated = 7 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

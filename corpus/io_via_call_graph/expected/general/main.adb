--  An event recorder whose accept body does no I/O itself, but calls the
--  local procedure Record_Event, which calls Emit, which calls
--  Ada.Text_IO.Put_Line: the potentially blocking operation is only
--  visible through the call graph.  Only the main procedure calls the
--  server, one call at a time, so the output order is fixed.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO;

procedure Main is

   type Event_Kind is (Open, Read, Write, Close);

   type Recorder_Entry is
     (Recorder_No_Entry,
      Recorder_Post,
      Recorder_Checksum,
      Recorder_Stop);
   type Recorder_Alternative is record
      Id : Recorder_Entry := Recorder_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Recorder_Alternative_List is array (Positive range <>) of Recorder_Alternative;
   --  rdv2po: task Recorder became this protected object; its code runs in the
   --  task Recorder_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Recorder is
      entry Post (Kind : Event_Kind; Value : Integer);
      entry Checksum (Sum : out Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Recorder_Agent
      entry Select_Arm
        (Order : Recorder_Alternative_List;
         Chosen_Position : out Natural);
      procedure Post_Take (Kind : out Event_Kind; Value : out Integer);
      procedure Post_Accept_End;
      procedure Post_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Post_Queue (Kind : in Event_Kind; Value : in Integer);
      procedure Checksum_Take (Sum : out Integer);
      procedure Checksum_Accept_End (Sum : in Integer);
      procedure Checksum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Checksum_Queue (Sum : out Integer);
      procedure Stop_Take;
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Recorder_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Recorder_Alternative);
      function Queued (Alternative : Recorder_Alternative) return Boolean;
      function Position_Of (Alternative : Recorder_Alternative) return Natural;
      Armed_List : Recorder_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Recorder_Entry := Recorder_No_Entry;
      Closed : Boolean := False;
      Post_Armed : Boolean := False;
      Post_Kind : Event_Kind;
      Post_Value : Integer;
      Post_Done : Boolean := False;
      Post_Raised : Boolean := False;
      Post_Failure : Ada.Exceptions.Exception_Occurrence;
      Checksum_Armed : Boolean := False;
      Checksum_Sum : Integer;
      Checksum_Done : Boolean := False;
      Checksum_Raised : Boolean := False;
      Checksum_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Recorder;
   task Recorder_Agent is
      --  rdv2po: general scheme agent of Recorder
   end Recorder_Agent;

   protected body Recorder is

      entry Post (Kind : Event_Kind; Value : Integer)
        when Closed or else (Chosen = Recorder_No_Entry and then Post_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Recorder_Post, Index => 0));
         Disarm;
         Chosen := Recorder_Post;
         Post_Kind := Kind;
         Post_Value := Value;
         Post_Done := False;
         requeue Post_Queue;
      end Post;

      entry Checksum (Sum : out Integer)
        when Closed
          or else (Chosen = Recorder_No_Entry and then Checksum_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Recorder_Checksum, Index => 0));
         Disarm;
         Chosen := Recorder_Checksum;
         Checksum_Sum := Sum;
         Checksum_Done := False;
         requeue Checksum_Queue;
      end Checksum;

      entry Stop
        when Closed or else (Chosen = Recorder_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Recorder_Stop, Index => 0));
         Disarm;
         Chosen := Recorder_Stop;
      end Stop;

      entry Select_Arm
        (Order : Recorder_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Recorder_No_Entry then
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
        (Order : Recorder_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Recorder_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Post_Armed := False;
         Checksum_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Recorder_Alternative) is
      begin
         case Alternative.Id is
            when Recorder_Post =>
               Post_Armed := True;
            when Recorder_Checksum =>
               Checksum_Armed := True;
            when Recorder_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Recorder_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Recorder_Post =>
               return Recorder.Post'Count > 0;
            when Recorder_Checksum =>
               return Recorder.Checksum'Count > 0;
            when Recorder_Stop =>
               return Recorder.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Recorder_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Post_Take (Kind : out Event_Kind; Value : out Integer) is
      begin
         Kind := Post_Kind;
         Value := Post_Value;
         Chosen := Recorder_No_Entry;
      end Post_Take;

      procedure Post_Accept_End is
      begin
         Post_Done := True;
      end Post_Accept_End;

      procedure Post_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Post_Failure, Occurrence);
         Post_Raised := True;
         Post_Done := True;
      end Post_Failed;

      entry Post_Queue (Kind : in Event_Kind; Value : in Integer)
        when Post_Done or else Closed is
      begin
         if not Post_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Post_Done := False;
         if Post_Raised then
            Post_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Post_Failure);
         end if;
      end Post_Queue;

      procedure Checksum_Take (Sum : out Integer) is
      begin
         Sum := Checksum_Sum;
         Chosen := Recorder_No_Entry;
      end Checksum_Take;

      procedure Checksum_Accept_End (Sum : in Integer) is
      begin
         Checksum_Sum := Sum;
         Checksum_Done := True;
      end Checksum_Accept_End;

      procedure Checksum_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Checksum_Failure, Occurrence);
         Checksum_Raised := True;
         Checksum_Done := True;
      end Checksum_Failed;

      entry Checksum_Queue (Sum : out Integer)
        when Checksum_Done or else Closed is
      begin
         if not Checksum_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Checksum_Done := False;
         if Checksum_Raised then
            Checksum_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Checksum_Failure);
         end if;
         Sum := Checksum_Sum;
      end Checksum_Queue;

      procedure Stop_Take is
      begin
         Chosen := Recorder_No_Entry;
      end Stop_Take;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Recorder;

   task body Recorder_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Recorder_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Recorder_Closer);
      overriding procedure Finalize (Object : in out Recorder_Closer) is
      begin
         Recorder.Close_2;
      end Finalize;
      Closer : Recorder_Closer;
      Seq : Natural := 0;
      Sum : Integer := 0;

      procedure Emit (Line : String) is
      begin
         Ada.Text_IO.Put_Line (Line);
      end Emit;

      procedure Record_Event (Kind : Event_Kind; Value : Integer) is
      begin
         Seq := Seq + 1;
         Sum := Sum + Seq * Value;
         Emit ("event" & Natural'Image (Seq) & " " & Event_Kind'Image (Kind)
               & Integer'Image (Value));
      end Record_Event;

   begin
      loop
         declare
            Choice : Natural;
         begin
            Recorder.Select_Arm
              (Order => (1 => (Recorder_Post, 0),
                         2 => (Recorder_Checksum, 0),
                         3 => (Recorder_Stop, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Kind : Event_Kind;
                     Value : Integer;
                  begin
                     Recorder.Post_Take (Kind, Value);
                     begin
                        Record_Event (Kind, Value);
                     exception
                        when Occurrence : others =>
                           Recorder.Post_Failed (Occurrence);
                           raise;
                     end;
                     Recorder.Post_Accept_End;
                  end;
               when 2 =>
                  Checksum_Parameters : declare
                     Sum : Integer;
                  begin
                     Recorder.Checksum_Take (Sum);
                     begin
                        Checksum_Parameters.Sum := Recorder_Agent.Sum;
                     exception
                        when Occurrence : others =>
                           Recorder.Checksum_Failed (Occurrence);
                           raise;
                     end;
                     Recorder.Checksum_Accept_End (Sum);
                  end Checksum_Parameters;
               when 3 =>
                  Recorder.Stop_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Recorder_Agent;

   Result : Integer;

begin
   Recorder.Post (Open, 1);
   for I in 1 .. 3 loop
      Recorder.Post (Read, 10 * I);
      Recorder.Post (Write, -I);
   end loop;
   Recorder.Post (Close, 0);
   Recorder.Checksum (Result);
   Recorder.Stop;
   Ada.Text_IO.Put_Line ("Checksum:" & Integer'Image (Result));
   --  1*1 + 2*10 + 3*(-1) + 4*20 + 5*(-2) + 6*30 + 7*(-3) + 8*0 = 247
   if Result = 247 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;

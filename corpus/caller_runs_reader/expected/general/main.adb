--  A reader that prefetches: after the accept, inside the server loop, it
--  reads the next line while its caller goes on.  Input may wait for what
--  the caller does next (an answer to the prompt the caller prints after its
--  call), so the caller-runs scheme refuses it, as it refuses every I/O
--  there other than writing text; the accepting scheme refuses the I/O in a
--  protected action.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Data : File_Type;

   type Reader_Entry is (Reader_No_Entry, Reader_Next);
   type Reader_Next_Line_Access is access String;
   procedure Free_Next_Line is new Ada.Unchecked_Deallocation
     (String,
      Reader_Next_Line_Access);
   type Reader_Alternative is record
      Id : Reader_Entry := Reader_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Reader_Alternative_List is array (Positive range <>) of Reader_Alternative;
   --  rdv2po: task Reader became this protected object; its code runs in the
   --  task Reader_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Reader is
      entry Next (Line : out String; Last : out Natural);
      --  rdv2po: the rendezvous protocol, for Reader_Agent
      entry Select_Arm
        (Order : Reader_Alternative_List;
         Chosen_Position : out Natural);
      entry Next_Held (Line : out String; Last : out Natural);
      procedure Next_Woken (Line : in String; Last : in Natural);
      procedure Next_Take (Last : out Natural);
      function Next_Line_Value return String;
      procedure Next_Accept_End (Line : in String; Last : in Natural);
      procedure Next_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Line : in String);
      entry Next_Queue (Line : out String; Last : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Reader_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Reader_Alternative);
      function Queued (Alternative : Reader_Alternative) return Boolean;
      function Position_Of (Alternative : Reader_Alternative) return Natural;
      Armed_List : Reader_Alternative_List (1 .. 1);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Reader_Entry := Reader_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Next_Armed : Boolean := False;
      Next_Line : Reader_Next_Line_Access;
      Next_Last : Natural;
      Next_Done : Boolean := False;
      Next_Raised : Boolean := False;
      Next_Failure : Ada.Exceptions.Exception_Occurrence;
   end Reader;
   task Reader_Agent is
      --  rdv2po: general scheme agent of Reader
      entry Wake_1 (Positive range 1 .. 1)
        (Value_1 : out String; Value_2 : out Natural);
   end Reader_Agent;

   protected body Reader is

      entry Next (Line : out String; Last : out Natural)
        when Closed
          or else (Chosen = Reader_No_Entry
                   and then Next_Armed
                   and then Next_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Reader_Agent.Wake_1
              (Position_Of ((Id => Reader_Next, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Reader_Next, Index => 0));
         Next_Woken (Line, Last);
         requeue Next_Queue;
      end Next;

      entry Next_Held (Line : out String; Last : out Natural)
        when Closed or else (Chosen = Reader_No_Entry and then Next_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Reader_Next, Index => 0));
         Next_Woken (Line, Last);
         requeue Next_Queue;
      end Next_Held;

      entry Select_Arm
        (Order : Reader_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Reader_No_Entry then
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
        (Order : Reader_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Reader_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Next_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Reader_Alternative) is
      begin
         case Alternative.Id is
            when Reader_Next =>
               Next_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Reader_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Reader_Next =>
               return Reader.Next'Count + Next_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Reader_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Next_Take (Last : out Natural) is
      begin
         Last := Next_Last;
         Chosen := Reader_No_Entry;
      end Next_Take;

      procedure Next_Woken (Line : in String; Last : in Natural) is
      begin
         Disarm;
         Chosen := Reader_Next;
         Next_Last := Last;
         Next_Line := new String'(Line);
         Next_Done := False;
      end Next_Woken;

      function Next_Line_Value return String is
      begin
         return Next_Line.all;
      end Next_Line_Value;

      procedure Next_Accept_End (Line : in String; Last : in Natural) is
      begin
         Next_Line.all := Line;
         Next_Last := Last;
         Next_Done := True;
      end Next_Accept_End;

      procedure Next_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Line : in String) is
      begin
         Next_Line.all := Line;
         Ada.Exceptions.Save_Occurrence (Next_Failure, Occurrence);
         Next_Raised := True;
         Next_Done := True;
      end Next_Failed;

      entry Next_Queue (Line : out String; Last : out Natural)
        when Next_Done or else Closed is
      begin
         if not Next_Done then
            Free_Next_Line (Next_Line);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Next_Done := False;
         if Next_Raised then
            Next_Raised := False;
            Line := Next_Line.all;
            Free_Next_Line (Next_Line);
            Ada.Exceptions.Reraise_Occurrence (Next_Failure);
         end if;
         Line := Next_Line.all;
         Last := Next_Last;
         Free_Next_Line (Next_Line);
      end Next_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Reader;

   task body Reader_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Reader_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Reader_Closer);
      overriding procedure Finalize (Object : in out Reader_Closer) is
      begin
         Reader.Close;
      end Finalize;
      Closer : Reader_Closer;
      Buffer : String (1 .. 20) := (others => ' ');
      Length : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Reader_Alternative_List :=
              (1 => (Reader_Next, 0));
            Choice : Natural;
         begin
            Reader.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : out String; Value_2 : out Natural) do
                     Reader.Next_Woken (Value_1, Value_2);
                     requeue Reader.Next_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : out String; Value_2 : out Natural) do
                        requeue Reader.Next_Held with abort;
                     end Wake_1;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Last : Natural;
                  begin
                     Reader.Next_Take (Last);
                     declare
                        Line : String := Reader.Next_Line_Value;
                     begin
                        begin
                           Last := Line'First + Length - 1;
                           Line (Line'First .. Last) := Buffer (1 .. Length);
                        exception
                           when Occurrence : others =>
                              Reader.Next_Failed (Occurrence, Line);
                              raise;
                        end;
                        Reader.Next_Accept_End (Line, Last);
                     end;
                  end;
                  if End_Of_File (Data) then
                     Length := 0;
                  else
                     Get_Line (Data, Buffer, Length);
                  end if;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Reader_Agent;

   Line : String (1 .. 20);
   Last : Natural;
begin
   Create (Data, Out_File, "reader_input.txt");
   Put_Line (Data, "first");
   Put_Line (Data, "second");
   Reset (Data, In_File);
   for I in 1 .. 4 loop
      Reader.Next (Line, Last);
      Put_Line ("got '" & Line (1 .. Last) & "'");
   end loop;
   Put_Line ("PASSED");
end Main;

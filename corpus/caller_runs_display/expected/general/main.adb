--  A display server: the accept only takes the line, the printing is done
--  after the accept and after the select, inside the server loop, while the
--  caller goes on.  The caller-runs scheme has the caller print before it
--  returns: one schedule of the original, where the caller is slower to go
--  on.  The callers print nothing while the server may still be printing
--  (main prints after Count, which the server takes only once it is back at
--  its select, and Count leaves nothing to print), so the original prints
--  the same on every run.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Integer_Text_IO;
procedure Main is
   type Display_Entry is (Display_No_Entry, Display_Show, Display_Count);
   type Display_Show_Line_Access is access String;
   procedure Free_Show_Line is new Ada.Unchecked_Deallocation
     (String,
      Display_Show_Line_Access);
   type Display_Alternative is record
      Id : Display_Entry := Display_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Display_Alternative_List is array (Positive range <>) of Display_Alternative;
   --  rdv2po: task Display became this protected object; its code runs in the
   --  task Display_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Display is
      entry Show (Line : String; Level : Natural);
      entry Count (N : out Natural);
      --  rdv2po: the rendezvous protocol, for Display_Agent
      entry Select_Arm
        (Order : Display_Alternative_List;
         Chosen_Position : out Natural);
      entry Show_Held (Line : String; Level : Natural);
      procedure Show_Woken (Line : in String; Level : in Natural);
      procedure Show_Take (Level : out Natural);
      function Show_Line_Value return String;
      procedure Show_Accept_End;
      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Show_Queue (Line : in String; Level : in Natural);
      entry Count_Held (N : out Natural);
      procedure Count_Woken (N : in Natural);
      procedure Count_Take (N : out Natural);
      procedure Count_Accept_End (N : in Natural);
      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Count_Queue (N : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Display_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Display_Alternative);
      function Queued (Alternative : Display_Alternative) return Boolean;
      function Position_Of (Alternative : Display_Alternative) return Natural;
      Armed_List : Display_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Display_Entry := Display_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Show_Armed : Boolean := False;
      Show_Line : Display_Show_Line_Access;
      Show_Level : Natural;
      Show_Done : Boolean := False;
      Show_Raised : Boolean := False;
      Show_Failure : Ada.Exceptions.Exception_Occurrence;
      Count_Armed : Boolean := False;
      Count_N : Natural;
      Count_Done : Boolean := False;
      Count_Raised : Boolean := False;
      Count_Failure : Ada.Exceptions.Exception_Occurrence;
   end Display;
   task Display_Agent is
      --  rdv2po: general scheme agent of Display
      entry Wake_1 (Positive range 1 .. 2)
        (Value_1 : in String; Value_2 : in Natural);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Natural);
   end Display_Agent;

   protected body Display is

      entry Show (Line : String; Level : Natural)
        when Closed
          or else (Chosen = Display_No_Entry
                   and then Show_Armed
                   and then Show_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Display_Agent.Wake_1
              (Position_Of ((Id => Display_Show, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Display_Show, Index => 0));
         Show_Woken (Line, Level);
         requeue Show_Queue;
      end Show;

      entry Show_Held (Line : String; Level : Natural)
        when Closed or else (Chosen = Display_No_Entry and then Show_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Display_Show, Index => 0));
         Show_Woken (Line, Level);
         requeue Show_Queue;
      end Show_Held;

      entry Count (N : out Natural)
        when Closed
          or else (Chosen = Display_No_Entry
                   and then Count_Armed
                   and then Count_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Display_Agent.Wake_2
              (Position_Of ((Id => Display_Count, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Display_Count, Index => 0));
         Count_Woken (N);
         requeue Count_Queue;
      end Count;

      entry Count_Held (N : out Natural)
        when Closed or else (Chosen = Display_No_Entry and then Count_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Display_Count, Index => 0));
         Count_Woken (N);
         requeue Count_Queue;
      end Count_Held;

      entry Select_Arm
        (Order : Display_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Display_No_Entry then
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
        (Order : Display_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Display_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Show_Armed := False;
         Count_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Display_Alternative) is
      begin
         case Alternative.Id is
            when Display_Show =>
               Show_Armed := True;
            when Display_Count =>
               Count_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Display_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Display_Show =>
               return Display.Show'Count + Show_Held'Count > 0;
            when Display_Count =>
               return Display.Count'Count + Count_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Display_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Show_Take (Level : out Natural) is
      begin
         Level := Show_Level;
         Chosen := Display_No_Entry;
      end Show_Take;

      procedure Show_Woken (Line : in String; Level : in Natural) is
      begin
         Disarm;
         Chosen := Display_Show;
         Show_Level := Level;
         Show_Line := new String'(Line);
         Show_Done := False;
      end Show_Woken;

      function Show_Line_Value return String is
      begin
         return Show_Line.all;
      end Show_Line_Value;

      procedure Show_Accept_End is
      begin
         Show_Done := True;
      end Show_Accept_End;

      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Show_Failure, Occurrence);
         Show_Raised := True;
         Show_Done := True;
      end Show_Failed;

      entry Show_Queue (Line : in String; Level : in Natural)
        when Show_Done or else Closed is
      begin
         if not Show_Done then
            Free_Show_Line (Show_Line);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Show_Done := False;
         if Show_Raised then
            Show_Raised := False;
            Free_Show_Line (Show_Line);
            Ada.Exceptions.Reraise_Occurrence (Show_Failure);
         end if;
         Free_Show_Line (Show_Line);
      end Show_Queue;

      procedure Count_Take (N : out Natural) is
      begin
         N := Count_N;
         Chosen := Display_No_Entry;
      end Count_Take;

      procedure Count_Woken (N : in Natural) is
      begin
         Disarm;
         Chosen := Display_Count;
         Count_N := N;
         Count_Done := False;
      end Count_Woken;

      procedure Count_Accept_End (N : in Natural) is
      begin
         Count_N := N;
         Count_Done := True;
      end Count_Accept_End;

      procedure Count_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Count_Failure, Occurrence);
         Count_Raised := True;
         Count_Done := True;
      end Count_Failed;

      entry Count_Queue (N : out Natural)
        when Count_Done or else Closed is
      begin
         if not Count_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Count_Done := False;
         if Count_Raised then
            Count_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Count_Failure);
         end if;
         N := Count_N;
      end Count_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Display;

   task body Display_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Display_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Display_Closer);
      overriding procedure Finalize (Object : in out Display_Closer) is
      begin
         Display.Close;
      end Finalize;
      Closer : Display_Closer;
      Last : String (1 .. 20) := (others => ' ');
      Length : Natural := 0;
      Depth : Natural := 0;
      Shown : Natural := 0;

      procedure Indent (By : Natural) is
      begin
         for I in 1 .. By loop
            Put ("  ");
         end loop;
      end Indent;
   begin
      loop
         declare
            Alternatives : constant Display_Alternative_List :=
              (1 => (Display_Show, 0),
               2 => (Display_Count, 0));
            Choice : Natural;
         begin
            Display.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1) (Value_1 : in String; Value_2 : in Natural) do
                     Display.Show_Woken (Value_1, Value_2);
                     requeue Display.Show_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : out Natural) do
                     Display.Count_Woken (Value_1);
                     requeue Display.Count_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1) (Value_1 : in String; Value_2 : in Natural) do
                        requeue Display.Show_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : out Natural) do
                        requeue Display.Count_Held with abort;
                     end Wake_2;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Level : Natural;
                  begin
                     Display.Show_Take (Level);
                     declare
                        Line : constant String := Display.Show_Line_Value;
                     begin
                        begin
                           Length := Natural'Min (Line'Length, Last'Length);
                           Last (1 .. Length) := Line (Line'First .. Line'First + Length - 1);
                           Depth := Level;
                        exception
                           when Occurrence : others =>
                              Display.Show_Failed (Occurrence);
                              raise;
                        end;
                        Display.Show_Accept_End;
                     end;
                  end;
                  Indent (Depth);
                  Put_Line (Last (1 .. Length));
                  Shown := Shown + 1;
               when 2 =>
                  declare
                     N : Natural;
                  begin
                     Display.Count_Take (N);
                     begin
                        N := Shown;
                     exception
                        when Occurrence : others =>
                           Display.Count_Failed (Occurrence);
                           raise;
                     end;
                     Display.Count_Accept_End (N);
                  end;
                  Depth := 0;
               when others =>
                  null;
            end case;
         end;
         if Depth > 0 and then Shown mod 3 = 0 then
            Put ("-- shown ");
            Ada.Integer_Text_IO.Put (Shown, Width => 0);
            New_Line;
         end if;
      end loop;
   end Display_Agent;

   task type Writer (Id : Natural);
   task body Writer is
   begin
      for I in 1 .. 2 loop
         Display.Show ("writer" & Natural'Image (Id) & " line" & Integer'Image (I), Id);
      end loop;
   end Writer;

   N : Natural;
begin
   Display.Show ("start", 0);
   declare
      W1 : Writer (1);
   begin
      null;
   end;
   declare
      W2 : Writer (2);
   begin
      null;
   end;
   Display.Show ("a line longer than twenty characters", 1);
   Display.Count (N);
   Put_Line ("count" & Natural'Image (N));
   Display.Show ("end", 0);
   Display.Count (N);
   Put_Line ("count" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;

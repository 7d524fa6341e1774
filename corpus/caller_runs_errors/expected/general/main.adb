--  A display server whose accept bodies print and may raise: the exception
--  reaches the caller and ends the server (the rendezvous semantics), so
--  queued and later callers get Tasking_Error.  Out parameters, a guard over
--  the server's variables, a handler inside an accept body, and a library
--  procedure on the call path to Text_IO.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
with Report;
procedure Main is
   type Display_Entry is
     (Display_No_Entry,
      Display_Show,
      Display_Scale,
      Display_Fail);
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
      entry Show (Line : String; Width : out Natural);
      entry Scale (Factor : in out Integer);
      entry Fail (Code : Integer);
      --  rdv2po: the rendezvous protocol, for Display_Agent
      entry Select_Arm
        (Order : Display_Alternative_List;
         Chosen_Position : out Natural);
      entry Show_Held (Line : String; Width : out Natural);
      procedure Show_Woken (Line : in String; Width : in Natural);
      procedure Show_Take (Width : out Natural);
      function Show_Line_Value return String;
      procedure Show_Accept_End (Width : in Natural);
      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Show_Queue (Line : in String; Width : out Natural);
      entry Scale_Held (Factor : in out Integer);
      procedure Scale_Woken (Factor : in Integer);
      procedure Scale_Take (Factor : out Integer);
      procedure Scale_Accept_End (Factor : in Integer);
      procedure Scale_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Scale_Queue (Factor : in out Integer);
      entry Fail_Held (Code : Integer);
      procedure Fail_Woken (Code : in Integer);
      procedure Fail_Take (Code : out Integer);
      procedure Fail_Accept_End;
      procedure Fail_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Fail_Queue (Code : in Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Display_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Display_Alternative);
      function Queued (Alternative : Display_Alternative) return Boolean;
      function Position_Of (Alternative : Display_Alternative) return Natural;
      Armed_List : Display_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Display_Entry := Display_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Show_Armed : Boolean := False;
      Show_Line : Display_Show_Line_Access;
      Show_Width : Natural;
      Show_Done : Boolean := False;
      Show_Raised : Boolean := False;
      Show_Failure : Ada.Exceptions.Exception_Occurrence;
      Scale_Armed : Boolean := False;
      Scale_Factor : Integer;
      Scale_Done : Boolean := False;
      Scale_Raised : Boolean := False;
      Scale_Failure : Ada.Exceptions.Exception_Occurrence;
      Fail_Armed : Boolean := False;
      Fail_Code : Integer;
      Fail_Done : Boolean := False;
      Fail_Raised : Boolean := False;
      Fail_Failure : Ada.Exceptions.Exception_Occurrence;
   end Display;
   task Display_Agent is
      --  rdv2po: general scheme agent of Display
      entry Wake_1 (Positive range 1 .. 3)
        (Value_1 : in String; Value_2 : out Natural);
      entry Wake_2 (Positive range 1 .. 3) (Value_1 : in out Integer);
      entry Wake_3 (Positive range 1 .. 3) (Value_1 : in Integer);
   end Display_Agent;

   protected body Display is

      entry Show (Line : String; Width : out Natural)
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
         Show_Woken (Line, Width);
         requeue Show_Queue;
      end Show;

      entry Show_Held (Line : String; Width : out Natural)
        when Closed or else (Chosen = Display_No_Entry and then Show_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Display_Show, Index => 0));
         Show_Woken (Line, Width);
         requeue Show_Queue;
      end Show_Held;

      entry Scale (Factor : in out Integer)
        when Closed
          or else (Chosen = Display_No_Entry
                   and then Scale_Armed
                   and then Scale_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Display_Agent.Wake_2
              (Position_Of ((Id => Display_Scale, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Display_Scale, Index => 0));
         Scale_Woken (Factor);
         requeue Scale_Queue;
      end Scale;

      entry Scale_Held (Factor : in out Integer)
        when Closed or else (Chosen = Display_No_Entry and then Scale_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Display_Scale, Index => 0));
         Scale_Woken (Factor);
         requeue Scale_Queue;
      end Scale_Held;

      entry Fail (Code : Integer)
        when Closed
          or else (Chosen = Display_No_Entry
                   and then Fail_Armed
                   and then Fail_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Display_Agent.Wake_3
              (Position_Of ((Id => Display_Fail, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Display_Fail, Index => 0));
         Fail_Woken (Code);
         requeue Fail_Queue;
      end Fail;

      entry Fail_Held (Code : Integer)
        when Closed or else (Chosen = Display_No_Entry and then Fail_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Display_Fail, Index => 0));
         Fail_Woken (Code);
         requeue Fail_Queue;
      end Fail_Held;

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
         Scale_Armed := False;
         Fail_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Display_Alternative) is
      begin
         case Alternative.Id is
            when Display_Show =>
               Show_Armed := True;
            when Display_Scale =>
               Scale_Armed := True;
            when Display_Fail =>
               Fail_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Display_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Display_Show =>
               return Display.Show'Count + Show_Held'Count > 0;
            when Display_Scale =>
               return Display.Scale'Count + Scale_Held'Count > 0;
            when Display_Fail =>
               return Display.Fail'Count + Fail_Held'Count > 0;
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

      procedure Show_Take (Width : out Natural) is
      begin
         Width := Show_Width;
         Chosen := Display_No_Entry;
      end Show_Take;

      procedure Show_Woken (Line : in String; Width : in Natural) is
      begin
         Disarm;
         Chosen := Display_Show;
         Show_Width := Width;
         Show_Line := new String'(Line);
         Show_Done := False;
      end Show_Woken;

      function Show_Line_Value return String is
      begin
         return Show_Line.all;
      end Show_Line_Value;

      procedure Show_Accept_End (Width : in Natural) is
      begin
         Show_Width := Width;
         Show_Done := True;
      end Show_Accept_End;

      procedure Show_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Show_Failure, Occurrence);
         Show_Raised := True;
         Show_Done := True;
      end Show_Failed;

      entry Show_Queue (Line : in String; Width : out Natural)
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
         Width := Show_Width;
         Free_Show_Line (Show_Line);
      end Show_Queue;

      procedure Scale_Take (Factor : out Integer) is
      begin
         Factor := Scale_Factor;
         Chosen := Display_No_Entry;
      end Scale_Take;

      procedure Scale_Woken (Factor : in Integer) is
      begin
         Disarm;
         Chosen := Display_Scale;
         Scale_Factor := Factor;
         Scale_Done := False;
      end Scale_Woken;

      procedure Scale_Accept_End (Factor : in Integer) is
      begin
         Scale_Factor := Factor;
         Scale_Done := True;
      end Scale_Accept_End;

      procedure Scale_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Scale_Failure, Occurrence);
         Scale_Raised := True;
         Scale_Done := True;
      end Scale_Failed;

      entry Scale_Queue (Factor : in out Integer)
        when Scale_Done or else Closed is
      begin
         if not Scale_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Scale_Done := False;
         if Scale_Raised then
            Scale_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Scale_Failure);
         end if;
         Factor := Scale_Factor;
      end Scale_Queue;

      procedure Fail_Take (Code : out Integer) is
      begin
         Code := Fail_Code;
         Chosen := Display_No_Entry;
      end Fail_Take;

      procedure Fail_Woken (Code : in Integer) is
      begin
         Disarm;
         Chosen := Display_Fail;
         Fail_Code := Code;
         Fail_Done := False;
      end Fail_Woken;

      procedure Fail_Accept_End is
      begin
         Fail_Done := True;
      end Fail_Accept_End;

      procedure Fail_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Fail_Failure, Occurrence);
         Fail_Raised := True;
         Fail_Done := True;
      end Fail_Failed;

      entry Fail_Queue (Code : in Integer)
        when Fail_Done or else Closed is
      begin
         if not Fail_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Fail_Done := False;
         if Fail_Raised then
            Fail_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Fail_Failure);
         end if;
      end Fail_Queue;

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
      Shown : Natural := 0;
      Limit : constant Natural := 3;
   begin
      loop
         declare
            Alternatives : constant Display_Alternative_List :=
              (1 => ((if Shown < Limit then Display_Show else Display_No_Entry), 0),
               2 => (Display_Scale, 0),
               3 => (Display_Fail, 0));
            Choice : Natural;
         begin
            Display.Select_Arm
              (Order => Alternatives,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in String; Value_2 : out Natural) do
                     Display.Show_Woken (Value_1, Value_2);
                     requeue Display.Show_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_2 (2) (Value_1 : in out Integer) do
                     Display.Scale_Woken (Value_1);
                     requeue Display.Scale_Queue;
                  end Wake_2;
                  Choice := 2;
               or
                  accept Wake_3 (3) (Value_1 : in Integer) do
                     Display.Fail_Woken (Value_1);
                     requeue Display.Fail_Queue;
                  end Wake_3;
                  Choice := 3;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in String; Value_2 : out Natural) do
                        requeue Display.Show_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (2) (Value_1 : in out Integer) do
                        requeue Display.Scale_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (3) (Value_1 : in Integer) do
                        requeue Display.Fail_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Width : Natural;
                  begin
                     Display.Show_Take (Width);
                     declare
                        Line : constant String := Display.Show_Line_Value;
                     begin
                        begin
                           Report.Line ("show " & Line);
                           Width := Line'Length;
                        exception
                           when Occurrence : others =>
                              Display.Show_Failed (Occurrence);
                              raise;
                        end;
                        Display.Show_Accept_End (Width);
                     end;
                  end;
                  Shown := Shown + 1;
               when 2 =>
                  declare
                     Factor : Integer;
                  begin
                     Display.Scale_Take (Factor);
                     begin
                        begin
                           Factor := Factor * 1000;
                        exception
                           when Constraint_Error =>
                              Put_Line ("scale: too big, kept");
                        end;
                     exception
                        when Occurrence : others =>
                           Display.Scale_Failed (Occurrence);
                           raise;
                     end;
                     Display.Scale_Accept_End (Factor);
                  end;
               when 3 =>
                  declare
                     Code : Integer;
                  begin
                     Display.Fail_Take (Code);
                     begin
                        Put_Line ("fail" & Integer'Image (Code));
                        if Code > 0 then
                           raise Program_Error;
                        end if;
                     exception
                        when Occurrence : others =>
                           Display.Fail_Failed (Occurrence);
                           raise;
                     end;
                     Display.Fail_Accept_End;
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Display_Agent;

   W : Natural;
   F : Integer := 7;
   Big : Integer := Integer'Last;
begin
   Display.Show ("one", W);
   Put_Line ("width" & Natural'Image (W));
   Display.Scale (F);
   Display.Scale (Big);
   Put_Line ("factors" & Integer'Image (F) & Integer'Image (Big));
   Display.Fail (0);
   Display.Show ("three", W);
   Put_Line ("width" & Natural'Image (W));
   begin
      Display.Fail (1);
   exception
      when Program_Error => Put_Line ("caller saw Program_Error");
   end;
   begin
      Display.Show ("gone", W);
      Put_Line ("after failure: accepted");
   exception
      when Tasking_Error => Put_Line ("after failure: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;

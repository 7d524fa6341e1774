--  Servers whose objects are declared in a block: around the server loop's
--  body (created again at each pass, with their initial values) or around
--  the server loop itself (created once).  The server scheme makes them
--  components of the protected object and gives them their initial values
--  again where the task entered the block.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  An averager: each pass starts with no sample, and takes samples only
   --  while fewer than three were taken.
   task Averager is
      entry Put (V : Integer);
      entry Read (Sum : out Integer; N : out Natural);
   end Averager;
   task body Averager is
      Total : Integer := 0;
      Count : Natural := 0;
   begin
      loop
         declare
            Sample : Integer := 0;
            Full : Boolean := Count >= 3;
         begin
            select
               when not Full =>
                  accept Put (V : Integer) do
                     Sample := V;
                  end Put;
            or
               accept Read (Sum : out Integer; N : out Natural) do
                  Sum := Total;
                  N := Count;
               end Read;
            or
               terminate;
            end select;
            Total := Total + Sample;
            if Sample /= 0 then
               Count := Count + 1;
            end if;
         end;
      end loop;
   end Averager;

   --  A parser: a bad number raises in the accept body, for the caller and
   --  for the block's handler, which counts it; the next pass starts afresh.
   type Parser_Entry is (Parser_No_Entry, Parser_Parse, Parser_Result);
   type Parser_Parse_S_Access is access String;
   procedure Free_Parse_S is new Ada.Unchecked_Deallocation
     (String,
      Parser_Parse_S_Access);
   type Parser_Alternative is record
      Id : Parser_Entry := Parser_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Parser_Alternative_List is array (Positive range <>) of Parser_Alternative;
   --  rdv2po: task Parser became this protected object; its code runs in the
   --  task Parser_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Parser is
      entry Parse (S : String);
      entry Result (Sum : out Integer; Bad : out Natural);
      --  rdv2po: the rendezvous protocol, for Parser_Agent
      entry Select_Arm
        (Order : Parser_Alternative_List;
         Chosen_Position : out Natural);
      entry Parse_Held (S : String);
      procedure Parse_Woken (S : in String);
      procedure Parse_Take;
      function Parse_S_Value return String;
      procedure Parse_Accept_End;
      procedure Parse_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Parse_Queue (S : in String);
      entry Result_Held (Sum : out Integer; Bad : out Natural);
      procedure Result_Woken (Sum : in Integer; Bad : in Natural);
      procedure Result_Take (Sum : out Integer; Bad : out Natural);
      procedure Result_Accept_End (Sum : in Integer; Bad : in Natural);
      procedure Result_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Result_Queue (Sum : out Integer; Bad : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Parser_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Parser_Alternative);
      function Queued (Alternative : Parser_Alternative) return Boolean;
      function Position_Of (Alternative : Parser_Alternative) return Natural;
      Armed_List : Parser_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Parser_Entry := Parser_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Parse_Armed : Boolean := False;
      Parse_S : Parser_Parse_S_Access;
      Parse_Done : Boolean := False;
      Parse_Raised : Boolean := False;
      Parse_Failure : Ada.Exceptions.Exception_Occurrence;
      Result_Armed : Boolean := False;
      Result_Sum : Integer;
      Result_Bad : Natural;
      Result_Done : Boolean := False;
      Result_Raised : Boolean := False;
      Result_Failure : Ada.Exceptions.Exception_Occurrence;
   end Parser;
   task Parser_Agent is
      --  rdv2po: general scheme agent of Parser
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in String);
      entry Wake_2 (Positive range 1 .. 2)
        (Value_1 : out Integer; Value_2 : out Natural);
   end Parser_Agent;
   protected body Parser is

      entry Parse (S : String)
        when Closed
          or else (Chosen = Parser_No_Entry
                   and then Parse_Armed
                   and then Parse_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Parser_Agent.Wake_1
              (Position_Of ((Id => Parser_Parse, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Parser_Parse, Index => 0));
         Parse_Woken (S);
         requeue Parse_Queue;
      end Parse;

      entry Parse_Held (S : String)
        when Closed or else (Chosen = Parser_No_Entry and then Parse_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Parser_Parse, Index => 0));
         Parse_Woken (S);
         requeue Parse_Queue;
      end Parse_Held;

      entry Result (Sum : out Integer; Bad : out Natural)
        when Closed
          or else (Chosen = Parser_No_Entry
                   and then Result_Armed
                   and then Result_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Parser_Agent.Wake_2
              (Position_Of ((Id => Parser_Result, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Parser_Result, Index => 0));
         Result_Woken (Sum, Bad);
         requeue Result_Queue;
      end Result;

      entry Result_Held (Sum : out Integer; Bad : out Natural)
        when Closed or else (Chosen = Parser_No_Entry and then Result_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Parser_Result, Index => 0));
         Result_Woken (Sum, Bad);
         requeue Result_Queue;
      end Result_Held;

      entry Select_Arm
        (Order : Parser_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Parser_No_Entry then
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
        (Order : Parser_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Parser_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Parse_Armed := False;
         Result_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Parser_Alternative) is
      begin
         case Alternative.Id is
            when Parser_Parse =>
               Parse_Armed := True;
            when Parser_Result =>
               Result_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Parser_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Parser_Parse =>
               return Parser.Parse'Count + Parse_Held'Count > 0;
            when Parser_Result =>
               return Parser.Result'Count + Result_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Parser_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Parse_Take is
      begin
         Chosen := Parser_No_Entry;
      end Parse_Take;

      procedure Parse_Woken (S : in String) is
      begin
         Disarm;
         Chosen := Parser_Parse;
         Parse_S := new String'(S);
         Parse_Done := False;
      end Parse_Woken;

      function Parse_S_Value return String is
      begin
         return Parse_S.all;
      end Parse_S_Value;

      procedure Parse_Accept_End is
      begin
         Parse_Done := True;
      end Parse_Accept_End;

      procedure Parse_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Parse_Failure, Occurrence);
         Parse_Raised := True;
         Parse_Done := True;
      end Parse_Failed;

      entry Parse_Queue (S : in String)
        when Parse_Done or else Closed is
      begin
         if not Parse_Done then
            Free_Parse_S (Parse_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Parse_Done := False;
         if Parse_Raised then
            Parse_Raised := False;
            Free_Parse_S (Parse_S);
            Ada.Exceptions.Reraise_Occurrence (Parse_Failure);
         end if;
         Free_Parse_S (Parse_S);
      end Parse_Queue;

      procedure Result_Take (Sum : out Integer; Bad : out Natural) is
      begin
         Sum := Result_Sum;
         Bad := Result_Bad;
         Chosen := Parser_No_Entry;
      end Result_Take;

      procedure Result_Woken (Sum : in Integer; Bad : in Natural) is
      begin
         Disarm;
         Chosen := Parser_Result;
         Result_Sum := Sum;
         Result_Bad := Bad;
         Result_Done := False;
      end Result_Woken;

      procedure Result_Accept_End (Sum : in Integer; Bad : in Natural) is
      begin
         Result_Sum := Sum;
         Result_Bad := Bad;
         Result_Done := True;
      end Result_Accept_End;

      procedure Result_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Result_Failure, Occurrence);
         Result_Raised := True;
         Result_Done := True;
      end Result_Failed;

      entry Result_Queue (Sum : out Integer; Bad : out Natural)
        when Result_Done or else Closed is
      begin
         if not Result_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Result_Done := False;
         if Result_Raised then
            Result_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Result_Failure);
         end if;
         Sum := Result_Sum;
         Bad := Result_Bad;
      end Result_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Parser;

   task body Parser_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Parser_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Parser_Closer);
      overriding procedure Finalize (Object : in out Parser_Closer) is
      begin
         Parser.Close;
      end Finalize;
      Closer : Parser_Closer;
      Sum : Integer := 0;
      Errors : Natural := 0;
   begin
      loop
         declare
            Value : Integer := 0;
         begin
            declare
               Alternatives : constant Parser_Alternative_List :=
                 (1 => (Parser_Parse, 0),
                  2 => (Parser_Result, 0));
               Choice : Natural;
            begin
               Parser.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in String) do
                        Parser.Parse_Woken (Value_1);
                        requeue Parser.Parse_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_2 (2)
                       (Value_1 : out Integer; Value_2 : out Natural) do
                        Parser.Result_Woken (Value_1, Value_2);
                        requeue Parser.Result_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in String) do
                           requeue Parser.Parse_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2)
                          (Value_1 : out Integer; Value_2 : out Natural) do
                           requeue Parser.Result_Held with abort;
                        end Wake_2;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     begin
                        Parser.Parse_Take;
                        declare
                           S : constant String := Parser.Parse_S_Value;
                        begin
                           begin
                              Value := Integer'Value (S);
                           exception
                              when Occurrence : others =>
                                 Parser.Parse_Failed (Occurrence);
                                 raise;
                           end;
                           Parser.Parse_Accept_End;
                        end;
                     end;
                     Sum := Sum + Value;
                  when 2 =>
                     declare
                        Sum : Integer;
                        Bad : Natural;
                     begin
                        Parser.Result_Take (Sum, Bad);
                        begin
                           Sum := Parser_Agent.Sum + Value;
                           Bad := Errors;
                        exception
                           when Occurrence : others =>
                              Parser.Result_Failed (Occurrence);
                              raise;
                        end;
                        Parser.Result_Accept_End (Sum, Bad);
                     end;
                  when others =>
                     null;
               end case;
            end;
         exception
            when Constraint_Error =>
               Errors := Errors + 1;
         end;
      end loop;
   end Parser_Agent;

   --  A one-place buffer whose state is declared in a block around its loop.
   type Buffer_Entry is (Buffer_No_Entry, Buffer_Put, Buffer_Take);
   type Buffer_Alternative is record
      Id : Buffer_Entry := Buffer_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Buffer_Alternative_List is array (Positive range <>) of Buffer_Alternative;
   --  rdv2po: task Buffer became this protected object; its code runs in the
   --  task Buffer_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Buffer is
      entry Put (X : Integer);
      entry Take (X : out Integer);
      --  rdv2po: the rendezvous protocol, for Buffer_Agent
      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural);
      entry Put_Held (X : Integer);
      procedure Put_Woken (X : in Integer);
      procedure Put_Take (X : out Integer);
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (X : in Integer);
      entry Take_Held (X : out Integer);
      procedure Take_Woken (X : in Integer);
      procedure Take_Take (X : out Integer);
      procedure Take_Accept_End (X : in Integer);
      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Take_Queue (X : out Integer);
      procedure Close;
   private
      entry Select_Wait
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Buffer_Alternative);
      function Queued (Alternative : Buffer_Alternative) return Boolean;
      function Position_Of (Alternative : Buffer_Alternative) return Natural;
      Armed_List : Buffer_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Buffer_Entry := Buffer_No_Entry;
      Via_Wake : Boolean := False;
      Closed : Boolean := False;
      Put_Armed : Boolean := False;
      Put_X : Integer;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Take_Armed : Boolean := False;
      Take_X : Integer;
      Take_Done : Boolean := False;
      Take_Raised : Boolean := False;
      Take_Failure : Ada.Exceptions.Exception_Occurrence;
   end Buffer;
   task Buffer_Agent is
      --  rdv2po: general scheme agent of Buffer
      entry Wake_1 (Positive range 1 .. 2) (Value_1 : in Integer);
      entry Wake_2 (Positive range 1 .. 2) (Value_1 : out Integer);
   end Buffer_Agent;
   protected body Buffer is

      entry Put (X : Integer)
        when Closed
          or else (Chosen = Buffer_No_Entry
                   and then Put_Armed
                   and then Put_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Buffer_Agent.Wake_1
              (Position_Of ((Id => Buffer_Put, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Buffer_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put;

      entry Put_Held (X : Integer)
        when Closed or else (Chosen = Buffer_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Put, Index => 0));
         Put_Woken (X);
         requeue Put_Queue;
      end Put_Held;

      entry Take (X : out Integer)
        when Closed
          or else (Chosen = Buffer_No_Entry
                   and then Take_Armed
                   and then Take_Held'Count = 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         if Via_Wake then
            requeue Buffer_Agent.Wake_2
              (Position_Of ((Id => Buffer_Take, Index => 0))) with abort;
         end if;
         Position := Position_Of ((Id => Buffer_Take, Index => 0));
         Take_Woken (X);
         requeue Take_Queue;
      end Take;

      entry Take_Held (X : out Integer)
        when Closed or else (Chosen = Buffer_No_Entry and then Take_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Buffer_Take, Index => 0));
         Take_Woken (X);
         requeue Take_Queue;
      end Take_Held;

      entry Select_Arm
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Buffer_No_Entry then
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
        (Order : Buffer_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Buffer_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Take_Armed := False;
         Via_Wake := False;
      end Disarm;

      procedure Arm (Alternative : Buffer_Alternative) is
      begin
         case Alternative.Id is
            when Buffer_Put =>
               Put_Armed := True;
            when Buffer_Take =>
               Take_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Buffer_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Buffer_Put =>
               return Buffer.Put'Count + Put_Held'Count > 0;
            when Buffer_Take =>
               return Buffer.Take'Count + Take_Held'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Buffer_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Put_Take (X : out Integer) is
      begin
         X := Put_X;
         Chosen := Buffer_No_Entry;
      end Put_Take;

      procedure Put_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Buffer_Put;
         Put_X := X;
         Put_Done := False;
      end Put_Woken;

      procedure Put_Accept_End is
      begin
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (X : in Integer)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
      end Put_Queue;

      procedure Take_Take (X : out Integer) is
      begin
         X := Take_X;
         Chosen := Buffer_No_Entry;
      end Take_Take;

      procedure Take_Woken (X : in Integer) is
      begin
         Disarm;
         Chosen := Buffer_Take;
         Take_X := X;
         Take_Done := False;
      end Take_Woken;

      procedure Take_Accept_End (X : in Integer) is
      begin
         Take_X := X;
         Take_Done := True;
      end Take_Accept_End;

      procedure Take_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Take_Failure, Occurrence);
         Take_Raised := True;
         Take_Done := True;
      end Take_Failed;

      entry Take_Queue (X : out Integer)
        when Take_Done or else Closed is
      begin
         if not Take_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Take_Done := False;
         if Take_Raised then
            Take_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Take_Failure);
         end if;
         X := Take_X;
      end Take_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Buffer;

   task body Buffer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Buffer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Buffer_Closer);
      overriding procedure Finalize (Object : in out Buffer_Closer) is
      begin
         Buffer.Close;
      end Finalize;
      Closer : Buffer_Closer;
   begin
      declare
         Held : Integer := 0;
         Full : Boolean := False;
      begin
         loop
            declare
               Alternatives : constant Buffer_Alternative_List :=
                 (1 => ((if not Full then Buffer_Put else Buffer_No_Entry), 0),
                  2 => ((if Full then Buffer_Take else Buffer_No_Entry), 0));
               Choice : Natural;
            begin
               Buffer.Select_Arm
                 (Order => Alternatives,
                  Chosen_Position => Choice);
               if Choice = 0 then
                  select
                     accept Wake_1 (1) (Value_1 : in Integer) do
                        Buffer.Put_Woken (Value_1);
                        requeue Buffer.Put_Queue;
                     end Wake_1;
                     Choice := 1;
                  or
                     accept Wake_2 (2) (Value_1 : out Integer) do
                        Buffer.Take_Woken (Value_1);
                        requeue Buffer.Take_Queue;
                     end Wake_2;
                     Choice := 2;
                  or
                     terminate;
                  end select;
                  --  rdv2po: callers that came too early wait in the object again
                  loop
                     select
                        accept Wake_1 (1) (Value_1 : in Integer) do
                           requeue Buffer.Put_Held with abort;
                        end Wake_1;
                     or
                        accept Wake_2 (2) (Value_1 : out Integer) do
                           requeue Buffer.Take_Held with abort;
                        end Wake_2;
                     else
                        exit;
                     end select;
                  end loop;
               end if;
               case Choice is
                  when 1 =>
                     declare
                        X : Integer;
                     begin
                        Buffer.Put_Take (X);
                        begin
                           Held := X;
                        exception
                           when Occurrence : others =>
                              Buffer.Put_Failed (Occurrence);
                              raise;
                        end;
                        Buffer.Put_Accept_End;
                     end;
                     Full := True;
                  when 2 =>
                     declare
                        X : Integer;
                     begin
                        Buffer.Take_Take (X);
                        begin
                           X := Held;
                        exception
                           when Occurrence : others =>
                              Buffer.Take_Failed (Occurrence);
                              raise;
                        end;
                        Buffer.Take_Accept_End (X);
                     end;
                     Full := False;
                  when others =>
                     null;
               end case;
            end;
         end loop;
      end;
   end Buffer_Agent;

   S : Integer;
   N : Natural;
begin
   Averager.Put (4);
   Averager.Read (S, N);
   Averager.Put (6);
   Averager.Read (S, N);
   Put_Line ("sum" & Integer'Image (S) & ", samples" & Natural'Image (N));
   Averager.Put (5);
   select
      Averager.Put (7);
      Put_Line ("a fourth sample");
   or
      delay 0.05;
      Put_Line ("no fourth sample");
   end select;
   Averager.Read (S, N);
   Put_Line ("sum" & Integer'Image (S) & ", samples" & Natural'Image (N));

   Parser.Parse ("12");
   begin
      Parser.Parse ("x1");
      Put_Line ("parsed x1");
   exception
      when Constraint_Error => Put_Line ("x1: Constraint_Error");
   end;
   Parser.Parse ("30");
   Parser.Result (S, N);
   Put_Line ("parsed" & Integer'Image (S) & ", bad" & Natural'Image (N));

   Buffer.Put (3);
   select
      Buffer.Put (4);
      Put_Line ("two in a one-place buffer");
   else
      Put_Line ("buffer full");
   end select;
   Buffer.Take (S);
   Put_Line ("took" & Integer'Image (S));
   Put_Line ("PASSED");
end Main;

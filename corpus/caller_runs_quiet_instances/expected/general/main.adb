--  An awaited task type (an accept Open before its loop, a loop whose select
--  has no terminate alternative) whose object is followed in its declarative
--  part by declarations that cannot raise: a package declaring a limited
--  private type completed by an integer type, a use clause, the package's
--  body without statements, an instance of a generic package (actuals: a
--  type, a variable renamed, a constant of the formal type's actual, a
--  procedure) and an instance of a generic procedure, both generics with
--  their bodies elaborated before, in the same declarative part.
with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Journal;
   type Journal_Entry is
     (Journal_No_Entry,
      Journal_Open,
      Journal_Put,
      Journal_Close);
   type Journal_Put_S_Access is access String;
   procedure Free_Put_S is new Ada.Unchecked_Deallocation
     (String,
      Journal_Put_S_Access);
   type Journal_Alternative is record
      Id : Journal_Entry := Journal_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Journal_Alternative_List is array (Positive range <>) of Journal_Alternative;
   task type Journal_Agent (Self : not null access Journal) is
      --  rdv2po: general scheme agent of Journal
   end Journal_Agent;
   --  rdv2po: task type Journal became this protected type; its code runs in
   --  Journal_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Journal is
      entry Open (Tag : Character);
      entry Put (S : String);
      entry Close;
      --  rdv2po: the rendezvous protocol, for Journal_Agent
      entry Select_Arm
        (Order : Journal_Alternative_List;
         Chosen_Position : out Natural);
      entry Open_Accept_Begin (Tag : out Character);
      procedure Open_Accept_End;
      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Open_Queue (Tag : in Character);
      procedure Put_Take;
      function Put_S_Value return String;
      procedure Put_Accept_End;
      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Put_Queue (S : in String);
      procedure Close_Take;
      procedure Close_2;
   private
      entry Select_Wait
        (Order : Journal_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Journal_Alternative);
      function Queued (Alternative : Journal_Alternative) return Boolean;
      function Position_Of (Alternative : Journal_Alternative) return Natural;
      Armed_List : Journal_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Journal_Entry := Journal_No_Entry;
      Closed : Boolean := False;
      Open_Tag : Character;
      Open_Done : Boolean := False;
      Open_Raised : Boolean := False;
      Open_Failure : Ada.Exceptions.Exception_Occurrence;
      Put_Armed : Boolean := False;
      Put_S : Journal_Put_S_Access;
      Put_Done : Boolean := False;
      Put_Raised : Boolean := False;
      Put_Failure : Ada.Exceptions.Exception_Occurrence;
      Close_Armed : Boolean := False;
      Agent : Journal_Agent (Self => Journal'Unchecked_Access);
   end Journal;

   protected body Journal is

      entry Open (Tag : Character)
        when Closed
          or else (Chosen = Journal_No_Entry
                   and then Open_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := Journal_Open;
         Open_Tag := Tag;
         Open_Done := False;
         requeue Open_Queue;
      end Open;

      entry Put (S : String)
        when Closed or else (Chosen = Journal_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Journal_Put, Index => 0));
         Disarm;
         Chosen := Journal_Put;
         Put_S := new String'(S);
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Close
        when Closed or else (Chosen = Journal_No_Entry and then Close_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Journal_Close, Index => 0));
         Disarm;
         Chosen := Journal_Close;
      end Close;

      entry Select_Arm
        (Order : Journal_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Journal_No_Entry then
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
        (Order : Journal_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Journal_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Close_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Journal_Alternative) is
      begin
         case Alternative.Id is
            when Journal_Put =>
               Put_Armed := True;
            when Journal_Close =>
               Close_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Journal_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Journal_Put =>
               return Journal.Put'Count > 0;
            when Journal_Close =>
               return Journal.Close'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Journal_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Open_Accept_Begin (Tag : out Character)
        when Chosen = Journal_Open is
      begin
         Tag := Open_Tag;
         Chosen := Journal_No_Entry;
      end Open_Accept_Begin;

      procedure Open_Accept_End is
      begin
         Open_Done := True;
      end Open_Accept_End;

      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Open_Failure, Occurrence);
         Open_Raised := True;
         Open_Done := True;
      end Open_Failed;

      entry Open_Queue (Tag : in Character)
        when Open_Done or else Closed is
      begin
         if not Open_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Open_Done := False;
         if Open_Raised then
            Open_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Open_Failure);
         end if;
      end Open_Queue;

      procedure Put_Take is
      begin
         Chosen := Journal_No_Entry;
      end Put_Take;

      function Put_S_Value return String is
      begin
         return Put_S.all;
      end Put_S_Value;

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

      entry Put_Queue (S : in String)
        when Put_Done or else Closed is
      begin
         if not Put_Done then
            Free_Put_S (Put_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Put_Done := False;
         if Put_Raised then
            Put_Raised := False;
            Free_Put_S (Put_S);
            Ada.Exceptions.Reraise_Occurrence (Put_Failure);
         end if;
         Free_Put_S (Put_S);
      end Put_Queue;

      procedure Close_Take is
      begin
         Chosen := Journal_No_Entry;
      end Close_Take;

      procedure Close_2 is
      begin
         Closed := True;
      end Close_2;
   end Journal;

   task body Journal_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Journal_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Journal_Closer);
      overriding procedure Finalize (Object : in out Journal_Closer) is
      begin
         Self.Close_2;
      end Finalize;
      Closer : Journal_Closer;
      Mine : Character := '?';
      Lines : Natural := 0;
   begin
      declare
         Tag : Character;
      begin
         Self.Open_Accept_Begin (Tag);
         begin
            Mine := Tag;
         exception
            when Occurrence : others =>
               Self.Open_Failed (Occurrence);
               raise;
         end;
         Self.Open_Accept_End;
      end;
      loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (Journal_Put, 0),
                         2 => (Journal_Close, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  begin
                     Self.Put_Take;
                     declare
                        S : constant String := Self.Put_S_Value;
                     begin
                        begin
                           Lines := Lines + 1;
                           Put_Line (Mine & Natural'Image (Lines) & ": " & S);
                        exception
                           when Occurrence : others =>
                              Self.Put_Failed (Occurrence);
                              raise;
                        end;
                        Self.Put_Accept_End;
                     end;
                  end;
               when 2 =>
                  Self.Close_Take;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Journal_Agent;
begin
   declare
      type Count is range 0 .. 100;
      Sum : Count := 0;
      Step : constant Count := 3;

      generic
         type Item is range <>;
         Total : in out Item;
         By : in Item;
         with procedure Report (N : Item);
      package Counters is
         procedure Bump;
      end Counters;

      package body Counters is
         procedure Bump is
         begin
            Total := Total + By;
            Report (Total);
         end Bump;
      end Counters;

      generic
         with procedure Action;
      procedure Twice;

      procedure Twice is
      begin
         Action;
         Action;
      end Twice;

      procedure Show (N : Count) is
      begin
         Put_Line ("sum" & Count'Image (N));
      end Show;

      J : Journal;

      package Notes is
         type Note is limited private;
         procedure Set (N : out Note; V : Integer);
         function Value (N : Note) return Integer;
      private
         type Note is range 0 .. 99;
      end Notes;
      use Notes;

      package body Notes is
         procedure Set (N : out Note; V : Integer) is
         begin
            N := Note (V);
         end Set;

         function Value (N : Note) return Integer is
         begin
            return Integer (N);
         end Value;
      end Notes;

      package Sums is new Counters (Count, Sum, Step, Show);
      procedure Bump_Twice is new Twice (Sums.Bump);
      N : Note;
   begin
      J.Open ('j');
      Set (N, 7);
      J.Put ("note" & Integer'Image (Value (N)));
      Bump_Twice;
      J.Put ("after" & Count'Image (Sum));
      J.Close;
   end;
   Put_Line ("PASSED");
end Main;

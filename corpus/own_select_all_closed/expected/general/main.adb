--  A selective accept with no else part whose alternatives, an accept and
--  a delay, are all closed by their guards: the select raises
--  Program_Error (RM 9.7.1(21)), which Clerk handles.  No call of Book is
--  ever made; Clerk notes how its select ended and Main reports it.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Ending is (Booked, Timed_Out, Fell_Through, Program_Error_Raised, Other_Exception);

   Free_Slots : Natural := 0;
   How        : Ending := Fell_Through;

begin
   declare
      type Clerk_Entry is (Clerk_No_Entry, Clerk_Book);
      type Clerk_Alternative is record
         Id : Clerk_Entry := Clerk_No_Entry;
         Index : Integer := 0;   --  'Pos of a family member's index
      end record;
      type Clerk_Alternative_List is array (Positive range <>) of Clerk_Alternative;
      --  rdv2po: task Clerk became this protected object; its code runs in the
      --  task Clerk_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Clerk is
         entry Book;
         --  rdv2po: the rendezvous protocol, for Clerk_Agent
         entry Select_Arm
           (Order : Clerk_Alternative_List;
            Timed_Wait : Boolean;
            Chosen_Position : out Natural);
         procedure Book_Take;
         procedure Close;
      private
         entry Select_Wait
           (Order : Clerk_Alternative_List;
            Timed_Wait : Boolean;
            Chosen_Position : out Natural);
         procedure Disarm;
         procedure Arm (Alternative : Clerk_Alternative);
         function Queued (Alternative : Clerk_Alternative) return Boolean;
         function Position_Of (Alternative : Clerk_Alternative) return Natural;
         Armed_List : Clerk_Alternative_List (1 .. 1);
         Armed_Last : Natural := 0;
         Position : Natural := 0;
         Chosen : Clerk_Entry := Clerk_No_Entry;
         Timed : Boolean := False;
         Closed : Boolean := False;
         Book_Armed : Boolean := False;
      end Clerk;
      task Clerk_Agent is
         --  rdv2po: general scheme agent of Clerk
      end Clerk_Agent;

      protected body Clerk is

         entry Book
           when Closed
             or else (Chosen = Clerk_No_Entry
                      and then ((Book_Armed and then (not Timed or else Select_Wait'Count > 0))))
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Position := Position_Of ((Id => Clerk_Book, Index => 0));
            Disarm;
            Chosen := Clerk_Book;
         end Book;

         entry Select_Arm
           (Order : Clerk_Alternative_List;
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
               if Order (K).Id /= Clerk_No_Entry then
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
            --  a caller already queued is taken first, in the select's order
            --  (as GNAT does)
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
           (Order : Clerk_Alternative_List;
            Timed_Wait : Boolean;
            Chosen_Position : out Natural)
           when Chosen /= Clerk_No_Entry is
         begin
            Chosen_Position := Position;
         end Select_Wait;

         procedure Disarm is
         begin
            Book_Armed := False;
            Timed := False;
         end Disarm;

         procedure Arm (Alternative : Clerk_Alternative) is
         begin
            case Alternative.Id is
               when Clerk_Book =>
                  Book_Armed := True;
               when others =>
                  null;
            end case;
         end Arm;

         function Queued (Alternative : Clerk_Alternative) return Boolean is
         begin
            case Alternative.Id is
               when Clerk_Book =>
                  return Clerk.Book'Count > 0;
               when others =>
                  return False;
            end case;
         end Queued;

         function Position_Of (Alternative : Clerk_Alternative) return Natural is
         begin
            for K in 1 .. Armed_Last loop
               if Armed_List (K) = Alternative then
                  return K;
               end if;
            end loop;
            return 0;
         end Position_Of;

         procedure Book_Take is
         begin
            Chosen := Clerk_No_Entry;
         end Book_Take;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Clerk;

      task body Clerk_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Clerk_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Clerk_Closer);
         overriding procedure Finalize (Object : in out Clerk_Closer) is
         begin
            Clerk.Close;
         end Finalize;
         Closer : Clerk_Closer;
      begin
         declare
            Choice : Natural;
         begin
            if Free_Slots > 0 then
               select
                  Clerk.Select_Arm
                    (Order => (1 => ((if Free_Slots > 0 then Clerk_Book else Clerk_No_Entry), 0)),
                     Timed_Wait => True,
                     Chosen_Position => Choice);
               or
                  delay 0.01;
                  Choice := 0;
               end select;
            else
               Clerk.Select_Arm
                 (Order => (1 => ((if Free_Slots > 0 then Clerk_Book else Clerk_No_Entry), 0)),
                  Timed_Wait => False,
                  Chosen_Position => Choice);
            end if;
            case Choice is
               when 1 =>
                  Clerk.Book_Take;
                  How := Booked;
               when others =>
                  How := Timed_Out;
            end case;
         end;
      exception
         when Program_Error =>
            How := Program_Error_Raised;
         when others =>
            How := Other_Exception;
      end Clerk_Agent;
   begin
      null;
   end;

   Put_Line ("select with every alternative closed: " & Ending'Image (How));
   if How = Program_Error_Raised then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

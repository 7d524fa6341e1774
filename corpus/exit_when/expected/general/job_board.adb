with Ada.Exceptions;
with Ada.Finalization;
package body Job_Board is

   type Jobs_Entry is (Jobs_No_Entry, Jobs_Post, Jobs_Finish, Jobs_Quit);
   type Jobs_Alternative is record
      Id : Jobs_Entry := Jobs_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Jobs_Alternative_List is array (Positive range <>) of Jobs_Alternative;
   --  rdv2po: the rendezvous of task Jobs, for Jobs_Agent
   protected Jobs_Rendezvous is
      entry Post (Job : in Positive);
      entry Finish (Job : in Positive);
      --  open while a job is pending
      entry Quit (Final : out Integer; Still_Pending : out Natural);
      entry Select_Arm
        (Order : Jobs_Alternative_List;
         Chosen_Position : out Natural);
      procedure Post_Take (Job : out Positive);
      procedure Post_Accept_End;
      procedure Post_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Post_Queue (Job : in Positive);
      procedure Finish_Take (Job : out Positive);
      procedure Finish_Accept_End;
      procedure Finish_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Finish_Queue (Job : in Positive);
      procedure Quit_Take (Final : out Integer; Still_Pending : out Natural);
      procedure Quit_Accept_End
        (Final : in Integer;
         Still_Pending : in Natural);
      procedure Quit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Quit_Queue (Final : out Integer; Still_Pending : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Jobs_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Jobs_Alternative);
      function Queued (Alternative : Jobs_Alternative) return Boolean;
      function Position_Of (Alternative : Jobs_Alternative) return Natural;
      Armed_List : Jobs_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Jobs_Entry := Jobs_No_Entry;
      Closed : Boolean := False;
      Post_Armed : Boolean := False;
      Post_Job : Positive;
      Post_Done : Boolean := False;
      Post_Raised : Boolean := False;
      Post_Failure : Ada.Exceptions.Exception_Occurrence;
      Finish_Armed : Boolean := False;
      Finish_Job : Positive;
      Finish_Done : Boolean := False;
      Finish_Raised : Boolean := False;
      Finish_Failure : Ada.Exceptions.Exception_Occurrence;
      Quit_Armed : Boolean := False;
      Quit_Final : Integer;
      Quit_Still_Pending : Natural;
      Quit_Done : Boolean := False;
      Quit_Raised : Boolean := False;
      Quit_Failure : Ada.Exceptions.Exception_Occurrence;
   end Jobs_Rendezvous;
   task Jobs_Agent is
      --  rdv2po: general scheme agent of Jobs_Rendezvous
   end Jobs_Agent;

   protected body Jobs is
      --  rdv2po: each call goes on to Jobs_Rendezvous, as cancellable as it
      --  was
      entry Post (Job : in Positive) when True is
      begin
         requeue Jobs_Rendezvous.Post with abort;
      end Post;

      entry Finish (Job : in Positive) when True is
      begin
         requeue Jobs_Rendezvous.Finish with abort;
      end Finish;

      entry Quit (Final : out Integer; Still_Pending : out Natural)
        when True is
      begin
         requeue Jobs_Rendezvous.Quit with abort;
      end Quit;
   end Jobs;

   protected body Jobs_Rendezvous is

      entry Post (Job : in Positive)
        when Closed or else (Chosen = Jobs_No_Entry and then Post_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Jobs_Post, Index => 0));
         Disarm;
         Chosen := Jobs_Post;
         Post_Job := Job;
         Post_Done := False;
         requeue Post_Queue;
      end Post;

      entry Finish (Job : in Positive)
        when Closed or else (Chosen = Jobs_No_Entry and then Finish_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Jobs_Finish, Index => 0));
         Disarm;
         Chosen := Jobs_Finish;
         Finish_Job := Job;
         Finish_Done := False;
         requeue Finish_Queue;
      end Finish;

      entry Quit (Final : out Integer; Still_Pending : out Natural)
        when Closed or else (Chosen = Jobs_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Jobs_Quit, Index => 0));
         Disarm;
         Chosen := Jobs_Quit;
         Quit_Final := Final;
         Quit_Still_Pending := Still_Pending;
         Quit_Done := False;
         requeue Quit_Queue;
      end Quit;

      entry Select_Arm
        (Order : Jobs_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Jobs_No_Entry then
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
        (Order : Jobs_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Jobs_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Post_Armed := False;
         Finish_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Jobs_Alternative) is
      begin
         case Alternative.Id is
            when Jobs_Post =>
               Post_Armed := True;
            when Jobs_Finish =>
               Finish_Armed := True;
            when Jobs_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Jobs_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Jobs_Post =>
               return Jobs_Rendezvous.Post'Count > 0;
            when Jobs_Finish =>
               return Jobs_Rendezvous.Finish'Count > 0;
            when Jobs_Quit =>
               return Jobs_Rendezvous.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Jobs_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Post_Take (Job : out Positive) is
      begin
         Job := Post_Job;
         Chosen := Jobs_No_Entry;
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

      entry Post_Queue (Job : in Positive)
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

      procedure Finish_Take (Job : out Positive) is
      begin
         Job := Finish_Job;
         Chosen := Jobs_No_Entry;
      end Finish_Take;

      procedure Finish_Accept_End is
      begin
         Finish_Done := True;
      end Finish_Accept_End;

      procedure Finish_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Finish_Failure, Occurrence);
         Finish_Raised := True;
         Finish_Done := True;
      end Finish_Failed;

      entry Finish_Queue (Job : in Positive)
        when Finish_Done or else Closed is
      begin
         if not Finish_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Finish_Done := False;
         if Finish_Raised then
            Finish_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Finish_Failure);
         end if;
      end Finish_Queue;

      procedure Quit_Take (Final : out Integer; Still_Pending : out Natural) is
      begin
         Final := Quit_Final;
         Still_Pending := Quit_Still_Pending;
         Chosen := Jobs_No_Entry;
      end Quit_Take;

      procedure Quit_Accept_End
        (Final : in Integer;
         Still_Pending : in Natural) is
      begin
         Quit_Final := Final;
         Quit_Still_Pending := Still_Pending;
         Quit_Done := True;
      end Quit_Accept_End;

      procedure Quit_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Quit_Failure, Occurrence);
         Quit_Raised := True;
         Quit_Done := True;
      end Quit_Failed;

      entry Quit_Queue (Final : out Integer; Still_Pending : out Natural)
        when Quit_Done or else Closed is
      begin
         if not Quit_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Quit_Done := False;
         if Quit_Raised then
            Quit_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Quit_Failure);
         end if;
         Final := Quit_Final;
         Still_Pending := Quit_Still_Pending;
      end Quit_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Jobs_Rendezvous;

   task body Jobs_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Jobs_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Jobs_Closer);
      overriding procedure Finalize (Object : in out Jobs_Closer) is
      begin
         Jobs_Rendezvous.Close;
      end Finalize;
      Closer : Jobs_Closer;
      Pending  : Natural := 0;
      Posted   : Integer := 0;
      Done_Sum : Integer := 0;
      Requests : Natural := 0;
   begin
      Serve : loop
         declare
            Choice : Natural;
         begin
            Jobs_Rendezvous.Select_Arm
              (Order => (1 => (Jobs_Post, 0),
                         2 => ((if Pending > 0 then Jobs_Finish else Jobs_No_Entry), 0),
                         3 => (Jobs_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Job : Positive;
                  begin
                     Jobs_Rendezvous.Post_Take (Job);
                     begin
                        Posted := Posted + Job;
                     exception
                        when Occurrence : others =>
                           Jobs_Rendezvous.Post_Failed (Occurrence);
                           raise;
                     end;
                     Jobs_Rendezvous.Post_Accept_End;
                  end;
                  Pending := Pending + 1;
               when 2 =>
                  declare
                     Job : Positive;
                  begin
                     Jobs_Rendezvous.Finish_Take (Job);
                     begin
                        Done_Sum := Done_Sum + Job;
                     exception
                        when Occurrence : others =>
                           Jobs_Rendezvous.Finish_Failed (Occurrence);
                           raise;
                     end;
                     Jobs_Rendezvous.Finish_Accept_End;
                  end;
                  Pending := Pending - 1;
               when 3 =>
                  declare
                     Final : Integer;
                     Still_Pending : Natural;
                  begin
                     Jobs_Rendezvous.Quit_Take (Final, Still_Pending);
                     begin
                        Final := Done_Sum;
                        Still_Pending := Pending;
                     exception
                        when Occurrence : others =>
                           Jobs_Rendezvous.Quit_Failed (Occurrence);
                           raise;
                     end;
                     Jobs_Rendezvous.Quit_Accept_End (Final, Still_Pending);
                  end;
                  exit Serve when Pending = 0;
               when others =>
                  null;
            end case;
         end;
         Requests := Requests + 1;
         exit Serve when Requests >= Max_Requests;
      end loop Serve;
   end Jobs_Agent;

end Job_Board;

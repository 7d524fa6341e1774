with Ada.Finalization;
package body Sinks is

   protected body W_Rendezvous is

      entry Start (N : Natural)
        when Closed
          or else (Chosen = W_No_Entry and then Start_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Disarm;
         Chosen := W_Start;
         Start_N := N;
         Start_Done := False;
         requeue Start_Queue;
      end Start;

      entry Put (X : Integer; Ok : out Boolean)
        when Closed or else (Chosen = W_No_Entry and then Put_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => W_Put, Index => 0));
         Disarm;
         Chosen := W_Put;
         Put_X := X;
         Put_Ok := Ok;
         Put_Done := False;
         requeue Put_Queue;
      end Put;

      entry Quit
        when Closed or else (Chosen = W_No_Entry and then Quit_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => W_Quit, Index => 0));
         Disarm;
         Chosen := W_Quit;
      end Quit;

      entry Select_Arm
        (Order : W_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= W_No_Entry then
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
        (Order : W_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= W_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Put_Armed := False;
         Quit_Armed := False;
      end Disarm;

      procedure Arm (Alternative : W_Alternative) is
      begin
         case Alternative.Id is
            when W_Put =>
               Put_Armed := True;
            when W_Quit =>
               Quit_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : W_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when W_Put =>
               return W_Rendezvous.Put'Count > 0;
            when W_Quit =>
               return W_Rendezvous.Quit'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : W_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      entry Start_Accept_Begin (N : out Natural)
        when Chosen = W_Start is
      begin
         N := Start_N;
         Chosen := W_No_Entry;
      end Start_Accept_Begin;

      procedure Start_Accept_End is
      begin
         Start_Done := True;
      end Start_Accept_End;

      procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
         Start_Raised := True;
         Start_Done := True;
      end Start_Failed;

      entry Start_Queue (N : in Natural)
        when Start_Done or else Closed is
      begin
         if not Start_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Start_Done := False;
         if Start_Raised then
            Start_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Start_Failure);
         end if;
      end Start_Queue;

      procedure Put_Take (X : out Integer; Ok : out Boolean) is
      begin
         X := Put_X;
         Ok := Put_Ok;
         Chosen := W_No_Entry;
      end Put_Take;

      procedure Put_Accept_End (Ok : in Boolean) is
      begin
         Put_Ok := Ok;
         Put_Done := True;
      end Put_Accept_End;

      procedure Put_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Put_Failure, Occurrence);
         Put_Raised := True;
         Put_Done := True;
      end Put_Failed;

      entry Put_Queue (X : in Integer; Ok : out Boolean)
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
         Ok := Put_Ok;
      end Put_Queue;

      procedure Quit_Take is
      begin
         Chosen := W_No_Entry;
      end Quit_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end W_Rendezvous;

   protected body W is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Start (N : Natural) when Passing is
      begin
         requeue Rendezvous.Start with abort;
      end Start;

      entry Put (X : Integer; Ok : out Boolean) when Passing is
      begin
         requeue Rendezvous.Put with abort;
      end Put;

      entry Quit when Passing is
      begin
         requeue Rendezvous.Quit with abort;
      end Quit;
   end W;

   task body W_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type W_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out W_Closer);
      overriding procedure Finalize (Object : in out W_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : W_Closer;
      Limit : Natural := 0;
      Sum   : Integer := 0;
   begin
      declare
         N : Natural;
      begin
         Self.Start_Accept_Begin (N);
         begin
            Limit := N;
         exception
            when Occurrence : others =>
               Self.Start_Failed (Occurrence);
               raise;
         end;
         Self.Start_Accept_End;
      end;
      Serve : while Sum < Limit * Cap loop
         declare
            Choice : Natural;
         begin
            Self.Select_Arm
              (Order => (1 => (W_Put, 0),
                         2 => (W_Quit, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     X : Integer;
                     Ok : Boolean;
                  begin
                     Self.Put_Take (X, Ok);
                     begin
                        Sum := Sum + X;
                        Ok := Sum < Limit * Cap;
                     exception
                        when Occurrence : others =>
                           Self.Put_Failed (Occurrence);
                           raise;
                     end;
                     Self.Put_Accept_End (Ok);
                  end;
               when 2 =>
                  Self.Quit_Take;
                  exit Serve;
               when others =>
                  null;
            end case;
         end;
      end loop Serve;
   end W_Agent;

end Sinks;

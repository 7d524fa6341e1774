with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Bad : exception;
   type Srv_Entry is (Srv_No_Entry, Srv_Div, Srv_Errors, Srv_Stop);
   type Srv_Alternative is record
      Id : Srv_Entry := Srv_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Srv_Alternative_List is array (Positive range <>) of Srv_Alternative;
   --  rdv2po: task Srv became this protected object; its code runs in the task
   --  Srv_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Srv is
      entry Div (A, B : Integer; R : out Integer);
      entry Errors (N : out Integer);
      entry Stop;
      --  rdv2po: the rendezvous protocol, for Srv_Agent
      entry Select_Arm
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Div_Take (A : out Integer; B : out Integer; R : out Integer);
      procedure Div_Accept_End (R : in Integer);
      procedure Div_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Div_Queue (A : in Integer; B : in Integer; R : out Integer);
      procedure Errors_Take (N : out Integer);
      procedure Errors_Accept_End (N : in Integer);
      procedure Errors_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Errors_Queue (N : out Integer);
      procedure Stop_Take;
      procedure Close;
   private
      entry Select_Wait
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Srv_Alternative);
      function Queued (Alternative : Srv_Alternative) return Boolean;
      function Position_Of (Alternative : Srv_Alternative) return Natural;
      Armed_List : Srv_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Srv_Entry := Srv_No_Entry;
      Closed : Boolean := False;
      Div_Armed : Boolean := False;
      Div_A : Integer;
      Div_B : Integer;
      Div_R : Integer;
      Div_Done : Boolean := False;
      Div_Raised : Boolean := False;
      Div_Failure : Ada.Exceptions.Exception_Occurrence;
      Errors_Armed : Boolean := False;
      Errors_N : Integer;
      Errors_Done : Boolean := False;
      Errors_Raised : Boolean := False;
      Errors_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
   end Srv;
   task Srv_Agent is
      --  rdv2po: general scheme agent of Srv
   end Srv_Agent;
   protected body Srv is

      entry Div (A, B : Integer; R : out Integer)
        when Closed or else (Chosen = Srv_No_Entry and then Div_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Div, Index => 0));
         Disarm;
         Chosen := Srv_Div;
         Div_A := A;
         Div_B := B;
         Div_R := R;
         Div_Done := False;
         requeue Div_Queue;
      end Div;

      entry Errors (N : out Integer)
        when Closed or else (Chosen = Srv_No_Entry and then Errors_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Errors, Index => 0));
         Disarm;
         Chosen := Srv_Errors;
         Errors_N := N;
         Errors_Done := False;
         requeue Errors_Queue;
      end Errors;

      entry Stop
        when Closed or else (Chosen = Srv_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Srv_Stop, Index => 0));
         Disarm;
         Chosen := Srv_Stop;
      end Stop;

      entry Select_Arm
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Srv_No_Entry then
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
        (Order : Srv_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Srv_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Div_Armed := False;
         Errors_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Srv_Alternative) is
      begin
         case Alternative.Id is
            when Srv_Div =>
               Div_Armed := True;
            when Srv_Errors =>
               Errors_Armed := True;
            when Srv_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Srv_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Srv_Div =>
               return Srv.Div'Count > 0;
            when Srv_Errors =>
               return Srv.Errors'Count > 0;
            when Srv_Stop =>
               return Srv.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Srv_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Div_Take (A : out Integer; B : out Integer; R : out Integer) is
      begin
         A := Div_A;
         B := Div_B;
         R := Div_R;
         Chosen := Srv_No_Entry;
      end Div_Take;

      procedure Div_Accept_End (R : in Integer) is
      begin
         Div_R := R;
         Div_Done := True;
      end Div_Accept_End;

      procedure Div_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Div_Failure, Occurrence);
         Div_Raised := True;
         Div_Done := True;
      end Div_Failed;

      entry Div_Queue (A : in Integer; B : in Integer; R : out Integer)
        when Div_Done or else Closed is
      begin
         if not Div_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Div_Done := False;
         if Div_Raised then
            Div_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Div_Failure);
         end if;
         R := Div_R;
      end Div_Queue;

      procedure Errors_Take (N : out Integer) is
      begin
         N := Errors_N;
         Chosen := Srv_No_Entry;
      end Errors_Take;

      procedure Errors_Accept_End (N : in Integer) is
      begin
         Errors_N := N;
         Errors_Done := True;
      end Errors_Accept_End;

      procedure Errors_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Errors_Failure, Occurrence);
         Errors_Raised := True;
         Errors_Done := True;
      end Errors_Failed;

      entry Errors_Queue (N : out Integer)
        when Errors_Done or else Closed is
      begin
         if not Errors_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Errors_Done := False;
         if Errors_Raised then
            Errors_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Errors_Failure);
         end if;
         N := Errors_N;
      end Errors_Queue;

      procedure Stop_Take is
      begin
         Chosen := Srv_No_Entry;
      end Stop_Take;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Srv;

   task body Srv_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Srv_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Srv_Closer);
      overriding procedure Finalize (Object : in out Srv_Closer) is
      begin
         Srv.Close;
      end Finalize;
      Closer : Srv_Closer;
      Errs : Natural := 0;
   begin
      loop
         begin
            declare
               Choice : Natural;
            begin
               Srv.Select_Arm
                 (Order => (1 => (Srv_Div, 0),
                            2 => (Srv_Errors, 0),
                            3 => (Srv_Stop, 0)),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     declare
                        A : Integer;
                        B : Integer;
                        R : Integer;
                     begin
                        Srv.Div_Take (A, B, R);
                        begin
                           if B = 7 then raise Bad; end if;
                           R := A / B;
                        exception
                           when Occurrence : others =>
                              Srv.Div_Failed (Occurrence);
                              raise;
                        end;
                        Srv.Div_Accept_End (R);
                     end;
                  when 2 =>
                     declare
                        N : Integer;
                     begin
                        Srv.Errors_Take (N);
                        begin
                           N := Errs;
                        exception
                           when Occurrence : others =>
                              Srv.Errors_Failed (Occurrence);
                              raise;
                        end;
                        Srv.Errors_Accept_End (N);
                     end;
                  when 3 =>
                     Srv.Stop_Take;
                     exit;
                  when others =>
                     null;
               end case;
            end;
         exception
            when Constraint_Error => Errs := Errs + 1;
            when Bad => Errs := Errs + 100;
         end;
      end loop;
   end Srv_Agent;
   R : Integer := 0; N : Integer;
begin
   Srv.Div (10, 2, R); Put_Line (Integer'Image (R));
   begin
      Srv.Div (1, 0, R); Put_Line ("no exc");
   exception
      when Constraint_Error => Put_Line ("caller CE");
   end;
   begin
      Srv.Div (1, 7, R);
   exception
      when Bad => Put_Line ("caller Bad");
   end;
   Srv.Errors (N); Put_Line ("errs" & Integer'Image (N));
   Srv.Div (9, 3, R); Put_Line (Integer'Image (R));
   Srv.Stop;
   Put_Line ("PASSED");
end Main;

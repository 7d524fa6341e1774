with Ada.Exceptions;
with Ada.Finalization;
package body Shapes is

   function Image (B : Boolean) return Character is
   begin
      return (if B then 'T' else 'F');
   end Image;

   type Keeper_Entry is
     (Keeper_No_Entry,
      Keeper_Swap,
      Keeper_Fill,
      Keeper_Stop);
   type Keeper_Alternative is record
      Id : Keeper_Entry := Keeper_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Keeper_Alternative_List is array (Positive range <>) of Keeper_Alternative;
   --  rdv2po: the rendezvous of task Keeper, for Keeper_Agent
   protected Keeper_Rendezvous is
      entry Swap (Into : in out Buf; From : in Buf);
      entry Fill (Into : out Buf; Len : Size; Was_Constrained : out Boolean);
      entry Stop (Count : out Natural);
      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Swap_Take
        (Into : out Buf;
         From : out Buf;
         Into_Constrained : out Boolean);
      procedure Swap_Accept_End (Into : in Buf);
      procedure Swap_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Into : in Buf);
      entry Swap_Queue (Into : in out Buf; From : in Buf);
      procedure Fill_Take
        (Into : out Buf;
         Len : out Size;
         Was_Constrained : out Boolean;
         Into_Constrained : out Boolean);
      procedure Fill_Accept_End (Into : in Buf; Was_Constrained : in Boolean);
      procedure Fill_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Into : in Buf);
      entry Fill_Queue
        (Into : out Buf;
         Len : in Size;
         Was_Constrained : out Boolean);
      procedure Stop_Take (Count : out Natural);
      procedure Stop_Accept_End (Count : in Natural);
      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Stop_Queue (Count : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Keeper_Alternative);
      function Queued (Alternative : Keeper_Alternative) return Boolean;
      function Position_Of (Alternative : Keeper_Alternative) return Natural;
      Armed_List : Keeper_Alternative_List (1 .. 3);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Keeper_Entry := Keeper_No_Entry;
      Closed : Boolean := False;
      Swap_Armed : Boolean := False;
      Swap_Into : Buf;
      Swap_From : Buf;
      Swap_Into_Constrained : Boolean;
      Swap_Done : Boolean := False;
      Swap_Raised : Boolean := False;
      Swap_Failure : Ada.Exceptions.Exception_Occurrence;
      Fill_Armed : Boolean := False;
      Fill_Into : Buf;
      Fill_Len : Size;
      Fill_Was_Constrained : Boolean;
      Fill_Into_Constrained : Boolean;
      Fill_Done : Boolean := False;
      Fill_Raised : Boolean := False;
      Fill_Failure : Ada.Exceptions.Exception_Occurrence;
      Stop_Armed : Boolean := False;
      Stop_Count_2 : Natural;
      Stop_Done : Boolean := False;
      Stop_Raised : Boolean := False;
      Stop_Failure : Ada.Exceptions.Exception_Occurrence;
   end Keeper_Rendezvous;
   task Keeper_Agent is
      --  rdv2po: general scheme agent of Keeper_Rendezvous
   end Keeper_Agent;

   protected body Keeper is
      --  rdv2po: each call goes on to Keeper_Rendezvous, as cancellable as it
      --  was
      entry Swap (Into : in out Buf; From : in Buf) when True is
      begin
         requeue Keeper_Rendezvous.Swap with abort;
      end Swap;

      entry Fill (Into : out Buf; Len : Size; Was_Constrained : out Boolean)
        when True is
      begin
         requeue Keeper_Rendezvous.Fill with abort;
      end Fill;

      entry Stop (Count : out Natural) when True is
      begin
         requeue Keeper_Rendezvous.Stop with abort;
      end Stop;
   end Keeper;

   protected body Keeper_Rendezvous is

      entry Swap (Into : in out Buf; From : in Buf)
        when Closed or else (Chosen = Keeper_No_Entry and then Swap_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Swap, Index => 0));
         Disarm;
         Chosen := Keeper_Swap;
         Swap_Into := Into;
         Swap_From := From;
         Swap_Into_Constrained := Into'Constrained;
         Swap_Done := False;
         requeue Swap_Queue;
      end Swap;

      entry Fill (Into : out Buf; Len : Size; Was_Constrained : out Boolean)
        when Closed or else (Chosen = Keeper_No_Entry and then Fill_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Fill, Index => 0));
         Disarm;
         Chosen := Keeper_Fill;
         Fill_Into := Into;
         Fill_Len := Len;
         Fill_Was_Constrained := Was_Constrained;
         Fill_Into_Constrained := Into'Constrained;
         Fill_Done := False;
         requeue Fill_Queue;
      end Fill;

      entry Stop (Count : out Natural)
        when Closed or else (Chosen = Keeper_No_Entry and then Stop_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Keeper_Stop, Index => 0));
         Disarm;
         Chosen := Keeper_Stop;
         Stop_Count_2 := Count;
         Stop_Done := False;
         requeue Stop_Queue;
      end Stop;

      entry Select_Arm
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Keeper_No_Entry then
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
        (Order : Keeper_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Keeper_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Swap_Armed := False;
         Fill_Armed := False;
         Stop_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Keeper_Alternative) is
      begin
         case Alternative.Id is
            when Keeper_Swap =>
               Swap_Armed := True;
            when Keeper_Fill =>
               Fill_Armed := True;
            when Keeper_Stop =>
               Stop_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Keeper_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Keeper_Swap =>
               return Keeper_Rendezvous.Swap'Count > 0;
            when Keeper_Fill =>
               return Keeper_Rendezvous.Fill'Count > 0;
            when Keeper_Stop =>
               return Keeper_Rendezvous.Stop'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Keeper_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Swap_Take
        (Into : out Buf;
         From : out Buf;
         Into_Constrained : out Boolean) is
      begin
         Into := Swap_Into;
         From := Swap_From;
         Into_Constrained := Swap_Into_Constrained;
         Chosen := Keeper_No_Entry;
      end Swap_Take;

      procedure Swap_Accept_End (Into : in Buf) is
      begin
         Swap_Into := Into;
         Swap_Done := True;
      end Swap_Accept_End;

      procedure Swap_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Into : in Buf) is
      begin
         Swap_Into := Into;
         Ada.Exceptions.Save_Occurrence (Swap_Failure, Occurrence);
         Swap_Raised := True;
         Swap_Done := True;
      end Swap_Failed;

      entry Swap_Queue (Into : in out Buf; From : in Buf)
        when Swap_Done or else Closed is
      begin
         if not Swap_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Swap_Done := False;
         if Swap_Raised then
            Swap_Raised := False;
            Into := Swap_Into;
            Ada.Exceptions.Reraise_Occurrence (Swap_Failure);
         end if;
         Into := Swap_Into;
      end Swap_Queue;

      procedure Fill_Take
        (Into : out Buf;
         Len : out Size;
         Was_Constrained : out Boolean;
         Into_Constrained : out Boolean) is
      begin
         Into := Fill_Into;
         Len := Fill_Len;
         Was_Constrained := Fill_Was_Constrained;
         Into_Constrained := Fill_Into_Constrained;
         Chosen := Keeper_No_Entry;
      end Fill_Take;

      procedure Fill_Accept_End
        (Into : in Buf;
         Was_Constrained : in Boolean) is
      begin
         Fill_Into := Into;
         Fill_Was_Constrained := Was_Constrained;
         Fill_Done := True;
      end Fill_Accept_End;

      procedure Fill_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         Into : in Buf) is
      begin
         Fill_Into := Into;
         Ada.Exceptions.Save_Occurrence (Fill_Failure, Occurrence);
         Fill_Raised := True;
         Fill_Done := True;
      end Fill_Failed;

      entry Fill_Queue
        (Into : out Buf;
         Len : in Size;
         Was_Constrained : out Boolean)
        when Fill_Done or else Closed is
      begin
         if not Fill_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Fill_Done := False;
         if Fill_Raised then
            Fill_Raised := False;
            Into := Fill_Into;
            Ada.Exceptions.Reraise_Occurrence (Fill_Failure);
         end if;
         Into := Fill_Into;
         Was_Constrained := Fill_Was_Constrained;
      end Fill_Queue;

      procedure Stop_Take (Count : out Natural) is
      begin
         Count := Stop_Count_2;
         Chosen := Keeper_No_Entry;
      end Stop_Take;

      procedure Stop_Accept_End (Count : in Natural) is
      begin
         Stop_Count_2 := Count;
         Stop_Done := True;
      end Stop_Accept_End;

      procedure Stop_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Stop_Failure, Occurrence);
         Stop_Raised := True;
         Stop_Done := True;
      end Stop_Failed;

      entry Stop_Queue (Count : out Natural)
        when Stop_Done or else Closed is
      begin
         if not Stop_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Stop_Done := False;
         if Stop_Raised then
            Stop_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Stop_Failure);
         end if;
         Count := Stop_Count_2;
      end Stop_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Keeper_Rendezvous;

   task body Keeper_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Keeper_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Keeper_Closer);
      overriding procedure Finalize (Object : in out Keeper_Closer) is
      begin
         Keeper_Rendezvous.Close;
      end Finalize;
      Closer : Keeper_Closer;
      Failures : Natural := 0;
   begin
      loop
         begin
            declare
               Choice : Natural;
            begin
               Keeper_Rendezvous.Select_Arm
                 (Order => (1 => (Keeper_Swap, 0),
                            2 => (Keeper_Fill, 0),
                            3 => (Keeper_Stop, 0)),
                  Chosen_Position => Choice);
               case Choice is
                  when 1 =>
                     declare
                        Into : Buf;
                        From : Buf;
                        Into_Constrained : Boolean;   --  Into'Constrained in the caller

                        procedure Swap_Accepted (Into : in out Buf) is
                        begin
                           begin
                              Into := From;        --  raises when Into's actual is constrained
                           exception
                              when Occurrence : others =>
                                 Keeper_Rendezvous.Swap_Failed (Occurrence, Into);
                                 raise;
                           end;
                           Keeper_Rendezvous.Swap_Accept_End (Into);
                        end Swap_Accepted;
                     begin
                        Keeper_Rendezvous.Swap_Take (Into, From, Into_Constrained);
                        --  rdv2po: the accept body sees Into constrained as the
                        --  caller's actual is (RM 6.4.1)
                        if Into_Constrained then
                           declare
                              Constrained_Into : Buf (Into.Len) := Into;
                           begin
                              Swap_Accepted (Constrained_Into);
                           end;
                        else
                           Swap_Accepted (Into);
                        end if;
                     end;
                  when 2 =>
                     declare
                        Into : Buf;
                        Len : Size;
                        Was_Constrained : Boolean;
                        Into_Constrained : Boolean;   --  Into'Constrained in the caller

                        procedure Fill_Accepted (Into : in out Buf) is
                        begin
                           begin
                              Was_Constrained := Into'Constrained;
                              if Into'Constrained and then Into.Len /= Len then
                                 begin
                                    Into := (Len, (others => '*'));
                                 exception
                                    when Constraint_Error =>
                                       Into.Data := (others => '-');
                                 end;
                                 goto Fill_Finished;
                              end if;
                              Into := (Len, (others => '*'));
                           exception
                              when Occurrence : others =>
                                 Keeper_Rendezvous.Fill_Failed (Occurrence, Into);
                                 raise;
                           end;
                           <<Fill_Finished>>
                           Keeper_Rendezvous.Fill_Accept_End (Into, Was_Constrained);
                        end Fill_Accepted;
                     begin
                        Keeper_Rendezvous.Fill_Take
                          (Into,
                           Len,
                           Was_Constrained,
                           Into_Constrained);
                        --  rdv2po: the accept body sees Into constrained as the
                        --  caller's actual is (RM 6.4.1)
                        if Into_Constrained then
                           declare
                              Constrained_Into : Buf (Into.Len) := Into;
                           begin
                              Fill_Accepted (Constrained_Into);
                           end;
                        else
                           Fill_Accepted (Into);
                        end if;
                     end;
                  when 3 =>
                     declare
                        Count : Natural;
                     begin
                        Keeper_Rendezvous.Stop_Take (Count);
                        begin
                           Count := Failures;
                        exception
                           when Occurrence : others =>
                              Keeper_Rendezvous.Stop_Failed (Occurrence);
                              raise;
                        end;
                        Keeper_Rendezvous.Stop_Accept_End (Count);
                     end;
                     exit;
                  when others =>
                     null;
               end case;
            end;
         exception
            when Constraint_Error =>
               Failures := Failures + 1;
         end;
      end loop;
   end Keeper_Agent;

   protected body Checker_Rendezvous is

      entry Check (A : in Buf; B : in out Buf; Report : out String)
        when Closed
          or else (Chosen = Checker_No_Entry
                   and then Check_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Checker_Check;
         Check_A := A;
         Check_B := B;
         Check_Report := new String'(Report);
         Check_B_Constrained := B'Constrained;
         Check_Done := False;
         requeue Check_Queue;
      end Check;

      entry Reset (A : in Buf; B : in out Buf; Report : out String)
        when Closed
          or else (Chosen = Checker_No_Entry
                   and then Reset_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Checker_Reset;
         Reset_A := A;
         Reset_B := B;
         Reset_Report := new String'(Report);
         Reset_B_Constrained := B'Constrained;
         Reset_Done := False;
         requeue Reset_Queue;
      end Reset;

      entry Check_Accept_Begin
        (A : out Buf;
         B : out Buf;
         B_Constrained : out Boolean)
        when Chosen = Checker_Check is
      begin
         A := Check_A;
         B := Check_B;
         B_Constrained := Check_B_Constrained;
         Chosen := Checker_No_Entry;
      end Check_Accept_Begin;

      function Check_Report_Value return String is
      begin
         return Check_Report.all;
      end Check_Report_Value;

      procedure Check_Accept_End (B : in Buf; Report : in String) is
      begin
         Check_B := B;
         Check_Report.all := Report;
         Check_Done := True;
      end Check_Accept_End;

      procedure Check_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         B : in Buf;
         Report : in String) is
      begin
         Check_B := B;
         Check_Report.all := Report;
         Ada.Exceptions.Save_Occurrence (Check_Failure, Occurrence);
         Check_Raised := True;
         Check_Done := True;
      end Check_Failed;

      entry Check_Queue (A : in Buf; B : in out Buf; Report : out String)
        when Check_Done or else Closed is
      begin
         if not Check_Done then
            Free_Check_Report (Check_Report);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Check_Done := False;
         if Check_Raised then
            Check_Raised := False;
            B := Check_B;
            Report := Check_Report.all;
            Free_Check_Report (Check_Report);
            Ada.Exceptions.Reraise_Occurrence (Check_Failure);
         end if;
         B := Check_B;
         Report := Check_Report.all;
         Free_Check_Report (Check_Report);
         if Check_Target = 1 then
            Check_Target := 0;
            requeue Reset;
         end if;
      end Check_Queue;

      procedure Check_Requeue_1 (B : in Buf; Report : in String) is
      begin
         Check_B := B;
         Check_Report.all := Report;
         Check_Target := 1;
         Check_Done := True;
      end Check_Requeue_1;

      entry Reset_Accept_Begin
        (A : out Buf;
         B : out Buf;
         B_Constrained : out Boolean)
        when Chosen = Checker_Reset is
      begin
         A := Reset_A;
         B := Reset_B;
         B_Constrained := Reset_B_Constrained;
         Chosen := Checker_No_Entry;
      end Reset_Accept_Begin;

      function Reset_Report_Value return String is
      begin
         return Reset_Report.all;
      end Reset_Report_Value;

      procedure Reset_Accept_End (B : in Buf; Report : in String) is
      begin
         Reset_B := B;
         Reset_Report.all := Report;
         Reset_Done := True;
      end Reset_Accept_End;

      procedure Reset_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         B : in Buf;
         Report : in String) is
      begin
         Reset_B := B;
         Reset_Report.all := Report;
         Ada.Exceptions.Save_Occurrence (Reset_Failure, Occurrence);
         Reset_Raised := True;
         Reset_Done := True;
      end Reset_Failed;

      entry Reset_Queue (A : in Buf; B : in out Buf; Report : out String)
        when Reset_Done or else Closed is
      begin
         if not Reset_Done then
            Free_Reset_Report (Reset_Report);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Reset_Done := False;
         if Reset_Raised then
            Reset_Raised := False;
            B := Reset_B;
            Report := Reset_Report.all;
            Free_Reset_Report (Reset_Report);
            Ada.Exceptions.Reraise_Occurrence (Reset_Failure);
         end if;
         B := Reset_B;
         Report := Reset_Report.all;
         Free_Reset_Report (Reset_Report);
      end Reset_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Checker_Rendezvous;

   protected body Checker is
      --  rdv2po: each call goes on to Rendezvous, as cancellable as it was
      entry Check (A : in Buf; B : in out Buf; Report : out String)
        when Passing is
      begin
         requeue Rendezvous.Check with abort;
      end Check;

      entry Reset (A : in Buf; B : in out Buf; Report : out String)
        when Passing is
      begin
         requeue Rendezvous.Reset with abort;
      end Reset;
   end Checker;

   task body Checker_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Checker_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Checker_Closer);
      overriding procedure Finalize (Object : in out Checker_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Checker_Closer;
   begin
      declare
         A : Buf;
         B : Buf;
         B_Constrained : Boolean;   --  B'Constrained in the caller
      begin
         Self.Check_Accept_Begin (A, B, B_Constrained);
         declare
            Report : String := Self.Check_Report_Value;

            procedure Check_Accepted (A : Buf; B : in out Buf) is
            begin
               begin
                  Report := (1 => Image (Check_Accepted.A'Constrained), 2 => Image (B'Constrained),
                             others => ' ');
                  if A.Len = 0 then
                     Self.Check_Requeue_1 (B, Report);
                     goto Check_Requeued;
                  end if;
                  B := A;
               exception
                  when Occurrence : others =>
                     Self.Check_Failed (Occurrence, B, Report);
                     raise;
               end;
               Self.Check_Accept_End (B, Report);
               <<Check_Requeued>>
               null;
            end Check_Accepted;
         begin
            --  rdv2po: the accept body sees B constrained as the caller's
            --  actual is (RM 6.4.1)
            if B_Constrained then
               declare
                  Constrained_B : Buf (B.Len) := B;
               begin
                  Check_Accepted (A, Constrained_B);
               end;
            else
               Check_Accepted (A, B);
            end if;
         end;
      end;
      declare
         A : Buf;
         B : Buf;
         B_Constrained : Boolean;   --  B'Constrained in the caller
      begin
         Self.Reset_Accept_Begin (A, B, B_Constrained);
         declare
            Report : String := Self.Reset_Report_Value;

            procedure Reset_Accepted (A : Buf; B : in out Buf) is
            begin
               begin
                  Report (3) := Image (B'Constrained);
                  B := (0, "");
                  Report (4) := 'R';
               exception
                  when Occurrence : others =>
                     Self.Reset_Failed (Occurrence, B, Report);
                     raise;
               end;
               Self.Reset_Accept_End (B, Report);
            end Reset_Accepted;
         begin
            --  rdv2po: the accept body sees B constrained as the caller's
            --  actual is (RM 6.4.1)
            if B_Constrained then
               declare
                  Constrained_B : Buf (B.Len) := B;
               begin
                  Reset_Accepted (A, Constrained_B);
               end;
            else
               Reset_Accepted (A, B);
            end if;
         end;
      end;
   exception
      when Constraint_Error =>
         null;
   end Checker_Agent;

   type Tally_Entry is (Tally_No_Entry, Tally_Add, Tally_Total);
   type Tally_Alternative is record
      Id : Tally_Entry := Tally_No_Entry;
      Index : Integer := 0;   --  'Pos of a family member's index
   end record;
   type Tally_Alternative_List is array (Positive range <>) of Tally_Alternative;
   --  rdv2po: the rendezvous of task Tally, for Tally_Agent
   protected Tally_Rendezvous is
      entry Add (Item : in Buf);
      entry Total (Sum : out Natural);
      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      procedure Add_Take (Item : out Buf);
      procedure Add_Accept_End;
      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Add_Queue (Item : in Buf);
      procedure Total_Take (Sum : out Natural);
      procedure Total_Accept_End (Sum : in Natural);
      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Total_Queue (Sum : out Natural);
      procedure Close;
   private
      entry Select_Wait
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural);
      procedure Disarm;
      procedure Arm (Alternative : Tally_Alternative);
      function Queued (Alternative : Tally_Alternative) return Boolean;
      function Position_Of (Alternative : Tally_Alternative) return Natural;
      Armed_List : Tally_Alternative_List (1 .. 2);
      Armed_Last : Natural := 0;
      Position : Natural := 0;
      Chosen : Tally_Entry := Tally_No_Entry;
      Closed : Boolean := False;
      Add_Armed : Boolean := False;
      Add_Item : Buf;
      Add_Done : Boolean := False;
      Add_Raised : Boolean := False;
      Add_Failure : Ada.Exceptions.Exception_Occurrence;
      Total_Armed : Boolean := False;
      Total_Sum : Natural;
      Total_Done : Boolean := False;
      Total_Raised : Boolean := False;
      Total_Failure : Ada.Exceptions.Exception_Occurrence;
   end Tally_Rendezvous;
   task Tally_Agent is
      --  rdv2po: general scheme agent of Tally_Rendezvous
   end Tally_Agent;

   protected body Tally is
      --  rdv2po: each call goes on to Tally_Rendezvous, as cancellable as it
      --  was
      entry Add (Item : in Buf) when True is
      begin
         requeue Tally_Rendezvous.Add with abort;
      end Add;

      entry Total (Sum : out Natural) when True is
      begin
         requeue Tally_Rendezvous.Total with abort;
      end Total;
   end Tally;

   protected body Tally_Rendezvous is

      entry Add (Item : in Buf)
        when Closed or else (Chosen = Tally_No_Entry and then Add_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Add, Index => 0));
         Disarm;
         Chosen := Tally_Add;
         Add_Item := Item;
         Add_Done := False;
         requeue Add_Queue;
      end Add;

      entry Total (Sum : out Natural)
        when Closed or else (Chosen = Tally_No_Entry and then Total_Armed)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Position := Position_Of ((Id => Tally_Total, Index => 0));
         Disarm;
         Chosen := Tally_Total;
         Total_Sum := Sum;
         Total_Done := False;
         requeue Total_Queue;
      end Total;

      entry Select_Arm
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural)
        when not Closed is
         Found : Natural := 0;
         Any_Open : Boolean := False;
      begin
         Disarm;
         Chosen_Position := 0;
         Armed_Last := 0;
         for K in Order'Range loop
            if Order (K).Id /= Tally_No_Entry then
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
        (Order : Tally_Alternative_List;
         Chosen_Position : out Natural)
        when Chosen /= Tally_No_Entry is
      begin
         Chosen_Position := Position;
      end Select_Wait;

      procedure Disarm is
      begin
         Add_Armed := False;
         Total_Armed := False;
      end Disarm;

      procedure Arm (Alternative : Tally_Alternative) is
      begin
         case Alternative.Id is
            when Tally_Add =>
               Add_Armed := True;
            when Tally_Total =>
               Total_Armed := True;
            when others =>
               null;
         end case;
      end Arm;

      function Queued (Alternative : Tally_Alternative) return Boolean is
      begin
         case Alternative.Id is
            when Tally_Add =>
               return Tally_Rendezvous.Add'Count > 0;
            when Tally_Total =>
               return Tally_Rendezvous.Total'Count > 0;
            when others =>
               return False;
         end case;
      end Queued;

      function Position_Of (Alternative : Tally_Alternative) return Natural is
      begin
         for K in 1 .. Armed_Last loop
            if Armed_List (K) = Alternative then
               return K;
            end if;
         end loop;
         return 0;
      end Position_Of;

      procedure Add_Take (Item : out Buf) is
      begin
         Item := Add_Item;
         Chosen := Tally_No_Entry;
      end Add_Take;

      procedure Add_Accept_End is
      begin
         Add_Done := True;
      end Add_Accept_End;

      procedure Add_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Add_Failure, Occurrence);
         Add_Raised := True;
         Add_Done := True;
      end Add_Failed;

      entry Add_Queue (Item : in Buf)
        when Add_Done or else Closed is
      begin
         if not Add_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Add_Done := False;
         if Add_Raised then
            Add_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Add_Failure);
         end if;
      end Add_Queue;

      procedure Total_Take (Sum : out Natural) is
      begin
         Sum := Total_Sum;
         Chosen := Tally_No_Entry;
      end Total_Take;

      procedure Total_Accept_End (Sum : in Natural) is
      begin
         Total_Sum := Sum;
         Total_Done := True;
      end Total_Accept_End;

      procedure Total_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Total_Failure, Occurrence);
         Total_Raised := True;
         Total_Done := True;
      end Total_Failed;

      entry Total_Queue (Sum : out Natural)
        when Total_Done or else Closed is
      begin
         if not Total_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Total_Done := False;
         if Total_Raised then
            Total_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Total_Failure);
         end if;
         Sum := Total_Sum;
      end Total_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Tally_Rendezvous;

   task body Tally_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Tally_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Tally_Closer);
      overriding procedure Finalize (Object : in out Tally_Closer) is
      begin
         Tally_Rendezvous.Close;
      end Finalize;
      Closer : Tally_Closer;
      Sum : Natural := 0;
   begin
      loop
         declare
            Choice : Natural;
         begin
            Tally_Rendezvous.Select_Arm
              (Order => (1 => (Tally_Add, 0),
                         2 => (Tally_Total, 0)),
               Chosen_Position => Choice);
            case Choice is
               when 1 =>
                  declare
                     Item : Buf;
                  begin
                     Tally_Rendezvous.Add_Take (Item);
                     begin
                        Sum := Sum + Item.Len;
                     exception
                        when Occurrence : others =>
                           Tally_Rendezvous.Add_Failed (Occurrence);
                           raise;
                     end;
                     Tally_Rendezvous.Add_Accept_End;
                  end;
               when 2 =>
                  Total_Parameters : declare
                     Sum : Natural;
                  begin
                     Tally_Rendezvous.Total_Take (Sum);
                     begin
                        Total_Parameters.Sum := Tally_Agent.Sum;
                     exception
                        when Occurrence : others =>
                           Tally_Rendezvous.Total_Failed (Occurrence);
                           raise;
                     end;
                     Tally_Rendezvous.Total_Accept_End (Sum);
                  end Total_Parameters;
                  exit;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Tally_Agent;
end Shapes;

with Ada.Finalization;
package body Accounts is

   protected body Srv is separate;

   task body Srv_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Srv_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Srv_Closer);
      overriding procedure Finalize (Object : in out Srv_Closer) is
      begin
         Srv.Close;
      end Finalize;
      Closer : Srv_Closer;
      Balances : array (Account_Id) of Integer := (others => 0);
      Ops      : Natural := 0;
   begin
      loop
         declare
            Alternatives : constant Srv_Alternative_List :=
              (1 => (Srv_Deposit, 0),
               2 => (Srv_Withdraw, 0),
               3 => (Srv_Balance, 0),
               4 => (Srv_Operations, 0));
            Choice : Natural;
         begin
            Srv.Select_Arm
              (Order => Alternatives,
               Poll => False,
               Timed_Wait => False,
               Wake => True,
               Chosen_Position => Choice);
            if Choice = 0 then
               select
                  accept Wake_1 (1)
                    (Value_1 : in Account_Id; Value_2 : in Natural) do
                     Srv.Deposit_Woken (Value_1, Value_2);
                     requeue Srv.Deposit_Queue;
                  end Wake_1;
                  Choice := 1;
               or
                  accept Wake_1 (2)
                    (Value_1 : in Account_Id; Value_2 : in Natural) do
                     Srv.Withdraw_Woken (Value_1, Value_2);
                     requeue Srv.Withdraw_Queue;
                  end Wake_1;
                  Choice := 2;
               or
                  accept Wake_2 (3)
                    (Value_1 : in Account_Id; Value_2 : out Integer) do
                     Srv.Balance_Woken (Value_1, Value_2);
                     requeue Srv.Balance_Queue;
                  end Wake_2;
                  Choice := 3;
               or
                  accept Wake_3 (4) (Value_1 : out Natural) do
                     Srv.Operations_Woken (Value_1);
                     requeue Srv.Operations_Queue;
                  end Wake_3;
                  Choice := 4;
               or
                  terminate;
               end select;
               --  rdv2po: callers that came too early wait in the object again
               loop
                  select
                     accept Wake_1 (1)
                       (Value_1 : in Account_Id; Value_2 : in Natural) do
                        requeue Srv.Deposit_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_1 (2)
                       (Value_1 : in Account_Id; Value_2 : in Natural) do
                        requeue Srv.Withdraw_Held with abort;
                     end Wake_1;
                  or
                     accept Wake_2 (3)
                       (Value_1 : in Account_Id; Value_2 : out Integer) do
                        requeue Srv.Balance_Held with abort;
                     end Wake_2;
                  or
                     accept Wake_3 (4) (Value_1 : out Natural) do
                        requeue Srv.Operations_Held with abort;
                     end Wake_3;
                  else
                     exit;
                  end select;
               end loop;
            end if;
            case Choice is
               when 1 =>
                  declare
                     Account : Account_Id;
                     Amount : Natural;
                  begin
                     Srv.Deposit_Take (Account, Amount);
                     begin
                        Balances (Account) := Balances (Account) + Amount;
                     exception
                        when Occurrence : others =>
                           Srv.Deposit_Failed (Occurrence);
                           raise;
                     end;
                     Srv.Deposit_Accept_End;
                  end;
                  Ops := Ops + 1;
               when 2 =>
                  declare
                     Account : Account_Id;
                     Amount : Natural;
                  begin
                     Srv.Withdraw_Take (Account, Amount);
                     begin
                        Balances (Account) := Balances (Account) - Amount;
                     exception
                        when Occurrence : others =>
                           Srv.Withdraw_Failed (Occurrence);
                           raise;
                     end;
                     Srv.Withdraw_Accept_End;
                  end;
                  Ops := Ops + 1;
               when 3 =>
                  declare
                     Account : Account_Id;
                     Amount : Integer;
                  begin
                     Srv.Balance_Take (Account, Amount);
                     begin
                        Amount := Balances (Account);
                     exception
                        when Occurrence : others =>
                           Srv.Balance_Failed (Occurrence);
                           raise;
                     end;
                     Srv.Balance_Accept_End (Amount);
                  end;
               when 4 =>
                  declare
                     Count : Natural;
                  begin
                     Srv.Operations_Take (Count);
                     begin
                        Count := Ops;
                     exception
                        when Occurrence : others =>
                           Srv.Operations_Failed (Occurrence);
                           raise;
                     end;
                     Srv.Operations_Accept_End (Count);
                  end;
               when others =>
                  null;
            end case;
         end;
      end loop;
   end Srv_Agent;

end Accounts;

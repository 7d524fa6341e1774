--  Four couriers (an array of a task type) each call a different entry of
--  Vault.  Vault accepts the four entries nested, each accept inside the
--  body of the one before, so all four couriers are in rendezvous with it
--  at once; each body adds to the in out parameter of its own caller, some
--  before the inner accept, some after it.  Vault then calls every
--  courier's Release, and each courier keeps the code it got back.  Main
--  checks that no courier got a neighbour's code.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   subtype Courier_Id is Positive range 1 .. 4;
   type Code_List is array (Courier_Id) of Integer;

   --  a courier writes only its own slot; Main reads them once the block
   --  that holds Vault and the couriers has ended
   Returned : Code_List := (others => 0);

   Expected : constant Code_List := (11, 22, 33, 44);

begin
   declare
      type Courier;
      type Courier_Entry is
        (Courier_No_Entry,
         Courier_Assign,
         Courier_Release);
      task type Courier_Agent (Self : not null access Courier) is
         --  rdv2po: general scheme agent of Courier
      end Courier_Agent;
      --  rdv2po: task type Courier became this protected type; its code runs
      --  in Courier_Agent, a component of it (general scheme: each rendezvous
      --  goes through the object)
      protected type Courier is
         entry Assign (Id : Courier_Id);
         entry Release;
         --  rdv2po: the rendezvous protocol, for Courier_Agent
         entry Assign_Accept_Begin (Id : out Courier_Id);
         procedure Assign_Accept_End;
         procedure Assign_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Assign_Queue (Id : in Courier_Id);
         entry Release_Accept_Begin;
         procedure Close;
      private
         Chosen : Courier_Entry := Courier_No_Entry;
         Closed : Boolean := False;
         Assign_Id : Courier_Id;
         Assign_Done : Boolean := False;
         Assign_Raised : Boolean := False;
         Assign_Failure : Ada.Exceptions.Exception_Occurrence;
         Agent : Courier_Agent (Self => Courier'Unchecked_Access);
      end Courier;

      Couriers : array (Courier_Id) of Courier;

      type Vault_Entry is
        (Vault_No_Entry,
         Vault_Open,
         Vault_Unlock,
         Vault_Reveal,
         Vault_Seal);
      --  rdv2po: task Vault became this protected object; its code runs in the
      --  task Vault_Agent, declared after it (general scheme: each rendezvous
      --  goes through the object)
      protected Vault is
         entry Open (Code : in out Integer);
         entry Unlock (Code : in out Integer);
         entry Reveal (Code : in out Integer);
         entry Seal (Code : in out Integer);
         --  rdv2po: the rendezvous protocol, for Vault_Agent
         entry Open_Accept_Begin (Code : out Integer);
         procedure Open_Accept_End (Code : in Integer);
         procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Open_Queue (Code : in out Integer);
         entry Unlock_Accept_Begin (Code : out Integer);
         procedure Unlock_Accept_End (Code : in Integer);
         procedure Unlock_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Unlock_Queue (Code : in out Integer);
         entry Reveal_Accept_Begin (Code : out Integer);
         procedure Reveal_Accept_End (Code : in Integer);
         procedure Reveal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Reveal_Queue (Code : in out Integer);
         entry Seal_Accept_Begin (Code : out Integer);
         procedure Seal_Accept_End (Code : in Integer);
         procedure Seal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
         entry Seal_Queue (Code : in out Integer);
         procedure Close;
      private
         Chosen : Vault_Entry := Vault_No_Entry;
         Closed : Boolean := False;
         Open_Code : Integer;
         Open_Done : Boolean := False;
         Open_Raised : Boolean := False;
         Open_Failure : Ada.Exceptions.Exception_Occurrence;
         Unlock_Code : Integer;
         Unlock_Done : Boolean := False;
         Unlock_Raised : Boolean := False;
         Unlock_Failure : Ada.Exceptions.Exception_Occurrence;
         Reveal_Code : Integer;
         Reveal_Done : Boolean := False;
         Reveal_Raised : Boolean := False;
         Reveal_Failure : Ada.Exceptions.Exception_Occurrence;
         Seal_Code : Integer;
         Seal_Done : Boolean := False;
         Seal_Raised : Boolean := False;
         Seal_Failure : Ada.Exceptions.Exception_Occurrence;
      end Vault;
      task Vault_Agent is
         --  rdv2po: general scheme agent of Vault
      end Vault_Agent;

      protected body Vault is

         entry Open (Code : in out Integer)
           when Closed
             or else (Chosen = Vault_No_Entry
                      and then Open_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Vault_Open;
            Open_Code := Code;
            Open_Done := False;
            requeue Open_Queue;
         end Open;

         entry Unlock (Code : in out Integer)
           when Closed
             or else (Chosen = Vault_No_Entry
                      and then Unlock_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Vault_Unlock;
            Unlock_Code := Code;
            Unlock_Done := False;
            requeue Unlock_Queue;
         end Unlock;

         entry Reveal (Code : in out Integer)
           when Closed
             or else (Chosen = Vault_No_Entry
                      and then Reveal_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Vault_Reveal;
            Reveal_Code := Code;
            Reveal_Done := False;
            requeue Reveal_Queue;
         end Reveal;

         entry Seal (Code : in out Integer)
           when Closed
             or else (Chosen = Vault_No_Entry
                      and then Seal_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Vault_Seal;
            Seal_Code := Code;
            Seal_Done := False;
            requeue Seal_Queue;
         end Seal;

         entry Open_Accept_Begin (Code : out Integer)
           when Chosen = Vault_Open is
         begin
            Code := Open_Code;
            Chosen := Vault_No_Entry;
         end Open_Accept_Begin;

         procedure Open_Accept_End (Code : in Integer) is
         begin
            Open_Code := Code;
            Open_Done := True;
         end Open_Accept_End;

         procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Open_Failure, Occurrence);
            Open_Raised := True;
            Open_Done := True;
         end Open_Failed;

         entry Open_Queue (Code : in out Integer)
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
            Code := Open_Code;
         end Open_Queue;

         entry Unlock_Accept_Begin (Code : out Integer)
           when Chosen = Vault_Unlock is
         begin
            Code := Unlock_Code;
            Chosen := Vault_No_Entry;
         end Unlock_Accept_Begin;

         procedure Unlock_Accept_End (Code : in Integer) is
         begin
            Unlock_Code := Code;
            Unlock_Done := True;
         end Unlock_Accept_End;

         procedure Unlock_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Unlock_Failure, Occurrence);
            Unlock_Raised := True;
            Unlock_Done := True;
         end Unlock_Failed;

         entry Unlock_Queue (Code : in out Integer)
           when Unlock_Done or else Closed is
         begin
            if not Unlock_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Unlock_Done := False;
            if Unlock_Raised then
               Unlock_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Unlock_Failure);
            end if;
            Code := Unlock_Code;
         end Unlock_Queue;

         entry Reveal_Accept_Begin (Code : out Integer)
           when Chosen = Vault_Reveal is
         begin
            Code := Reveal_Code;
            Chosen := Vault_No_Entry;
         end Reveal_Accept_Begin;

         procedure Reveal_Accept_End (Code : in Integer) is
         begin
            Reveal_Code := Code;
            Reveal_Done := True;
         end Reveal_Accept_End;

         procedure Reveal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Reveal_Failure, Occurrence);
            Reveal_Raised := True;
            Reveal_Done := True;
         end Reveal_Failed;

         entry Reveal_Queue (Code : in out Integer)
           when Reveal_Done or else Closed is
         begin
            if not Reveal_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Reveal_Done := False;
            if Reveal_Raised then
               Reveal_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Reveal_Failure);
            end if;
            Code := Reveal_Code;
         end Reveal_Queue;

         entry Seal_Accept_Begin (Code : out Integer)
           when Chosen = Vault_Seal is
         begin
            Code := Seal_Code;
            Chosen := Vault_No_Entry;
         end Seal_Accept_Begin;

         procedure Seal_Accept_End (Code : in Integer) is
         begin
            Seal_Code := Code;
            Seal_Done := True;
         end Seal_Accept_End;

         procedure Seal_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Seal_Failure, Occurrence);
            Seal_Raised := True;
            Seal_Done := True;
         end Seal_Failed;

         entry Seal_Queue (Code : in out Integer)
           when Seal_Done or else Closed is
         begin
            if not Seal_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Seal_Done := False;
            if Seal_Raised then
               Seal_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Seal_Failure);
            end if;
            Code := Seal_Code;
         end Seal_Queue;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Vault;

      task body Vault_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Vault_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Vault_Closer);
         overriding procedure Finalize (Object : in out Vault_Closer) is
         begin
            Vault.Close;
         end Finalize;
         Closer : Vault_Closer;
      begin
         declare
            Code : Integer;
         begin
            Vault.Open_Accept_Begin (Code);
            begin
               declare
                  Code : Integer;
               begin
                  Vault.Unlock_Accept_Begin (Code);
                  begin
                     Code := Code + 20;
                     declare
                        Code : Integer;
                     begin
                        Vault.Reveal_Accept_Begin (Code);
                        begin
                           declare
                              Code : Integer;
                           begin
                              Vault.Seal_Accept_Begin (Code);
                              begin
                                 Code := Code + 40;
                              exception
                                 when Occurrence : others =>
                                    Vault.Seal_Failed (Occurrence);
                                    raise;
                              end;
                              Vault.Seal_Accept_End (Code);
                           end;
                           Code := Code + 30;
                        exception
                           when Occurrence : others =>
                              Vault.Reveal_Failed (Occurrence);
                              raise;
                        end;
                        Vault.Reveal_Accept_End (Code);
                     end;
                  exception
                     when Occurrence : others =>
                        Vault.Unlock_Failed (Occurrence);
                        raise;
                  end;
                  Vault.Unlock_Accept_End (Code);
               end;
               Code := Code + 10;
            exception
               when Occurrence : others =>
                  Vault.Open_Failed (Occurrence);
                  raise;
            end;
            Vault.Open_Accept_End (Code);
         end;
         for C in Couriers'Range loop
            Couriers (C).Release;
         end loop;
      end Vault_Agent;

      protected body Courier is

         entry Assign (Id : Courier_Id)
           when Closed
             or else (Chosen = Courier_No_Entry
                      and then Assign_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Courier_Assign;
            Assign_Id := Id;
            Assign_Done := False;
            requeue Assign_Queue;
         end Assign;

         entry Release
           when Closed
             or else (Chosen = Courier_No_Entry
                      and then Release_Accept_Begin'Count > 0)
         is
         begin
            if Closed then
               raise Tasking_Error;
            end if;
            Chosen := Courier_Release;
         end Release;

         entry Assign_Accept_Begin (Id : out Courier_Id)
           when Chosen = Courier_Assign is
         begin
            Id := Assign_Id;
            Chosen := Courier_No_Entry;
         end Assign_Accept_Begin;

         procedure Assign_Accept_End is
         begin
            Assign_Done := True;
         end Assign_Accept_End;

         procedure Assign_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
         begin
            Ada.Exceptions.Save_Occurrence (Assign_Failure, Occurrence);
            Assign_Raised := True;
            Assign_Done := True;
         end Assign_Failed;

         entry Assign_Queue (Id : in Courier_Id)
           when Assign_Done or else Closed is
         begin
            if not Assign_Done then
               raise Tasking_Error;   --  the task ended during the rendezvous
            end if;
            Assign_Done := False;
            if Assign_Raised then
               Assign_Raised := False;
               Ada.Exceptions.Reraise_Occurrence (Assign_Failure);
            end if;
         end Assign_Queue;

         entry Release_Accept_Begin
           when Chosen = Courier_Release is
         begin
            Chosen := Courier_No_Entry;
         end Release_Accept_Begin;

         procedure Close is
         begin
            Closed := True;
         end Close;
      end Courier;

      task body Courier_Agent is
         --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
         type Courier_Closer is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Object : in out Courier_Closer);
         overriding procedure Finalize (Object : in out Courier_Closer) is
         begin
            Self.Close;
         end Finalize;
         Closer : Courier_Closer;
         Me   : Courier_Id;
         Code : Integer;
      begin
         declare
            Id : Courier_Id;
         begin
            Self.Assign_Accept_Begin (Id);
            begin
               Me := Id;
            exception
               when Occurrence : others =>
                  Self.Assign_Failed (Occurrence);
                  raise;
            end;
            Self.Assign_Accept_End;
         end;
         Code := Me;
         case Me is
            when 1 => Vault.Open (Code);
            when 2 => Vault.Unlock (Code);
            when 3 => Vault.Reveal (Code);
            when 4 => Vault.Seal (Code);
         end case;
         --  Vault calls Release only after all four rendezvous are over
         Self.Release_Accept_Begin;
         Returned (Me) := Code;
      end Courier_Agent;

   begin
      for C in Couriers'Range loop
         Couriers (C).Assign (C);
      end loop;
   end;

   for C in Courier_Id loop
      Put_Line ("courier" & Courier_Id'Image (C) & " got" & Integer'Image (Returned (C)));
   end loop;
   if Returned = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

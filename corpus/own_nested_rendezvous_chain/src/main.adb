--  Four couriers (an array of a task type) each call a different entry of
--  Vault.  Vault accepts the four entries nested, each accept inside the
--  body of the one before, so all four couriers are in rendezvous with it
--  at once; each body adds to the in out parameter of its own caller, some
--  before the inner accept, some after it.  Vault then calls every
--  courier's Release, and each courier keeps the code it got back.  Main
--  checks that no courier got a neighbour's code.

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
      task type Courier is
         entry Assign (Id : Courier_Id);
         entry Release;
      end Courier;

      Couriers : array (Courier_Id) of Courier;

      task Vault is
         entry Open (Code : in out Integer);
         entry Unlock (Code : in out Integer);
         entry Reveal (Code : in out Integer);
         entry Seal (Code : in out Integer);
      end Vault;

      task body Vault is
      begin
         accept Open (Code : in out Integer) do
            accept Unlock (Code : in out Integer) do
               Code := Code + 20;
               accept Reveal (Code : in out Integer) do
                  accept Seal (Code : in out Integer) do
                     Code := Code + 40;
                  end Seal;
                  Code := Code + 30;
               end Reveal;
            end Unlock;
            Code := Code + 10;
         end Open;
         for C in Couriers'Range loop
            Couriers (C).Release;
         end loop;
      end Vault;

      task body Courier is
         Me   : Courier_Id;
         Code : Integer;
      begin
         accept Assign (Id : Courier_Id) do
            Me := Id;
         end Assign;
         Code := Me;
         case Me is
            when 1 => Vault.Open (Code);
            when 2 => Vault.Unlock (Code);
            when 3 => Vault.Reveal (Code);
            when 4 => Vault.Seal (Code);
         end case;
         --  Vault calls Release only after all four rendezvous are over
         accept Release;
         Returned (Me) := Code;
      end Courier;

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

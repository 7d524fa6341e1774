--  Main and two client tasks call Accounts.Account with good and bad
--  arguments.  Bad calls raise an exception in the caller (Main prints
--  its own ones); the server survives them and reports the totals.

with Ada.Exceptions;    use Ada.Exceptions;
with Ada.Strings;       use Ada.Strings;
with Ada.Strings.Fixed; use Ada.Strings.Fixed;
with Ada.Text_IO;       use Ada.Text_IO;
with Accounts;          use Accounts;

procedure Main is

   Rounds : constant := 50;

   subtype Client_Id is Positive range 1 .. 2;
   Caught : array (Client_Id) of Natural := (others => 0);   --  per client

   procedure Run_Clients is

      task type Client (Id : Client_Id);

      task body Client is
      begin
         for I in 1 .. Rounds loop
            begin
               if I mod 5 = 0 then
                  Account.Deposit (-I);                  --  always fails
               elsif I mod 7 = 0 then
                  Account.Store (Num_Slots + I, I);      --  always fails
               else
                  Account.Deposit (Id * I);
               end if;
            exception
               when Negative_Amount | Constraint_Error =>
                  Caught (Id) := Caught (Id) + 1;
            end;
         end loop;
      end Client;

      C1 : Client (1);
      C2 : Client (2);
      pragma Unreferenced (C1, C2);
   begin
      null;
   end Run_Clients;

   function Img (X : Integer) return String is
     (Trim (Integer'Image (X), Left));

   procedure Try_Deposit (Amount : Integer) is
   begin
      Account.Deposit (Amount);
      Put_Line ("Deposit (" & Img (Amount) & "): ok");
   exception
      when E : Negative_Amount =>
         Put_Line ("Deposit (" & Img (Amount) & "): "
                   & Exception_Name (E));
   end Try_Deposit;

   procedure Try_Store (Slot, Value : Integer) is
   begin
      Account.Store (Slot, Value);
      Put_Line ("Store (" & Img (Slot) & "): ok");
   exception
      when E : Constraint_Error =>
         Put_Line ("Store (" & Img (Slot) & "): "
                   & Exception_Name (E));
   end Try_Store;

   Balance, Slot_Sum : Integer;
   Accepted, Rejected : Natural;
   Expected_Balance : Integer := 100 + 20;
   Expected_Good    : Natural := 4;
   Expected_Bad     : Natural := 3;

begin
   Try_Deposit (100);
   Try_Deposit (-5);
   Try_Store (2, 40);
   Try_Store (9, 1);
   Try_Deposit (20);
   Try_Store (0, 2);
   Try_Store (5, 2);

   Run_Clients;

   for Id in Client_Id loop
      for I in 1 .. Rounds loop
         if I mod 5 = 0 or else I mod 7 = 0 then
            Expected_Bad := Expected_Bad + 1;
         else
            Expected_Good := Expected_Good + 1;
            Expected_Balance := Expected_Balance + Id * I;
         end if;
      end loop;
   end loop;

   Account.Report (Balance, Slot_Sum, Accepted, Rejected);
   Put_Line ("Balance :" & Integer'Image (Balance));
   Put_Line ("Slot sum:" & Integer'Image (Slot_Sum));
   Put_Line ("Accepted:" & Natural'Image (Accepted));
   Put_Line ("Rejected:" & Natural'Image (Rejected));
   Put_Line ("Caught by clients:" & Natural'Image (Caught (1) + Caught (2)));
   if Balance = Expected_Balance
     and then Slot_Sum = 42
     and then Accepted = Expected_Good
     and then Rejected = Expected_Bad
     and then Caught (1) + Caught (2) = Expected_Bad - 3
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Count : Natural := 0;
   Started : Natural := 0;
   pragma Volatile (Started);
   Limit : constant Natural := 3;

   function Initial_Credit return Natural;

   function Next return Natural is
   begin
      Count := Count + 1;
      return Count;
   end Next;

   --  Its body is elaborated after this declaration: a component default
   --  calling it would raise Program_Error.
   task Account is
      entry Withdraw (N : Natural; Ok : out Boolean);
      entry Balance (B : out Natural);
   end Account;

   --  Next counts calls: evaluated at the declaration, its number changes.
   task Numbered is
      entry Get (V : out Natural);
   end Numbered;

   Other : constant Natural := Next;

   --  Its first statement changes a variable main reads before any call.
   task Starter is
      entry Get (V : out Natural);
   end Starter;

   --  Only constants and its own variables: translated.
   task Plain is
      entry Get (V : out Natural);
   end Plain;

   function Initial_Credit return Natural is
   begin
      return 100;
   end Initial_Credit;

   task body Account is
      Credit : Natural := Initial_Credit;
   begin
      loop
         select
            accept Withdraw (N : Natural; Ok : out Boolean) do
               Ok := N <= Credit;
               if Ok then
                  Credit := Credit - N;
               end if;
            end Withdraw;
         or
            accept Balance (B : out Natural) do
               B := Credit;
            end Balance;
         or
            terminate;
         end select;
      end loop;
   end Account;

   task body Numbered is
      Mine : constant Natural := Next;
   begin
      loop
         select
            accept Get (V : out Natural) do
               V := Mine;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Numbered;

   task body Starter is
      Mine : Natural := 5;
   begin
      Started := Started + 1;
      loop
         select
            accept Get (V : out Natural) do
               V := Mine;
               Mine := Mine + 1;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Starter;

   task body Plain is
      Calls : Natural := Limit * 2;
   begin
      Calls := Calls + 1;
      loop
         select
            accept Get (V : out Natural) do
               V := Calls;
               Calls := Calls + 1;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Plain;

   Ok : Boolean;
   B, V : Natural;
begin
   delay 0.1;
   Put_Line ("started" & Natural'Image (Started));
   Account.Withdraw (30, Ok);
   Account.Balance (B);
   Put_Line ("withdrawn " & Boolean'Image (Ok) & ", balance" & Natural'Image (B));
   Numbered.Get (V);
   Put_Line ("numbered" & Natural'Image (V) & ", other" & Natural'Image (Other));
   Starter.Get (V);
   Put_Line ("starter" & Natural'Image (V));
   Plain.Get (V);
   Plain.Get (V);
   Put_Line ("plain" & Natural'Image (V));
   Put_Line ("PASSED");
end Main;

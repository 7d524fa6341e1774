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
   protected Plain is
      entry Get (V : out Natural);
   private
      --  rdv2po: task Plain became this protected object. Stage is where
      --  the task stood: 1 = select of Get; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Calls : Natural := Limit * 2;
      procedure Start_Up;
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

   protected body Plain is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Get (V : out Natural) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Get with abort;
         end if;
         begin
            V := Calls;
            Calls := Calls + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Get;

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

--  Entries called through renamings (Stacks.Push renames
--  Stack_Server.Push; Add_First renames Servers (1).Add) and through
--  elements of an array of server tasks (Servers (I).Add).

with Ada.Text_IO; use Ada.Text_IO;
with Stacks;

procedure Main is

   protected type Accumulator is
      entry Add (N : Integer);
      procedure Get (S : out Integer);
   private
      --  rdv2po: task Accumulator became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Accumulator;

   protected body Accumulator is

      entry Add (N : Integer) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Get (S : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         S := Sum;
      end Get;

   end Accumulator;

   Servers : array (1 .. 3) of Accumulator;

   procedure Add_First (N : Integer) renames Servers (1).Add;

   task Pusher is
      entry Done;
   end Pusher;

   task body Pusher is
      procedure Put_On (X : Integer) renames Stacks.Push;
   begin
      for I in 1 .. 10 loop
         if I mod 2 = 0 then
            Stacks.Push (I);
         else
            Put_On (I);
         end if;
         Servers (I mod Servers'Length + 1).Add (I);
      end loop;
      accept Done;
   end Pusher;

   X      : Integer;
   S      : Integer;
   Depth  : Natural;
   Popped : Integer := 0;
   Total  : Integer := 0;

begin
   Add_First (100);
   declare
      use Stacks;
   begin
      --  Wait for the pusher before looking at the stack.
      Pusher.Done;
      Stack_Server.Depth (Depth);
      Put_Line ("depth" & Natural'Image (Depth));
      for I in 1 .. Depth loop
         Pop (X);
         Put (Integer'Image (X));
         Popped := Popped + X;
      end loop;
      New_Line;
   end;
   for I in Servers'Range loop
      Servers (I).Get (S);
      Put_Line ("server" & Integer'Image (I) & " sum" & Integer'Image (S));
      Total := Total + S;
   end loop;
   Put_Line ("popped" & Integer'Image (Popped) &
             " total" & Integer'Image (Total));
   if Popped = 55 and then Total = 155 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

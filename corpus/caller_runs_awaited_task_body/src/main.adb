--  One-shot couriers whose last work, after their only accept, begins with a
--  delay, called by tasks as the last thing their bodies do.  Each calling task
--  declares the courier it calls; when its statements end it completes and
--  waits there for the courier to terminate.  No one here can tell a completed
--  task from one still running (nobody asks 'Callable, nobody calls its
--  entries): the calling task running the courier's last work before it
--  completes changes nothing anyone can see.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  a bin per courier: two couriers' last works may run at the same time
   Delivered : array (1 .. 2) of Integer := (others => 0);
   pragma Volatile_Components (Delivered);

   task type Courier is
      entry Hand (Bin : Positive; Parcel : Integer);
   end Courier;

   task body Courier is
      Held_Bin : Positive := 1;
      Held : Integer := 0;
   begin
      accept Hand (Bin : Positive; Parcel : Integer) do
         Held_Bin := Bin;
         Held := Parcel;
      end Hand;
      delay 0.05;
      Delivered (Held_Bin) := Held;
   end Courier;

   --  the courier is the task's own variable; nothing follows the call
   task Loader;

   task body Loader is
      Van : Courier;
   begin
      Van.Hand (1, 1);
   end Loader;

   --  an entry nobody calls, a courier inside a record inside an array,
   --  and a null statement after the call
   task type Packer is
      entry Never;
   end Packer;

   task body Packer is
      type Crate is record
         Driver : Courier;
      end record;
      Crates : array (1 .. 1) of Crate;
   begin
      Crates (1).Driver.Hand (2, 10);
      null;
   end Packer;

begin
   declare
      P : Packer;
   begin
      null;
   end;
   --  the block waited for the packer, which waited for its courier
   Put_Line ("after the packer:" & Integer'Image (Delivered (2)));
   while not Loader'Terminated loop
      delay 0.01;
   end loop;
   Put_Line ("after the loader:" & Integer'Image (Delivered (1) + Delivered (2)));
   Put_Line ("PASSED");
end Main;

--  One-shot couriers whose last work, after their only accept, begins with a
--  delay, called by tasks as the last thing their bodies do.  Each calling task
--  declares the courier it calls; when its statements end it completes and
--  waits there for the courier to terminate.  No one here can tell a completed
--  task from one still running (nobody asks 'Callable, nobody calls its
--  entries): the calling task running the courier's last work before it
--  completes changes nothing anyone can see.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  a bin per courier: two couriers' last works may run at the same time
   Delivered : array (1 .. 2) of Integer := (others => 0);
   pragma Volatile_Components (Delivered);

   package Courier_Objects is
      type Courier is tagged limited private;
      procedure Hand (Self : Courier; Bin : Positive; Parcel : Integer);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Courier_Turn is
         entry Hand;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Hand
      end Courier_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Courier is new Ada.Finalization.Limited_Controlled with record
         This : not null access Courier := Courier'Unchecked_Access;   -- writable from any view
         Turn : Courier_Turn;
         Held_Bin : Positive := 1;
         Held : Integer := 0;
      end record;
      overriding procedure Finalize (Self : in out Courier);
   end Courier_Objects;
   subtype Courier is Courier_Objects.Courier;

   package body Courier_Objects is
      protected body Courier_Turn is
         entry Hand when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Hand;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over is
         begin
            null;
         end Await_End;
      end Courier_Turn;

      procedure Hand (Self : Courier; Bin : Positive; Parcel : Integer) is
         Turn : Courier_Turn renames Self.This.Turn;
         Held_Bin : Positive renames Self.This.Held_Bin;
         Held : Integer renames Self.This.Held;
         Ended : Boolean := False;
      begin
         Turn.Hand;
         begin
            Held_Bin := Bin;
            Held := Parcel;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            delay 0.05;
            Delivered (Held_Bin) := Held;
            Ended := True;   -- the task's end
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Hand;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Courier) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Courier_Objects;

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

--  One-shot couriers whose last work, after their only accept, begins with a
--  delay.  Every caller declares the courier it calls, and does nothing anyone
--  could see after its call -- it returns a literal, raises, or just ends --
--  before the end of its block or function, where it waits for the
--  courier to terminate: the caller running the courier's last work, delay
--  included, before it returns changes nothing anyone can see.

with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Delivered : Integer := 0;
   Stopped : exception;

   package Courier_Objects is
      type Courier is tagged limited private;
      procedure Hand (Self : Courier; Parcel : Integer);
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

      procedure Hand (Self : Courier; Parcel : Integer) is
         Turn : Courier_Turn renames Self.This.Turn;
         Held : Integer renames Self.This.Held;
         Ended : Boolean := False;
      begin
         Turn.Hand;
         begin
            Held := Parcel;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            delay 0.05;
            Delivered := Delivered + Held;
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

   --  computes from its operands only: a quiet condition after a call
   function Odd (N : Integer) return Boolean is
      Half : constant Integer := N / 2;
   begin
      return N - 2 * Half = 1;
   end Odd;

   function Sent (Parcel : Integer) return Integer is
      Crew : array (1 .. 1) of Courier;
   begin
      Crew (1).Hand (Parcel);
      return 0;
   end Sent;

   procedure Try (Parcel : Integer) is
      type Van is record
         Driver : Courier;
      end record;
      Fleet : array (1 .. 1) of Van;
   begin
      Fleet (1).Driver.Hand (Parcel);
      if Odd (Parcel) then
         raise Stopped;
      end if;
      null;
   end Try;

   Got : Integer;
begin
   declare
      One : Courier;
   begin
      One.Hand (1);
   end;
   Put_Line ("after the block:" & Integer'Image (Delivered));

   Got := Sent (10);
   Put_Line ("after the function:" & Integer'Image (Delivered + Got));

   begin
      Try (100);
      Put_Line ("even, after the procedure:" & Integer'Image (Delivered));
      Try (1001);
      Put_Line ("not reached");
   exception
      when Stopped =>
         Put_Line ("odd, stopped:" & Integer'Image (Delivered));
   end;

   declare
      Own : Courier;
   begin
      Own.Hand (20000);
      raise Stopped;     -- propagated once Own is done
   end;
   Put_Line ("not reached");
exception
   when Stopped =>
      Put_Line ("after the last block:" & Integer'Image (Delivered));
      Put_Line (if Delivered = 21112 then "PASSED" else "FAILED");
end Main;

--  One-shot couriers whose last work, after their only accept, begins with a
--  delay.  Every caller declares the courier it calls, and does nothing anyone
--  could see after its call -- it returns a literal, raises, or just ends --
--  before the end of its block or function, where it waits for the
--  courier to terminate: the caller running the courier's last work, delay
--  included, before it returns changes nothing anyone can see.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Delivered : Integer := 0;
   Stopped : exception;

   task type Courier is
      entry Hand (Parcel : Integer);
   end Courier;

   task body Courier is
      Held : Integer := 0;
   begin
      accept Hand (Parcel : Integer) do
         Held := Parcel;
      end Hand;
      delay 0.05;
      Delivered := Delivered + Held;
   end Courier;

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

--  One-shot couriers whose last work, after their only accept, begins with a
--  delay.  Every caller declares the courier it calls, and does nothing anyone
--  could see after its call -- it returns a literal, raises, or just ends --
--  before the end of its block or function, where it waits for the
--  courier to terminate: the caller running the courier's last work, delay
--  included, before it returns changes nothing anyone can see.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Delivered : Integer := 0;
   Stopped : exception;

   type Courier;
   type Courier_Entry is (Courier_No_Entry, Courier_Hand);
   task type Courier_Agent (Self : not null access Courier) is
      --  rdv2po: general scheme agent of Courier
   end Courier_Agent;
   --  rdv2po: task type Courier became this protected type; its code runs in
   --  Courier_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Courier is
      entry Hand (Parcel : Integer);
      --  rdv2po: the rendezvous protocol, for Courier_Agent
      entry Hand_Accept_Begin (Parcel : out Integer);
      procedure Hand_Accept_End;
      procedure Hand_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hand_Queue (Parcel : in Integer);
      procedure Close;
   private
      Chosen : Courier_Entry := Courier_No_Entry;
      Closed : Boolean := False;
      Hand_Parcel : Integer;
      Hand_Done : Boolean := False;
      Hand_Raised : Boolean := False;
      Hand_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Courier_Agent (Self => Courier'Unchecked_Access);
   end Courier;

   protected body Courier is

      entry Hand (Parcel : Integer)
        when Closed
          or else (Chosen = Courier_No_Entry
                   and then Hand_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Courier_Hand;
         Hand_Parcel := Parcel;
         Hand_Done := False;
         requeue Hand_Queue;
      end Hand;

      entry Hand_Accept_Begin (Parcel : out Integer)
        when Chosen = Courier_Hand is
      begin
         Parcel := Hand_Parcel;
         Chosen := Courier_No_Entry;
      end Hand_Accept_Begin;

      procedure Hand_Accept_End is
      begin
         Hand_Done := True;
      end Hand_Accept_End;

      procedure Hand_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Hand_Failure, Occurrence);
         Hand_Raised := True;
         Hand_Done := True;
      end Hand_Failed;

      entry Hand_Queue (Parcel : in Integer)
        when Hand_Done or else Closed is
      begin
         if not Hand_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Hand_Done := False;
         if Hand_Raised then
            Hand_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Hand_Failure);
         end if;
      end Hand_Queue;

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
      Held : Integer := 0;
   begin
      declare
         Parcel : Integer;
      begin
         Self.Hand_Accept_Begin (Parcel);
         begin
            Held := Parcel;
         exception
            when Occurrence : others =>
               Self.Hand_Failed (Occurrence);
               raise;
         end;
         Self.Hand_Accept_End;
      end;
      delay 0.05;
      Delivered := Delivered + Held;
   end Courier_Agent;

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

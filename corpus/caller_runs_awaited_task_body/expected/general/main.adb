--  One-shot couriers whose last work, after their only accept, begins with a
--  delay, called by tasks as the last thing their bodies do.  Each calling task
--  declares the courier it calls; when its statements end it completes and
--  waits there for the courier to terminate.  No one here can tell a completed
--  task from one still running (nobody asks 'Callable, nobody calls its
--  entries): the calling task running the courier's last work before it
--  completes changes nothing anyone can see.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  a bin per courier: two couriers' last works may run at the same time
   Delivered : array (1 .. 2) of Integer := (others => 0);
   pragma Volatile_Components (Delivered);

   type Courier;
   type Courier_Entry is (Courier_No_Entry, Courier_Hand);
   task type Courier_Agent (Self : not null access Courier) is
      --  rdv2po: general scheme agent of Courier
   end Courier_Agent;
   --  rdv2po: task type Courier became this protected type; its code runs in
   --  Courier_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Courier is
      entry Hand (Bin : Positive; Parcel : Integer);
      --  rdv2po: the rendezvous protocol, for Courier_Agent
      entry Hand_Accept_Begin (Bin : out Positive; Parcel : out Integer);
      procedure Hand_Accept_End;
      procedure Hand_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Hand_Queue (Bin : in Positive; Parcel : in Integer);
      procedure Close;
   private
      Chosen : Courier_Entry := Courier_No_Entry;
      Closed : Boolean := False;
      Hand_Bin : Positive;
      Hand_Parcel : Integer;
      Hand_Done : Boolean := False;
      Hand_Raised : Boolean := False;
      Hand_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Courier_Agent (Self => Courier'Unchecked_Access);
   end Courier;

   protected body Courier is

      entry Hand (Bin : Positive; Parcel : Integer)
        when Closed
          or else (Chosen = Courier_No_Entry
                   and then Hand_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Courier_Hand;
         Hand_Bin := Bin;
         Hand_Parcel := Parcel;
         Hand_Done := False;
         requeue Hand_Queue;
      end Hand;

      entry Hand_Accept_Begin (Bin : out Positive; Parcel : out Integer)
        when Chosen = Courier_Hand is
      begin
         Bin := Hand_Bin;
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

      entry Hand_Queue (Bin : in Positive; Parcel : in Integer)
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
      Held_Bin : Positive := 1;
      Held : Integer := 0;
   begin
      declare
         Bin : Positive;
         Parcel : Integer;
      begin
         Self.Hand_Accept_Begin (Bin, Parcel);
         begin
            Held_Bin := Bin;
            Held := Parcel;
         exception
            when Occurrence : others =>
               Self.Hand_Failed (Occurrence);
               raise;
         end;
         Self.Hand_Accept_End;
      end;
      delay 0.05;
      Delivered (Held_Bin) := Held;
   end Courier_Agent;

   --  the courier is the task's own variable; nothing follows the call
   task Loader;

   task body Loader is
      Van : Courier;
   begin
      Van.Hand (1, 1);
   end Loader;

   --  an entry nobody calls, a courier inside a record inside an array,
   --  and a null statement after the call
   type Packer;
   type Packer_Entry is (Packer_No_Entry, Packer_Never);
   task type Packer_Agent (Self : not null access Packer) is
      --  rdv2po: general scheme agent of Packer
   end Packer_Agent;
   --  rdv2po: task type Packer became this protected type; its code runs in
   --  Packer_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Packer is
      entry Never;
      --  rdv2po: the rendezvous protocol, for Packer_Agent
      procedure Close;
   private
      Chosen : Packer_Entry := Packer_No_Entry;
      Closed : Boolean := False;
      Agent : Packer_Agent (Self => Packer'Unchecked_Access);
   end Packer;

   protected body Packer is

      entry Never
        when Closed or else (Chosen = Packer_No_Entry and then False)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Packer_Never;
      end Never;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Packer;

   task body Packer_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Packer_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Packer_Closer);
      overriding procedure Finalize (Object : in out Packer_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Packer_Closer;
      type Crate is record
         Driver : Courier;
      end record;
      Crates : array (1 .. 1) of Crate;
   begin
      Crates (1).Driver.Hand (2, 10);
      null;
   end Packer_Agent;

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

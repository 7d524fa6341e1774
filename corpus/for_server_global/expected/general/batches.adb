with Ada.Exceptions;
with Ada.Finalization;
package body Batches is

   type Batch_Entry is (Batch_No_Entry, Batch_Open, Batch_Item);
   --  rdv2po: the rendezvous of task Batch, for Batch_Agent
   protected Batch_Rendezvous is
      entry Open (N : Natural);
      entry Item (X : Integer; Sum : out Integer);
      entry Open_Accept_Begin (N : out Natural);
      procedure Open_Accept_End;
      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Open_Queue (N : in Natural);
      entry Item_Accept_Begin (X : out Integer; Sum : out Integer);
      procedure Item_Accept_End (Sum : in Integer);
      procedure Item_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Item_Queue (X : in Integer; Sum : out Integer);
      procedure Close;
   private
      Chosen : Batch_Entry := Batch_No_Entry;
      Closed : Boolean := False;
      Open_N : Natural;
      Open_Done : Boolean := False;
      Open_Raised : Boolean := False;
      Open_Failure : Ada.Exceptions.Exception_Occurrence;
      Item_X : Integer;
      Item_Sum : Integer;
      Item_Done : Boolean := False;
      Item_Raised : Boolean := False;
      Item_Failure : Ada.Exceptions.Exception_Occurrence;
   end Batch_Rendezvous;
   task Batch_Agent is
      --  rdv2po: general scheme agent of Batch_Rendezvous
   end Batch_Agent;

   protected body Batch is
      --  rdv2po: each call goes on to Batch_Rendezvous, as cancellable as it
      --  was
      entry Open (N : Natural) when True is
      begin
         requeue Batch_Rendezvous.Open with abort;
      end Open;

      entry Item (X : Integer; Sum : out Integer) when True is
      begin
         requeue Batch_Rendezvous.Item with abort;
      end Item;
   end Batch;

   protected body Batch_Rendezvous is

      entry Open (N : Natural)
        when Closed
          or else (Chosen = Batch_No_Entry
                   and then Open_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Batch_Open;
         Open_N := N;
         Open_Done := False;
         requeue Open_Queue;
      end Open;

      entry Item (X : Integer; Sum : out Integer)
        when Closed
          or else (Chosen = Batch_No_Entry
                   and then Item_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Batch_Item;
         Item_X := X;
         Item_Sum := Sum;
         Item_Done := False;
         requeue Item_Queue;
      end Item;

      entry Open_Accept_Begin (N : out Natural)
        when Chosen = Batch_Open is
      begin
         N := Open_N;
         Chosen := Batch_No_Entry;
      end Open_Accept_Begin;

      procedure Open_Accept_End is
      begin
         Open_Done := True;
      end Open_Accept_End;

      procedure Open_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Open_Failure, Occurrence);
         Open_Raised := True;
         Open_Done := True;
      end Open_Failed;

      entry Open_Queue (N : in Natural)
        when Open_Done or else Closed is
      begin
         if not Open_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Open_Done := False;
         if Open_Raised then
            Open_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Open_Failure);
         end if;
      end Open_Queue;

      entry Item_Accept_Begin (X : out Integer; Sum : out Integer)
        when Chosen = Batch_Item is
      begin
         X := Item_X;
         Sum := Item_Sum;
         Chosen := Batch_No_Entry;
      end Item_Accept_Begin;

      procedure Item_Accept_End (Sum : in Integer) is
      begin
         Item_Sum := Sum;
         Item_Done := True;
      end Item_Accept_End;

      procedure Item_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Item_Failure, Occurrence);
         Item_Raised := True;
         Item_Done := True;
      end Item_Failed;

      entry Item_Queue (X : in Integer; Sum : out Integer)
        when Item_Done or else Closed is
      begin
         if not Item_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Item_Done := False;
         if Item_Raised then
            Item_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Item_Failure);
         end if;
         Sum := Item_Sum;
      end Item_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Batch_Rendezvous;

   task body Batch_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Batch_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Batch_Closer);
      overriding procedure Finalize (Object : in out Batch_Closer) is
      begin
         Batch_Rendezvous.Close;
      end Finalize;
      Closer : Batch_Closer;
      Total : Integer := 0;
   begin
      declare
         N : Natural;
      begin
         Batch_Rendezvous.Open_Accept_Begin (N);
         begin
            Size := N;
         exception
            when Occurrence : others =>
               Batch_Rendezvous.Open_Failed (Occurrence);
               raise;
         end;
         Batch_Rendezvous.Open_Accept_End;
      end;
      for I in 1 .. Size loop
         declare
            X : Integer;
            Sum : Integer;
         begin
            Batch_Rendezvous.Item_Accept_Begin (X, Sum);
            begin
               Total := Total + X * I;
               Sum := Total;
            exception
               when Occurrence : others =>
                  Batch_Rendezvous.Item_Failed (Occurrence);
                  raise;
            end;
            Batch_Rendezvous.Item_Accept_End (Sum);
         end;
      end loop;
   end Batch_Agent;

end Batches;

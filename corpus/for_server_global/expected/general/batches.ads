--  A batch server: Open fixes the package variable Size, then Size items.
with Ada.Exceptions;
package Batches is

   Size : Natural := 0;

   type Batch_Entry is (Batch_No_Entry, Batch_Open, Batch_Item);
   --  rdv2po: task Batch became this protected object; its code runs in the
   --  task Batch_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Batch is
      entry Open (N : Natural);
      entry Item (X : Integer; Sum : out Integer);
      --  rdv2po: the rendezvous protocol, for Batch_Agent
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
   end Batch;
   task Batch_Agent is
      --  rdv2po: general scheme agent of Batch
   end Batch_Agent;

end Batches;

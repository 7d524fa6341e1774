with Ada.Text_IO; use Ada.Text_IO;

--  A sorter task requeues each parcel to one of its bins, protected objects in
--  an array declared in the task body, chosen by the parcel's weight.  The
--  general scheme's rendezvous object cannot name the bins, and the agent
--  cannot make this requeue for it: the index is evaluated at the requeue, and
--  an index out of range would raise after the object has let the caller go.
procedure Main is

   task Sorter is
      entry Drop (Weight : Integer);
   end Sorter;

   task body Sorter is
      protected type Bin is
         entry Put (Weight : Integer);
         procedure Release;
      private
         Open : Boolean := False;
      end Bin;

      protected body Bin is
         entry Put (Weight : Integer) when Open is
         begin
            Put_Line ("binned" & Integer'Image (Weight));
         end Put;

         procedure Release is
         begin
            Open := True;
         end Release;
      end Bin;

      Bins : array (1 .. 2) of Bin;
   begin
      accept Drop (Weight : Integer) do
         requeue Bins (1 + Weight / 10).Put;
      end Drop;
      Bins (1).Release;
      Bins (2).Release;
   end Sorter;

begin
   Sorter.Drop (7);
   Put_Line ("dropped");
   Put_Line ("PASSED");
end Main;

--  general scheme: two single tasks with the same name in two blocks; the
--  first run rewrites only one of them, says nothing about the other, and a
--  second run then rewrites the other (not idempotent).
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
begin
   A : declare
      package T is
         procedure E (X : Integer);
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end T;
      package body T is
         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry E;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept E
         end Turn;

         protected body Turn is
            entry E when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end E;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;

            entry Await_End when Over is
            begin
               null;
            end Await_End;
         end Turn;

         procedure E (X : Integer) is
         begin
            Turn.E;
            begin
               Put_Line ("A.T got" & Integer'Image (X));
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => True);   -- the task's end
         end E;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end T;
      T_Master : T.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      T.E (1);
   end A;
   B : declare
      package T is
         procedure E (X : Integer);
         type Master is limited private;   --  rdv2po: the task's master waits for it
      private
         type Master is new Ada.Finalization.Limited_Controlled with null record;
         overriding procedure Finalize (Self : in out Master);
      end T;
      package body T is
         --  The server's turn: a caller takes it at an entry named like the
         --  accept, runs the server's code in its own thread (outside any
         --  protected action), and gives it back.
         protected Turn is
            entry E;
            procedure Finish (Ended : Boolean);
            entry Await_End;   -- for the master's wait
         private
            Busy : Boolean := False;
            Over : Boolean := False;   -- the server has completed
            Stage : Positive := 1;   -- 1 at accept E
         end Turn;

         protected body Turn is
            entry E when Over or else (not Busy and then Stage = 1) is
            begin
               if Over then
                  raise Tasking_Error;
               end if;
               Busy := True;
               Stage := 2;
            end E;

            procedure Finish (Ended : Boolean) is
            begin
               Busy := False;
               Over := Ended;
            end Finish;

            entry Await_End when Over is
            begin
               null;
            end Await_End;
         end Turn;

         procedure E (X : Integer) is
         begin
            Turn.E;
            begin
               Put_Line ("B.T got" & Integer'Image (X));
            exception
               when others =>
                  Turn.Finish (Ended => True);
                  raise;
            end;
            Turn.Finish (Ended => True);   -- the task's end
         end E;

         overriding procedure Finalize (Self : in out Master) is
            pragma Unreferenced (Self);
         begin
            Turn.Await_End;   -- where the master waited for the task
         end Finalize;
      end T;
      T_Master : T.Master;  --  rdv2po: the task was activated here (its master waits for it)
   begin
      T.E (2);
   end B;
end Main;

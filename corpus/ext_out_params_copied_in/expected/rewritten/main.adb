with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Counter is new Integer with Default_Value => 0;
   type Ptr is access all Integer;
   package Server is
      procedure Bump (X : out Counter);
      procedure Fill (P : out Ptr);
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Server;
   package body Server is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Bump;
         entry Fill;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Bump, 2 at accept Fill
      end Turn;

      protected body Turn is
         entry Bump when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Bump;

         entry Fill when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 3;
         end Fill;

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

      procedure Bump (X : out Counter) is
      begin
         Turn.Bump;
         begin
            X := X + 1;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Bump;

      procedure Fill (P : out Ptr) is
      begin
         Turn.Fill;
         begin
            if P /= null then      -- access out: formal initialized from actual
               P.all := 99;
            else
               Put_Line ("P null");
            end if;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the task's end
      end Fill;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Server;
   C : Counter := 41;
   V : aliased Integer := 0;
   P : Ptr := V'Access;
   Server_Master : Server.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   Server.Bump (C);
   Put_Line ("C =" & C'Img);
   Server.Fill (P);
   Put_Line ("V =" & V'Img & " P null? " & Boolean'Image (P = null));
   Put_Line ("PASSED");
end Main;

--  Asynchronous selects the caller-runs scheme takes: one inside the
--  server's accept body, around a search that may run too long (the caller
--  runs it, the turn stays taken until the code after the select gives it
--  back), and one in the main program whose abortable part calls no entry
--  of the servers (Spin loops on a counter of its own).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Too_Long : exception;
   Spins : Natural := 0;

   procedure Spin is
   begin
      loop
         Spins := Spins + 1;
         delay 0.001;
      end loop;
   end Spin;

   function Steps (N : Positive) return Natural is
      K : Natural := 0;
      V : Positive := N;
   begin
      while V /= 1 loop
         V := (if V mod 2 = 0 then V / 2 else 3 * V + 1);
         K := K + 1;
      end loop;
      return K;
   end Steps;

   package Searcher is
      procedure Search (N : Positive; Limit : Duration; Found : out Integer);
   end Searcher;

   package body Searcher is
      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Search;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Search when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Search;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Search (N : Positive; Limit : Duration; Found : out Integer) is
      begin
         Turn.Search;
         begin
            begin
               Found := -1;
               select
                  delay Limit;
                  raise Too_Long;
               then abort
                  if N > 1000 then
                     Spin;
                  end if;
                  Found := Steps (N);
               end select;
               exception
               when Too_Long =>
                  Found := -2;
            end;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Search;
   end Searcher;

   protected Counter is
      procedure Add (N : Integer);
      procedure Total (T : out Integer);
   private
      --  rdv2po: task Counter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Counter;

   protected body Counter is

      procedure Add (N : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Total (T : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         T := Sum;
      end Total;

   end Counter;

   R : Integer;
begin
   Searcher.Search (27, 5.0, R);
   Put_Line ("steps of 27:" & Integer'Image (R));
   Counter.Add (R);
   Searcher.Search (5000, 0.05, R);
   Put_Line ("search of 5000:" & Integer'Image (R));
   Counter.Add (R);
   select
      delay 0.05;
      Put_Line ("spin stopped");
   then abort
      Spin;
   end select;
   Put_Line ("spun: " & Boolean'Image (Spins > 0));
   Counter.Total (R);
   Put_Line ("total:" & Integer'Image (R));
   Put_Line ("PASSED");
end Main;

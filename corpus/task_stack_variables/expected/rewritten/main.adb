--  Servers whose variables leave the task's stack when it is eliminated
--  (common/sizes.py): all of static size, well under rdv2po's 64 KiB bound.
--  Keeper (accepting) keeps a table of 1000 integers; Ring (a task type,
--  accepting) an array bounded by its discriminant, which its one object
--  gives as 4; Logger (caller-runs: it prints) a 16-character line.
--  Translated; beside corpus task_stack_variables_refused.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Table is array (1 .. 1_000) of Integer;
   type Slots is array (Positive range <>) of Integer;

   protected Keeper is
      procedure Put (I : Positive; V : Integer);
      procedure Get (I : Positive; V : out Integer);
   private
      --  rdv2po: task Keeper became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Data : Table := (others => 0);
   end Keeper;

   protected type Ring (Size : Positive) is
      procedure Add (V : Integer);
      procedure Sum (S : out Integer);
   private
      --  rdv2po: task Ring became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Items : Slots (1 .. Size) := (others => 0);
      Next  : Positive := 1;
   end Ring;

   package Logger is
      procedure Log (C : Character);
   end Logger;

   protected body Keeper is

      procedure Put (I : Positive; V : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Data (I) := V;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Put;

      procedure Get (I : Positive; V : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V := Data (I);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

   end Keeper;

   protected body Ring is

      procedure Add (V : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Items (Next) := V;
            Next := Next mod Size + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Sum (S : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            S := 0;
            for X of Items loop
               S := S + X;
            end loop;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Sum;

   end Ring;

   package body Logger is
      Line : String (1 .. 16) := (others => ' ');
      Last : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Log;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Log when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Log;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Log (C : Character) is
      begin
         Turn.Log;
         begin
            Last := Last + 1;
            Line (Last) := C;
            Put_Line ("log: " & Line (1 .. Last));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Log;
   end Logger;

   R : Ring (4);
   V : Integer;
begin
   Keeper.Put (500, 7);
   Keeper.Get (500, V);
   Put_Line ("keeper:" & V'Image);
   for I in 1 .. 6 loop
      R.Add (I);
   end loop;
   R.Sum (V);
   Put_Line ("ring:" & V'Image);
   Logger.Log ('o');
   Logger.Log ('k');
   Put_Line ("PASSED");
end Main;

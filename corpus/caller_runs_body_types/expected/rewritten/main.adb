with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Total : Integer := 0;

   --  A single task: its types, numbers, exception and renaming stay where
   --  they were written, in the package body that takes the task body's place.
   package Logger is
      procedure Log (N : Integer);
      procedure Stop;
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Logger;

   package body Logger is
      Max : constant := 50;
      type Level is (Low, Mid, High);
      subtype Warm is Level range Mid .. High;
      type Small is range 0 .. 10;
      subtype Tiny is Small range 0 .. 3;
      type Ring is array (Tiny) of Integer;
      type Entry_Kind is record
         Value : Integer;
         Kind  : Level;
      end record;
      Too_Big : exception;
      Sum : Integer renames Total;
      Seen : Ring := (others => 0);
      Last : Entry_Kind := (0, Low);
      Next : Tiny := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Log;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
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

         entry Stop when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Stop;

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

      procedure Log (N : Integer) is
      begin
         Turn.Log;
         begin
            begin
               if N > Max then
                  raise Too_Big;
               end if;
               Last := (N, (if N > 30 then High elsif N > 10 then Mid else Low));
               Seen (Next) := N;
               Next := (if Next = Tiny'Last then 0 else Next + 1);
               Sum := Sum + N;
               Put_Line ("logged" & Integer'Image (Last.Value) & " "
                         & Level'Image (Last.Kind)
                         & (if Last.Kind in Warm then " warm" else ""));
            exception
               when Too_Big =>
                  Put_Line ("too big:" & Integer'Image (N));
            end;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Log;

      procedure Stop is
      begin
         Turn.Stop;
         begin
            Put_Line ("ring" & Integer'Image (Seen (0)) & Integer'Image (Seen (1)));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => True);   -- the loop's exit
      end Stop;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Logger;

   --  A task type: its types and numbers move out before its package, under
   --  fresh names, for the record holding its variables to see them.
   Meter_Limit : constant := 4;
   type Meter_Level is (Calm, Brisk, Peak);
   subtype Meter_Reading is Integer range 0 .. 100;
   type Meter_History is array (1 .. Meter_Limit) of Meter_Reading;
   package Meter_Objects is
      type Meter (Id : Positive) is tagged limited private;
      procedure Add (Self : Meter; N : Integer);
      procedure Show (Self : Meter);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Meter_Turn is
         entry Add;
         entry Show;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Meter_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Meter (Id : Positive) is tagged limited record
         This : not null access Meter := Meter'Unchecked_Access;   -- writable from any view
         Turn : Meter_Turn;
         Seen : Meter_History := (others => 0);
         Last : Meter_Level := Calm;
         Count : Natural := 0;
      end record;
   end Meter_Objects;
   subtype Meter is Meter_Objects.Meter;

   package body Meter_Objects is
      protected body Meter_Turn is
         entry Add when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Add;

         entry Show when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Show;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Meter_Turn;

      procedure Add (Self : Meter; N : Integer) is
         Turn : Meter_Turn renames Self.This.Turn;
         Id : Positive renames Self.Id;
         Seen : Meter_History renames Self.This.Seen;
         Last : Meter_Level renames Self.This.Last;
         Count : Natural renames Self.This.Count;
      begin
         Turn.Add;
         begin
            Count := Count mod Meter_Limit + 1;
            Seen (Count) := N;
            Last := (if N > 30 then Peak elsif N > 10 then Brisk else Calm);
            Put_Line ("meter" & Positive'Image (Id) & " " & Meter_Level'Image (Last));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Add;

      procedure Show (Self : Meter) is
         Turn : Meter_Turn renames Self.This.Turn;
         Seen : Meter_History renames Self.This.Seen;
      begin
         Turn.Show;
         begin
            for R of Seen loop
               Put (Meter_Reading'Image (R));
            end loop;
            New_Line;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Show;
   end Meter_Objects;

   A : Meter (1);
   B : Meter (2);
   Logger_Master : Logger.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   Logger.Log (5);
   Logger.Log (20);
   Logger.Log (70);
   Logger.Log (40);
   Logger.Stop;
   A.Add (5);
   B.Add (40);
   A.Add (20);
   A.Show;
   B.Show;
   Put_Line ("total" & Integer'Image (Total));
   Put_Line ("PASSED");
end Main;

--  Task types the caller-runs scheme takes: each object holds its own turn
--  and its own variables.  Senders, one per line, are started with a name
--  (an accept before the loop), print what they are sent, and stop (the
--  statements after the loop print a count).  Objects are declared, in an
--  anonymous array, made by an allocator and reached through an access
--  value, passed as an in parameter; a timed call is made on one.  A call
--  whose accept body raises reaches the caller and ends that sender; later
--  calls raise Tasking_Error.  The senders' master waits for them (the one
--  stopped prints its count first; the others end at their terminate
--  alternative).  Tallies can always terminate (a terminate
--  alternative and no accept before the loop): they are components of a
--  record and of a named array type.  Greeters print when they start (the
--  task's start-up code, each object's when it is made) with a variable
--  holding a discriminant's value.  A single task with an accept before its
--  loop is taken the same way.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Sender_Objects is
      type Sender (Line : Positive) is tagged limited private;
      procedure Start (Self : Sender; Name : String);
      procedure Send (Self : Sender; Data : String);
      procedure Try_Send (Self : Sender; Data : String; Within : Duration; Taken : out Boolean);
      procedure Count (Self : Sender; N : out Natural);
      procedure Stop (Self : Sender);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Sender_Turn is
         entry Start;
         entry Send;
         entry Count;
         entry Stop;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the object's finalization
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Start, 2 at the server loop
      end Sender_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Sender (Line : Positive) is new Ada.Finalization.Limited_Controlled with record
         This : not null access Sender := Sender'Unchecked_Access;   -- writable from any view
         Turn : Sender_Turn;
         Tag : String (1 .. 4) := "????";
         Sent : Natural := 0;
      end record;
      overriding procedure Finalize (Self : in out Sender);
   end Sender_Objects;
   subtype Sender is Sender_Objects.Sender;

   package body Sender_Objects is
      protected body Sender_Turn is
         entry Start when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Start;

         entry Send when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Send;

         entry Count when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Count;

         entry Stop when Over or else (not Busy and then Stage = 2) is
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

         entry Await_End when Over or else (not Busy and then Stage = 2) is
         begin
            null;
         end Await_End;
      end Sender_Turn;

      procedure Start (Self : Sender; Name : String) is
         Turn : Sender_Turn renames Self.This.Turn;
         Line : Positive renames Self.Line;
         Tag : String renames Self.This.Tag;
         Ended : Boolean := False;
      begin
         Turn.Start;
         begin
            Tag := Name (Name'First .. Name'First + 3);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Put_Line (Tag & " ready on line" & Positive'Image (Line));
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Start;

      procedure Serve_Send (Self : Sender; Data : String) is
         Turn : Sender_Turn renames Self.This.Turn;
         Line : Positive renames Self.Line;
         Tag : String renames Self.This.Tag;
         Sent : Natural renames Self.This.Sent;
         Ended : Boolean := False;
      begin
         begin
            if Data = "" then
               raise Constraint_Error;
            end if;
            Put_Line (Tag & Positive'Image (Line) & ": " & Data);
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Sent := Sent + 1;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Serve_Send;

      procedure Send (Self : Sender; Data : String) is
         Turn : Sender_Turn renames Self.This.Turn;
      begin
         Turn.Send;
         Serve_Send (Self, Data);
      end Send;

      procedure Try_Send (Self : Sender; Data : String; Within : Duration; Taken : out Boolean) is
         Turn : Sender_Turn renames Self.This.Turn;
      begin
         select
            Turn.Send;
            Taken := True;
         or
            delay Within;
            Taken := False;
         end select;
         if Taken then
            Serve_Send (Self, Data);
         end if;
      end Try_Send;

      procedure Count (Self : Sender; N : out Natural) is
         Turn : Sender_Turn renames Self.This.Turn;
         Sent : Natural renames Self.This.Sent;
      begin
         Turn.Count;
         begin
            N := Sent;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Count;

      procedure Stop (Self : Sender) is
         Turn : Sender_Turn renames Self.This.Turn;
         Tag : String renames Self.This.Tag;
         Sent : Natural renames Self.This.Sent;
         Ended : Boolean := False;
      begin
         Turn.Stop;
         begin
            Ended := True;   -- exit;
            Put_Line (Tag & " stops after" & Natural'Image (Sent));
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Stop;

      --  The task's master waited for it to terminate: the object's waits until
      --  the server has completed or is at a select with a terminate alternative.
      overriding procedure Finalize (Self : in out Sender) is
      begin
         Self.Turn.Await_End;
      end Finalize;
   end Sender_Objects;

   package Tally_Objects is
      type Tally is tagged limited private;
      procedure Add (Self : Tally; N : Integer);
      procedure Total (Self : Tally; N : out Integer);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Tally_Turn is
         entry Add;
         entry Total;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Tally_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Tally is tagged limited record
         This : not null access Tally := Tally'Unchecked_Access;   -- writable from any view
         Turn : Tally_Turn;
         Sum : Integer := 0;
      end record;
   end Tally_Objects;
   subtype Tally is Tally_Objects.Tally;

   package body Tally_Objects is
      protected body Tally_Turn is
         entry Add when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Add;

         entry Total when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Total;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Tally_Turn;

      procedure Add (Self : Tally; N : Integer) is
         Turn : Tally_Turn renames Self.This.Turn;
         Sum : Integer renames Self.This.Sum;
      begin
         Turn.Add;
         begin
            Sum := Sum + N;
            Put_Line ("add" & Integer'Image (N));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Add;

      procedure Total (Self : Tally; N : out Integer) is
         Turn : Tally_Turn renames Self.This.Turn;
         Sum : Integer renames Self.This.Sum;
      begin
         Turn.Total;
         begin
            N := Sum;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Total;
   end Tally_Objects;

   package Greeter_Objects is
      type Greeter (Id : Positive) is tagged limited private;
      procedure Greet (Self : Greeter; Who : String);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Greeter_Turn is
         entry Greet;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Greeter_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Greeter (Id : Positive) is new Ada.Finalization.Limited_Controlled with record
         This : not null access Greeter := Greeter'Unchecked_Access;   -- writable from any view
         Turn : Greeter_Turn;
         Mine : Positive := Id;
         Greeted : Natural := 0;
      end record;
      overriding procedure Initialize (Self : in out Greeter);
   end Greeter_Objects;
   subtype Greeter is Greeter_Objects.Greeter;

   package body Greeter_Objects is
      protected body Greeter_Turn is
         entry Greet when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Greet;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Greeter_Turn;

      procedure Greet (Self : Greeter; Who : String) is
         Turn : Greeter_Turn renames Self.This.Turn;
         Mine : Positive renames Self.This.Mine;
         Greeted : Natural renames Self.This.Greeted;
         Ended : Boolean := False;
      begin
         Turn.Greet;
         begin
            Put_Line ("hello " & Who & " from" & Positive'Image (Mine));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Greeted := Greeted + 1;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Greet;

      --  What the task did before its first accept, done when the object is made,
      --  where it was activated.
      overriding procedure Initialize (Self : in out Greeter) is
         Turn : Greeter_Turn renames Self.This.Turn;
         Mine : Positive renames Self.This.Mine;
      begin
         Put_Line ("greeter" & Positive'Image (Mine) & " up");
      exception
         when others =>   -- the server dies of it, silently
            Turn.Finish (Ended => True);
      end Initialize;
   end Greeter_Objects;

   package Gate is
      procedure Open (Code : Integer);
      procedure Pass (Who : String);
      type Master is limited private;   --  rdv2po: the task's master waits for it
   private
      type Master is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Self : in out Master);
   end Gate;

   package body Gate is
      Key : Integer := 0;
      Passed : Natural := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Open;
         entry Pass;
         procedure Finish (Ended : Boolean);
         entry Await_End;   -- for the master's wait
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
         Stage : Positive := 1;   -- 1 at accept Open, 2 at the server loop
      end Turn;

      protected body Turn is
         entry Open when Over or else (not Busy and then Stage = 1) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
            Stage := 2;
         end Open;

         entry Pass when Over or else (not Busy and then Stage = 2) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Pass;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;

         entry Await_End when Over or else (not Busy and then Stage = 2) is
         begin
            null;
         end Await_End;
      end Turn;

      procedure Open (Code : Integer) is
         Ended : Boolean := False;
      begin
         Turn.Open;
         begin
            Key := Code;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Put_Line ("gate open with" & Integer'Image (Key));
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Open;

      procedure Pass (Who : String) is
         Ended : Boolean := False;
      begin
         Turn.Pass;
         begin
            Put_Line (Who & " passes");
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Passed := Passed + 1;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Pass;

      overriding procedure Finalize (Self : in out Master) is
         pragma Unreferenced (Self);
      begin
         Turn.Await_End;   -- where the master waited for the task
      end Finalize;
   end Gate;

   procedure Flush (S : Sender) is
      N : Natural;
   begin
      S.Count (N);
      Put_Line ("count" & Natural'Image (N));
   end Flush;

   procedure Senders is
      type Sender_Access is access Sender;
      One : Sender (1);
      Pool : array (1 .. 2) of Sender (2);
      Far : Sender_Access := new Sender (3);
   begin
      One.Start ("modem");
      One.Send ("at");
      One.Send ("dial");
      Flush (One);
      for I in Pool'Range loop
         Pool (I).Start ((if I = 1 then "left" else "right"));
         Pool (I).Send ("key" & Integer'Image (I));
         Flush (Pool (I));
      end loop;
      Far.Start ("serial");
      declare
         Taken : Boolean;
      begin
         Far.Try_Send ("timed", Within => 5.0, Taken => Taken);
         if Taken then
            Put_Line ("timed call taken");
         else
            Put_Line ("timed call not taken");
         end if;
      end;
      Flush (Far.all);
      begin
         Far.Send ("");
      exception
         when Constraint_Error => Put_Line ("empty data: Constraint_Error");
      end;
      begin
         Far.Send ("after");
      exception
         when Tasking_Error => Put_Line ("call on an ended sender: Tasking_Error");
      end;
      One.Stop;          --  the pool's senders end at their terminate alternative
   end Senders;

   procedure Tallies is
      type Pair is record
         Left, Right : Tally;
      end record;
      type Row is array (1 .. 3) of Tally;
      P : Pair;
      R : Row;
      N : Integer;
   begin
      P.Left.Add (1);
      P.Right.Add (2);
      for T of R loop
         T.Add (10);
      end loop;
      R (3).Add (5);
      R (3).Total (N);
      Put_Line ("row total" & Integer'Image (N));
      P.Right.Total (N);
      Put_Line ("right total" & Integer'Image (N));
   end Tallies;
   procedure Greeters is
      type Greeter_Access is access Greeter;
      G : Greeter (1);
   begin
      G.Greet ("ann");
      declare
         H : constant Greeter_Access := new Greeter (2);
      begin
         H.Greet ("bob");
      end;
   end Greeters;
   Gate_Master : Gate.Master;  --  rdv2po: the task was activated here (its master waits for it)
begin
   Senders;
   Tallies;
   Greeters;
   Gate.Open (42);
   Gate.Pass ("ann");
   Gate.Pass ("bob");
   Put_Line ("PASSED");
end Main;

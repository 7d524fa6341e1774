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
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Sender (Line : Positive) is
      entry Start (Name : String);
      entry Send (Data : String);
      entry Count (N : out Natural);
      entry Stop;
   end Sender;

   task body Sender is
      Tag : String (1 .. 4) := "????";
      Sent : Natural := 0;
   begin
      accept Start (Name : String) do
         Tag := Name (Name'First .. Name'First + 3);
      end Start;
      Put_Line (Tag & " ready on line" & Positive'Image (Line));
      loop
         select
            accept Send (Data : String) do
               if Data = "" then
                  raise Constraint_Error;
               end if;
               Put_Line (Tag & Positive'Image (Line) & ": " & Data);
            end Send;
            Sent := Sent + 1;
         or
            accept Count (N : out Natural) do
               N := Sent;
            end Count;
         or
            accept Stop;
            exit;
         or
            terminate;
         end select;
      end loop;
      Put_Line (Tag & " stops after" & Natural'Image (Sent));
   end Sender;

   task type Tally is
      entry Add (N : Integer);
      entry Total (N : out Integer);
   end Tally;

   task body Tally is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
               Put_Line ("add" & Integer'Image (N));
            end Add;
         or
            accept Total (N : out Integer) do
               N := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Tally;

   task type Greeter (Id : Positive) is
      entry Greet (Who : String);
   end Greeter;

   task body Greeter is
      Mine : Positive := Id;
      Greeted : Natural := 0;
   begin
      Put_Line ("greeter" & Positive'Image (Mine) & " up");
      loop
         select
            accept Greet (Who : String) do
               Put_Line ("hello " & Who & " from" & Positive'Image (Mine));
            end Greet;
            Greeted := Greeted + 1;
         or
            terminate;
         end select;
      end loop;
   end Greeter;

   task Gate is
      entry Open (Code : Integer);
      entry Pass (Who : String);
   end Gate;

   task body Gate is
      Key : Integer := 0;
      Passed : Natural := 0;
   begin
      accept Open (Code : Integer) do
         Key := Code;
      end Open;
      Put_Line ("gate open with" & Integer'Image (Key));
      loop
         select
            accept Pass (Who : String) do
               Put_Line (Who & " passes");
            end Pass;
            Passed := Passed + 1;
         or
            terminate;
         end select;
      end loop;
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
      select
         Far.Send ("timed");
         Put_Line ("timed call taken");
      or
         delay 5.0;
         Put_Line ("timed call not taken");
      end select;
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
begin
   Senders;
   Tallies;
   Greeters;
   Gate.Open (42);
   Gate.Pass ("ann");
   Gate.Pass ("bob");
   Put_Line ("PASSED");
end Main;

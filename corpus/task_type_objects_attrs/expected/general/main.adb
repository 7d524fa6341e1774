--  'Callable, 'Terminated and abort of the objects of a task type that
--  becomes a protected type: a plain object, elements of an array, record
--  components, an object reached through an access value (P and P.all), an
--  object passed as an in parameter to a procedure that aborts it, and an
--  abort naming an object with a single task.  A caller waiting on a closed
--  entry of an aborted object gets Tasking_Error, as do later callers; the
--  other objects keep serving.  Waits for 'Terminated are bounded polls, so
--  what is printed does not depend on timing.
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is

   task type Counter is
      entry Add (N : Integer);
      entry Get (Total : out Integer);
      entry Stop;
   end Counter;

   task body Counter is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
         or
            when Sum > 0 =>
               accept Get (Total : out Integer) do
                  Total := Sum;
               end Get;
         or
            accept Stop;
            exit;
         or
            terminate;
         end select;
      end loop;
   end Counter;

   type Counter_Ptr is access Counter;

   type Pair is record
      Left, Right : Counter;
   end record;

   type Idle_Entry is (Idle_No_Entry, Idle_Never);
   --  rdv2po: task Idle became this protected object; its code runs in the
   --  task Idle_Agent, declared after it (general scheme: each rendezvous goes
   --  through the object)
   protected Idle is
      entry Never;
      --  rdv2po: the rendezvous protocol, for Idle_Agent
      entry Never_Accept_Begin;
      procedure Close;
   private
      Chosen : Idle_Entry := Idle_No_Entry;
      Closed : Boolean := False;
   end Idle;
   task Idle_Agent is
      --  rdv2po: general scheme agent of Idle
   end Idle_Agent;

   protected body Idle is

      entry Never
        when Closed
          or else (Chosen = Idle_No_Entry
                   and then Never_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Idle_Never;
      end Never;

      entry Never_Accept_Begin
        when Chosen = Idle_Never is
      begin
         Chosen := Idle_No_Entry;
      end Never_Accept_Begin;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Idle;

   task body Idle_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Idle_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Idle_Closer);
      overriding procedure Finalize (Object : in out Idle_Closer) is
      begin
         Idle.Close;
      end Finalize;
      Closer : Idle_Closer;
   begin
      Idle.Never_Accept_Begin;
   end Idle_Agent;

   Solo : Counter;
   Pool : array (1 .. 3) of Counter;
   Both : Pair;
   Far  : constant Counter_Ptr := new Counter;
   Last : Counter;

   procedure Wait_Terminated (C : Counter) is
   begin
      for I in 1 .. 1_000 loop
         exit when C'Terminated;
         delay 0.001;
      end loop;
   end Wait_Terminated;

   procedure Show (Name : String; C : Counter) is
   begin
      Put_Line (Name & ": callable " & Boolean'Image (C'Callable)
                & ", terminated " & Boolean'Image (C'Terminated));
   end Show;

   procedure Kill (C : Counter) is
   begin
      abort C;
   end Kill;

   procedure Try_Add (Name : String; C : in out Counter) is
   begin
      C.Add (1);
      Put_Line (Name & ": Add accepted");
   exception
      when Tasking_Error =>
         Put_Line (Name & ": Add raised Tasking_Error");
   end Try_Add;

   Total : Integer;
begin
   Show ("Solo", Solo);
   Solo.Add (4);
   Solo.Get (Total);
   Put_Line ("Solo total" & Integer'Image (Total));
   Solo.Stop;
   Wait_Terminated (Solo);
   Show ("Solo after Stop", Solo);
   Try_Add ("Solo after Stop", Solo);

   declare
      Saw : String (1 .. 13) := "nothing      ";
      task Waiter;
      task body Waiter is
         T : Integer;
      begin
         Pool (2).Get (T);        --  closed: Sum is 0
         Saw := "got a total  ";
      exception
         when Tasking_Error =>
            Saw := "Tasking_Error";
      end Waiter;
   begin
      delay 0.05;
      abort Pool (2);
      Put_Line ("Pool (2) callable right after abort: "
                & Boolean'Image (Pool (2)'Callable));
      delay 0.0;
      while Waiter'Callable loop
         delay 0.001;
      end loop;
      Put_Line ("waiter on Pool (2).Get: " & Saw);
   end;
   Wait_Terminated (Pool (2));
   Show ("Pool (2)", Pool (2));
   Try_Add ("Pool (2)", Pool (2));
   Try_Add ("Pool (1)", Pool (1));
   Show ("Pool (1)", Pool (1));

   Kill (Pool (3));
   Wait_Terminated (Pool (3));
   Show ("Pool (3) after Kill", Pool (3));
   Try_Add ("Pool (3)", Pool (3));

   abort Both.Left;
   Wait_Terminated (Both.Left);
   Put_Line ("Both.Left terminated " & Boolean'Image (Both.Left'Terminated)
             & ", Both.Right callable " & Boolean'Image (Both.Right'Callable));
   Try_Add ("Both.Left", Both.Left);
   Try_Add ("Both.Right", Both.Right);

   Far.Add (5);
   Put_Line ("Far callable " & Boolean'Image (Far'Callable));
   abort Far.all;
   Wait_Terminated (Far.all);
   Put_Line ("Far.all callable " & Boolean'Image (Far.all'Callable)
             & ", terminated " & Boolean'Image (Far'Terminated));
   Try_Add ("Far", Far.all);

   abort Last, Idle_Agent;
   Idle.Close;  --  rdv2po: abnormal now
   Wait_Terminated (Last);
   for I in 1 .. 1_000 loop
      exit when Idle_Agent'Terminated;
      delay 0.001;
   end loop;
   Put_Line ("Last terminated " & Boolean'Image (Last'Terminated)
             & ", Idle terminated " & Boolean'Image (Idle_Agent'Terminated));
   Try_Add ("Last", Last);
   Put_Line ("PASSED");
end Main;

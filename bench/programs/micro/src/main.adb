--  Micro-benchmarks after the paper's Table 1 (ACES tk_lf01, tk_lf03,
--  pt_po04 .. pt_po06), plus the two contention cases the paper says ACES
--  lacks: two tasks passing a protected object back and forth (every call
--  waits), and four tasks calling one entry of a server task.
--
--  Each operation runs N times in a test loop that differs from a control
--  loop only by the operation (Clapp et al.); the time reported is the
--  test loop's less the control loop's.  Standard output says what ran
--  and whether its results add up; the measurements go to standard error
--  (Bench_Support).  Argument: an optional positive scale (default 1).

with Ada.Command_Line; use Ada.Command_Line;
with Ada.Real_Time;    use Ada.Real_Time;
with Ada.Text_IO;      use Ada.Text_IO;
with Bench_Support;    use Bench_Support;
with Cells;
with Crowd;
with Loops;
with Servers;

procedure Main is

   Scale  : Positive := 1;
   Failed : Boolean := False;

   procedure Report (Label : String; N : Natural; Span : Time_Span;
                     Switched : Switch_Count; Right : Boolean) is
   begin
      Put_Time (Label, Span);
      Put_Count (Label, N);
      Put_Switches (Label, Switched);
      Put_Line (Label & Natural'Image (N) & " operations"
                & (if Right then ", results right" else ", results WRONG"));
      Failed := Failed or not Right;
   end Report;

   function Control_Loop (N : Natural) return Time_Span is
      I  : Natural := 0;
      T0 : constant Time := Clock;
   begin
      while I /= N loop
         Loops.Control;
         Loops.Increment (I);
      end loop;
      return Clock - T0;
   end Control_Loop;

   procedure Create_Terminate (N : Natural) is
      Control : constant Time_Span := Control_Loop (N);
      I  : Natural := 0;
      S0 : constant Switch_Count := Switches;
      T0 : constant Time := Clock;
   begin
      while I /= N loop
         Loops.Control;
         declare
            T : Crowd.Null_Task;
            pragma Unreferenced (T);
         begin
            null;
         end;
         Loops.Increment (I);
      end loop;
      Report ("create_terminate", N, Clock - T0 - Control, Switches - S0,
              I = N);
   end Create_Terminate;

   procedure Entry_Accept (N : Natural) is
      Control : constant Time_Span := Control_Loop (N);
      I  : Natural := 0;
      S0 : constant Switch_Count := Switches;
      T0 : constant Time := Clock;
   begin
      while I /= N loop
         Loops.Control;
         Servers.Echo.Call;
         Loops.Increment (I);
      end loop;
      Report ("entry_accept", N, Clock - T0 - Control, Switches - S0, I = N);
   end Entry_Accept;

   procedure Protected_Function (N : Natural) is
      Control : constant Time_Span := Control_Loop (N);
      I   : Natural := 0;
      Sum : Natural := 0;
      S0  : Switch_Count;
      T0  : Time;
   begin
      Cells.Cell.Put (3);
      S0 := Switches;
      T0 := Clock;
      while I /= N loop
         Loops.Control;
         Sum := Sum + Cells.Cell.Get;
         Loops.Increment (I);
      end loop;
      Report ("protected_function", N, Clock - T0 - Control, Switches - S0,
              Sum = 3 * N);
   end Protected_Function;

   procedure Protected_Procedure (N : Natural) is
      Control : constant Time_Span := Control_Loop (N);
      I  : Natural := 0;
      S0 : constant Switch_Count := Switches;
      T0 : constant Time := Clock;
   begin
      while I /= N loop
         Loops.Control;
         Cells.Cell.Put (I);
         Loops.Increment (I);
      end loop;
      Report ("protected_procedure", N, Clock - T0 - Control, Switches - S0,
              Cells.Cell.Get = N - 1);
   end Protected_Procedure;

   procedure Protected_Entry (N : Natural) is
      Control : constant Time_Span := Control_Loop (N);
      I  : Natural := 0;
      X  : Natural := 0;
      S0 : Switch_Count;
      T0 : Time;
   begin
      Cells.Cell.Put (0);
      S0 := Switches;
      T0 := Clock;
      while I /= N loop
         Loops.Control;
         Cells.Cell.Take (X);
         Loops.Increment (I);
      end loop;
      Report ("protected_entry", N, Clock - T0 - Control, Switches - S0,
              X = N - 1 and then Cells.Cell.Get = N);
   end Protected_Entry;

   --  Two tasks pass Baton back and forth: N passes.
   procedure Protected_Handoff (N : Natural) is
      Done_Ping, Done_Pong : Natural;
      S0 : constant Switch_Count := Switches;
      T0 : constant Time := Clock;
      T1 : Time;
   begin
      declare
         Ping, Pong : Crowd.Passer;
      begin
         Ping.Start (N, Crowd.Ping_Side);
         Pong.Start (N, Crowd.Pong_Side);
         Ping.Finish (Done_Ping);
         Pong.Finish (Done_Pong);
      end;
      T1 := Clock;
      Report ("protected_handoff", N, T1 - T0, Switches - S0,
              Done_Ping = N and then Done_Pong = N
                and then Cells.Baton.Passes = N);
   end Protected_Handoff;

   --  Four tasks call Counter.Bump N / 4 times each.
   procedure Contention (N : Natural) is
      Callers : constant := 4;
      Each    : constant Positive := N / Callers;
      Done    : Natural;
      All_Done : Boolean := True;
      Total   : Natural;
      S0 : constant Switch_Count := Switches;
      T0 : constant Time := Clock;
      T1 : Time;
   begin
      declare
         Crowded : array (1 .. Callers) of Crowd.Caller;
      begin
         for C of Crowded loop
            C.Start (Each);
         end loop;
         Crowd.Gate.Open;
         for C of Crowded loop
            C.Finish (Done);
            All_Done := All_Done and Done = Each;
         end loop;
      end;
      T1 := Clock;
      Servers.Counter.Total (Total);
      Report ("contention_4", Each * Callers, T1 - T0, Switches - S0,
              All_Done and then Total = Each * Callers);
   end Contention;

begin
   if Argument_Count >= 1 then
      begin
         Scale := Positive'Value (Argument (1));
      exception
         when Constraint_Error =>
            Put_Line (Standard_Error,
                      "usage: main [scale]  (positive integer)");
            Set_Exit_Status (Failure);
            return;
      end;
   end if;
   Create_Terminate (400 * Scale);
   Entry_Accept (4_000 * Scale);
   Protected_Function (200_000 * Scale);
   Protected_Procedure (200_000 * Scale);
   Protected_Entry (200_000 * Scale);
   Protected_Handoff (4_000 * Scale);
   Contention (4_000 * Scale);
   if Failed or else Loops.Controls = 0 then
      Put_Line ("FAILED");
      Set_Exit_Status (Failure);
   else
      Put_Line ("PASSED");
   end if;
end Main;

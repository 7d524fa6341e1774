--  The programs' side of the bench protocol (docs/bench.md).  Results go to
--  standard output, which the harness compares between versions; every
--  measurement goes to standard error, one line each, which the harness
--  parses and never compares:
--
--    time <label> <seconds>        elapsed time measured in the program
--    switches <label> <count>      context switches of the whole process
--    count <label> <n>             operations behind a time (micro-benchmarks)
--
--  Any other line on standard error is kept as information.

with Ada.Real_Time;

package Bench_Support is

   type Switch_Count is range 0 .. 2 ** 62;

   --  Voluntary plus involuntary context switches of the whole process so
   --  far, all threads (tasks) included, also those already ended:
   --  getrusage (RUSAGE_SELF), the same accounting os.wait4 reads at exit.
   function Switches return Switch_Count;

   --  User plus system CPU time of the whole process so far, all threads:
   --  time the program kept a CPU busy, whatever it waited for otherwise.
   function CPU_Time return Duration;

   procedure Put_Time (Label : String; Span : Ada.Real_Time.Time_Span);
   procedure Put_Time (Label : String; Seconds : Duration);
   procedure Put_Switches (Label : String; Count : Switch_Count);
   procedure Put_Count (Label : String; N : Natural);

end Bench_Support;

with Ada.Text_IO;  use Ada.Text_IO;
with Interfaces.C; use Interfaces.C;

package body Bench_Support is

   --  struct rusage on Linux: two struct timeval, then fourteen longs, of
   --  which ru_nvcsw and ru_nivcsw are the last two.
   type Rusage is array (1 .. 18) of long with Convention => C;
   Nvcsw  : constant := 17;
   Nivcsw : constant := 18;

   RUSAGE_SELF : constant int := 0;

   function Getrusage (Who : int; Usage : access Rusage) return int
     with Import, Convention => C, External_Name => "getrusage";

   function Self return Rusage is
      Usage : aliased Rusage := (others => 0);
   begin
      if Getrusage (RUSAGE_SELF, Usage'Access) /= 0 then
         raise Program_Error with "getrusage failed";
      end if;
      return Usage;
   end Self;

   function Switches return Switch_Count is
      Usage : constant Rusage := Self;
   begin
      return Switch_Count (Usage (Nvcsw) + Usage (Nivcsw));
   end Switches;

   function CPU_Time return Duration is
      Usage : constant Rusage := Self;
      --  ru_utime and ru_stime: seconds and microseconds each
      Micro : constant long :=
        (Usage (1) + Usage (3)) * 1_000_000 + Usage (2) + Usage (4);
   begin
      return Duration (Micro) / 1_000_000;
   end CPU_Time;

   procedure Put_Time (Label : String; Span : Ada.Real_Time.Time_Span) is
   begin
      Put_Time (Label, Ada.Real_Time.To_Duration (Span));
   end Put_Time;

   procedure Put_Time (Label : String; Seconds : Duration) is
   begin
      Put_Line (Standard_Error, "time " & Label & Duration'Image (Seconds));
   end Put_Time;

   procedure Put_Switches (Label : String; Count : Switch_Count) is
   begin
      Put_Line (Standard_Error,
                "switches " & Label & Switch_Count'Image (Count));
   end Put_Switches;

   procedure Put_Count (Label : String; N : Natural) is
   begin
      Put_Line (Standard_Error, "count " & Label & Natural'Image (N));
   end Put_Count;

end Bench_Support;

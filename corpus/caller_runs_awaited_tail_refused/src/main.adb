--  One-shot servers whose last work begins with a delay, each with a caller
--  that may be seen to go on before the server terminates: the caller would
--  run that delay before it returns, and be late where the original was not.
--  Every one stays a task; beside corpus caller_runs_awaited_tail.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   Total : Integer := 0;
   Halt : exception;

   --  its caller prints after the call, before its block ends
   task type Herald is
      entry Give (N : Integer);
   end Herald;

   task body Herald is
      Kept : Integer := 0;
   begin
      accept Give (N : Integer) do
         Kept := N;
      end Give;
      delay 0.02;
      Total := Total + Kept;
   end Herald;

   --  its caller raises after the call, and the block's own handler catches it
   task type Keeper is
      entry Give (N : Integer);
   end Keeper;

   task body Keeper is
      Kept : Integer := 0;
   begin
      accept Give (N : Integer) do
         Kept := N;
      end Give;
      delay 0.02;
      Total := Total + Kept;
   end Keeper;

   --  its object is made by an allocator: the access type's master awaits it
   task type Porter is
      entry Give (N : Integer);
   end Porter;

   task body Porter is
      Kept : Integer := 0;
   begin
      accept Give (N : Integer) do
         Kept := N;
      end Give;
      delay 0.02;
      Total := Total + Kept;
   end Porter;

   --  called in a loop
   task type Runner is
      entry Give (N : Integer);
   end Runner;

   task body Runner is
      Kept : Integer := 0;
   begin
      accept Give (N : Integer) do
         Kept := N;
      end Give;
      delay 0.02;
      Total := Total + Kept;
   end Runner;

   type Porter_Ref is access Porter;
begin
   declare
      H : Herald;
   begin
      H.Give (1);
      Put_Line ("given to the herald");
   end;

   declare
      K : Keeper;
   begin
      K.Give (10);
      raise Halt;
   exception
      when Halt =>
         Put_Line ("halted:" & Integer'Image (Total));
   end;

   declare
      P : constant Porter_Ref := new Porter;
   begin
      P.Give (100);
   end;

   declare
      Team : array (1 .. 2) of Runner;
   begin
      for I in Team'Range loop
         Team (I).Give (1000);
      end loop;
   end;
   delay 0.1;     -- the porter, awaited by nobody here, is done by now
   Put_Line ("total:" & Integer'Image (Total));
   Put_Line ("PASSED");
end Main;

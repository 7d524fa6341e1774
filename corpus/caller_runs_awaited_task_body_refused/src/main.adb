--  One-shot servers whose last work begins with a delay, each called as the
--  last thing of a task body by a task whose completion someone may see before
--  the server's end: the calling task would complete later, after running that
--  delay.  Every one stays a task; beside corpus caller_runs_awaited_task_body.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   --  one variable per server: their last works may run at the same time
   Heralded, Kept_By_Keeper, Ported : Integer := 0;
   pragma Volatile (Heralded);
   pragma Volatile (Kept_By_Keeper);
   pragma Volatile (Ported);

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
      Heralded := Kept;
   end Herald;

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
      Kept_By_Keeper := Kept;
   end Keeper;

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
      Ported := Kept;
   end Porter;

   --  its entry is called: that caller gets Tasking_Error once it completes
   task Announcer is
      entry Ping;
   end Announcer;

   task body Announcer is
      H : Herald;
   begin
      H.Give (1);
   end Announcer;

   --  it accepts an entry before it calls
   task Guard is
      entry Go;
   end Guard;

   task body Guard is
      K : Keeper;
   begin
      accept Go;
      K.Give (10);
   end Guard;

   --  the main program asks whether it is callable
   task Carrier;

   task body Carrier is
      P : Porter;
   begin
      P.Give (100);
   end Carrier;

begin
   begin
      Announcer.Ping;
      Put_Line ("ping accepted");
   exception
      when Tasking_Error =>
         Put_Line ("ping: Tasking_Error");
   end;
   Guard.Go;
   while Carrier'Callable loop
      delay 0.01;
   end loop;
   Put_Line ("carrier completed");
   while not (Announcer'Terminated and Guard'Terminated and Carrier'Terminated) loop
      delay 0.01;
   end loop;
   Put_Line ("total:" & Integer'Image (Heralded + Kept_By_Keeper + Ported));
   Put_Line ("PASSED");
end Main;

--  'Callable, 'Terminated and 'Identity of servers that print (the
--  accepting scheme refuses them for that), which the caller-runs scheme
--  refuses with each reason: the attribute in the task's own body; a select
--  whose guards may all be closed (the task would raise Program_Error there
--  and complete, the turn would only stay closed); a server at a terminate
--  alternative in a program with controlled types (a Finalize run after
--  the master's tasks have terminated sees it terminated); a server whose
--  body declares a task (it terminated only after that one); 'Identity
--  (a package is not a task).
with Ada.Finalization;
with Ada.Task_Identification; use Ada.Task_Identification;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Show (What : String; Value : Boolean) is
   begin
      Put_Line (What & " " & Boolean'Image (Value));
   end Show;

   type Note is new Ada.Finalization.Limited_Controlled with null record;
   overriding procedure Finalize (N : in out Note);
   overriding procedure Finalize (N : in out Note) is
   begin
      Put_Line ("note finalized");
   end Finalize;

   task Mirror is
      entry Ask;
      entry Stop;
   end Mirror;

   task body Mirror is
   begin
      loop
         select
            accept Ask do
               Show ("mirror asks itself", Mirror'Callable);
            end Ask;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Mirror;

   task Gate is
      entry Pass;
      entry Stop;
   end Gate;

   task body Gate is
      Open : Boolean := True;
   begin
      loop
         select
            when Open =>
               accept Pass do
                  Put_Line ("gate passed");
               end Pass;
         or
            when Open =>
               accept Stop;
               exit;
         end select;
      end loop;
   end Gate;

   task type Helper;
   task body Helper is
   begin
      delay 0.05;
   end Helper;

   task Parent is
      entry Go;
   end Parent;

   task body Parent is
      Child : Helper;
   begin
      accept Go do
         Put_Line ("parent goes");
      end Go;
   end Parent;

   procedure Keeping is
      Done : Note;
      task Keeper is
         entry Keep (N : Integer);
      end Keeper;

      task body Keeper is
      begin
         loop
            select
               accept Keep (N : Integer) do
                  Put_Line ("kept" & Integer'Image (N));
               end Keep;
            or
               terminate;
            end select;
         end loop;
      end Keeper;
   begin
      Keeper.Keep (1);
      Show ("keeper callable", Keeper'Callable);
   end Keeping;

   task Named is
      entry Hello;
   end Named;

   task body Named is
   begin
      accept Hello do
         Put_Line ("hello");
      end Hello;
   end Named;
begin
   Mirror.Ask;
   Mirror.Stop;
   Gate.Pass;
   Gate.Stop;
   while not Gate'Terminated loop
      delay 0.01;
   end loop;
   Parent.Go;
   while not Parent'Terminated loop
      delay 0.01;
   end loop;
   Put_Line ("parent terminated");
   Keeping;
   Show ("named has no id", Named'Identity = Null_Task_Id);
   Named.Hello;
   Put_Line ("PASSED");
end Main;

--  Main posts three jobs and asks to quit: refused, they are pending.
--  Workers post and finish their own jobs, and one of them finishes
--  Main's three.  The second Quit ends the server; a late Post then
--  raises Tasking_Error in Main.

with Ada.Exceptions; use Ada.Exceptions;
with Ada.Text_IO;    use Ada.Text_IO;
with Job_Board;      use Job_Board;

procedure Main is

   Jobs_Each : constant := 20;

   procedure Run_Workers is

      task type Worker (Id : Positive; Adopt : Boolean);

      task body Worker is
      begin
         for J in 1 .. Jobs_Each loop
            Jobs.Post (Id * 100 + J);
            Jobs.Finish (Id * 100 + J);
         end loop;
         if Adopt then
            for J in 1 .. 3 loop     --  Main's jobs
               Jobs.Finish (J);
            end loop;
         end if;
      end Worker;

      W1 : Worker (1, False);
      W2 : Worker (2, True);
      W3 : Worker (3, False);
      pragma Unreferenced (W1, W2, W3);
   begin
      null;  --  returns when every worker has terminated
   end Run_Workers;

   First_Final,   Final   : Integer;
   First_Pending, Pending : Natural;
   Late_Failed : Boolean := False;

   Expected : constant Integer :=
     1 + 2 + 3 + (1 + 2 + 3) * 100 * Jobs_Each
       + 3 * (Jobs_Each * (Jobs_Each + 1) / 2);

begin
   for J in 1 .. 3 loop
      Jobs.Post (J);
   end loop;
   Jobs.Quit (First_Final, First_Pending);
   Put_Line ("First Quit : final" & Integer'Image (First_Final)
             & ", pending" & Natural'Image (First_Pending));

   Run_Workers;

   Jobs.Quit (Final, Pending);
   Put_Line ("Second Quit: final" & Integer'Image (Final)
             & ", pending" & Natural'Image (Pending));

   begin
      Jobs.Post (1);
      Put_Line ("late Post accepted");
   exception
      when E : Tasking_Error =>
         Put_Line ("late Post : " & Exception_Name (E));
         Late_Failed := True;
   end;

   if First_Final = 0 and then First_Pending = 3
     and then Final = Expected and then Pending = 0
     and then Late_Failed
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

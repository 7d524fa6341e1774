with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Server is
      entry Put (V : Integer);
      entry Stop;
   private
      --  rdv2po: task Server became this protected object. Stage is where
      --  the task stood: 1 = select of Put/Stop; 0 = ended (calls raise
      --  Tasking_Error).
      Stage : Integer := 1;
      Open : Boolean := True;
      Total : Integer := 0;
   end Server;
   protected body Server is

      entry Put (V : Integer)
        when Stage = 0 or else (Stage = 1 and then not ((Open) or else (Open) or else (not Open))) or else (Stage = 1 and then (Open))
      is
      begin
         if (Stage = 1 and then not ((Open) or else (Open) or else (not Open))) then
            Stage := 0;  --  no open alternative: Program_Error ended the task
         end if;
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Total + V;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Put;

      entry Stop
        when Stage = 0 or else (Stage = 1 and then not ((Open) or else (Open) or else (not Open))) or else (Stage = 1 and then (Open))
      is
      begin
         if (Stage = 1 and then not ((Open) or else (Open) or else (not Open))) then
            Stage := 0;  --  no open alternative: Program_Error ended the task
         end if;
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 1;
         Open := False;
      end Stop;

   end Server;
begin
   Server.Put (1);
   Server.Stop;
   select
      Server.Put (2);
      Put_Line ("put accepted");
   or
      delay 0.2;
      Put_Line ("timed out");
   end select;
   Put_Line ("PASSED");
exception
   when Tasking_Error => Put_Line ("tasking error");
end Main;

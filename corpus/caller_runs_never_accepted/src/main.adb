with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Once is
      entry  Never ;
      entry Go (N : Integer);
      entry Stop;
   end Once;

   task body Once is
      Sum : Integer := 0;
   begin
      accept Go (N : Integer) do
         Sum := N;
         Put_Line ("go" & Integer'Image (N));
      end Go;
      accept Stop do
         Put_Line ("stop at" & Integer'Image (Sum));
      end Stop;
   end Once;

   task Looper is
      entry Put (N : Integer);
      entry Unused;
   end Looper;

   task body Looper is
   begin
      loop
         select
            accept Put (N : Integer) do
               Put_Line ("put" & Integer'Image (N));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Looper;
begin
   select
      Once.Never;
      Put_Line ("never taken?");
   else
      Put_Line ("never: else part");
   end select;
   Once.Go (3);
   select
      Once.Never;
      Put_Line ("never taken?");
   or
      delay 0.05;
      Put_Line ("never: timed out");
   end select;
   Once.Stop;
   begin
      Once.Never;
      Put_Line ("never returned?");
   exception
      when Tasking_Error =>
         Put_Line ("never: Tasking_Error");
   end;
   begin
      select
         Once.Never;
      else
         Put_Line ("never: else after the end?");
      end select;
   exception
      when Tasking_Error =>
         Put_Line ("never: Tasking_Error again");
   end;
   Looper.Put (1);
   Put_Line ("PASSED");
end Main;

--  Overloaded entries (same name, different parameter profiles), each with
--  its own accept in one select, and one also accepted before the loop with
--  its formal part written another way: a call must run the accept body of
--  the overload it names (repro overloaded_entries: the server scheme ran
--  the first accept body for every overload).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Last : Integer := 0;

   protected T is
      entry E (A : Integer);
      entry E (A, B : Integer);
      entry E (A : Integer; R : out Long_Integer);
      entry Stop;
   private
      --  rdv2po: task T became this protected object. Stage is where the
      --  task stood: 1 = accept E; 2 = select of E/Stop; 0 = ended (calls
      --  raise Tasking_Error).
      Stage : Integer := 1;
      Total : Integer := 0;
   end T;

   protected body T is

      entry E (A : Integer) when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Last := 1;
            Total := Total + A;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
      end E;

      entry E (A, B : Integer)
        when Stage = 0 or else Stage = 1 or else Stage = 2
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         if Stage = 1 then
            begin
               Last := 20;
               Total := A + B;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 2;
         elsif Stage = 2 then
            begin
               Last := 2;
               Total := Total + A * B;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  raise;  --  and the caller gets it
            end;
            Stage := 2;
         end if;
      end E;

      entry E (A : Integer; R : out Long_Integer)
        when Stage = 0 or else Stage = 2
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Last := 3;
            R := Long_Integer (Total + A);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
      end E;

      entry Stop when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 2;
         Stage := 0;  --  the task left its loop
         return;
      end Stop;

   end T;

   R : Long_Integer := 0;
begin
   T.E (0, B => 10);
   Put_Line ("after E (A, B):" & Integer'Image (Last));
   T.E (1);
   Put_Line ("after E (A):" & Integer'Image (Last));
   T.E (3, B => 4);
   Put_Line ("after E (A, B):" & Integer'Image (Last));
   T.E (100, R);
   Put_Line ("after E (A, R):" & Integer'Image (Last) & Long_Integer'Image (R));
   T.E (2);
   Put_Line ("after E (A):" & Integer'Image (Last));
   T.Stop;
   Put_Line ("PASSED");
end Main;

with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Server is
      entry Init (X : Integer);
      entry Get (X : out Integer);
      entry Stop;
   private
      --  rdv2po: task Server became this protected object. Stage is where
      --  the task stood: 1 = accept Init; 2 = select of Get/Stop; 0 = ended
      --  (calls raise Tasking_Error); -1 = not started (Start_Up runs at
      --  the first call).
      Stage : Integer := -1;
      Sum : Integer := 0;
      Running : Boolean := True;
      I : Integer;  --  the for loop's index
      I_Last : Integer;  --  and its last value
      procedure Start_Up;
   end Server;
   protected body Server is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            I := 1;
            I_Last := 3;
            if I > I_Last then
               Stage := 2;  --  an empty range: the task left its for loop
               if not Running then
                  Stage := 0;  --  the task left its while loop (line 17)
                  return;
               end if;
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Init (X : Integer) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Init with abort;
         end if;
         begin
            Sum := Sum + X;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         if I = I_Last then
            Stage := 2;  --  the task's for loop ended
            if not Running then
               Stage := 0;  --  the task left its while loop (line 17)
               return;
            end if;
            return;
         end if;
         I := Integer'Succ (I);
      end Init;

      entry Get (X : out Integer) when Stage <= 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Get with abort;
         end if;
         X := Sum;
         Stage := 2;
         if not Running then
            Stage := 0;  --  the task left its while loop (line 17)
            return;
         end if;
      end Get;

      entry Stop when Stage <= 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Stop with abort;
         end if;
         Running := False;
         Stage := 2;
         if not Running then
            Stage := 0;  --  the task left its while loop (line 17)
            return;
         end if;
      end Stop;

   end Server;
   X : Integer;
begin
   for I in 1 .. 3 loop
      Server.Init (I);
   end loop;
   Server.Get (X);
   Server.Stop;
   Put_Line (Integer'Image (X));
   Put_Line ("PASSED");
end Main;

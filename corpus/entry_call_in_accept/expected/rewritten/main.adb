--  Nested rendezvous: the accept body of Front.Request calls the entry
--  Back.Square, so the caller of Front stays in rendezvous with Front while
--  Front is in rendezvous with Back.

with Ada.Text_IO;

procedure Main is

   protected Back is
      procedure Square (X : Integer; Y : out Integer);
   private
      --  rdv2po: task Back became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
   end Back;

   protected Front is
      procedure Request (X : Integer; Y : out Integer);
      procedure Served (N : out Natural);
      procedure Stop;
   private
      --  rdv2po: task Front became this protected object. Ended_2: the task
      --  has ended (calls raise Tasking_Error).
      Ended_2 : Boolean := False;
      Count : Natural := 0;
   end Front;

   protected body Back is

      procedure Square (X : Integer; Y : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Y := X * X;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Square;

   end Back;

   protected body Front is

      procedure Request (X : Integer; Y : out Integer) is
      begin
         if Ended_2 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Back.Square (X, Y);
            Y := Y + 1;
         exception
            when others =>
               Ended_2 := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Count := Count + 1;
         exception
            when others =>
               Ended_2 := True;  --  the exception would end the task
               return;
         end;
      end Request;

      procedure Served (N : out Natural) is
      begin
         if Ended_2 then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := Count;
      end Served;

      procedure Stop is
      begin
         if Ended_2 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Ended_2 := True;  --  the task left its loop
         return;
      end Stop;

   end Front;

   Y     : Integer;
   Sum   : Integer := 0;
   Count : Natural;

begin
   for X in -3 .. 4 loop
      Front.Request (X, Y);
      Sum := Sum + Y;
   end loop;
   Front.Served (Count);
   Front.Stop;
   Ada.Text_IO.Put_Line ("Requests:" & Natural'Image (Count));
   Ada.Text_IO.Put_Line ("Sum:" & Integer'Image (Sum));
   --  squares of -3 .. 4: 9+4+1+0+1+4+9+16 = 44, plus 8 times 1
   if Count = 8 and then Sum = 52 then
      Ada.Text_IO.Put_Line ("PASSED");
   else
      Ada.Text_IO.Put_Line ("FAILED");
   end if;
end Main;

--  Nested rendezvous: the accept body of Front.Request calls the entry
--  Back.Square, so the caller of Front stays in rendezvous with Front while
--  Front is in rendezvous with Back.

with Ada.Text_IO;

procedure Main is

   protected Back is
      entry Square (X : Integer; Y : out Integer);
   private
      --  rdv2po: task Back became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
   end Back;

   task Front is
      entry Request (X : Integer; Y : out Integer);
      entry Served (N : out Natural);
      entry Stop;
   end Front;

   protected body Back is

      entry Square (X : Integer; Y : out Integer) when True is
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

   task body Front is
      Count : Natural := 0;
   begin
      loop
         select
            accept Request (X : Integer; Y : out Integer) do
               Back.Square (X, Y);
               Y := Y + 1;
            end Request;
            Count := Count + 1;
         or
            accept Served (N : out Natural) do
               N := Count;
            end Served;
         or
            accept Stop;
            exit;
         end select;
      end loop;
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

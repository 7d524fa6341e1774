with Ada.Text_IO; use Ada.Text_IO;
with Ada.Containers.Vectors;
procedure Main is
   package IV is new Ada.Containers.Vectors (Positive, Integer);
   type Count is range 0 .. 100;
   protected Server is
      entry Push (V : Integer);
      entry Total (S : out Integer; C : out Main.Count);
   private
      --  rdv2po: task Server became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Vec : IV.Vector;
      Count : Main.Count := 0;
   end Server;
   protected body Server is

      entry Push (V : Integer) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Vec.Append (V);
            Count := Count + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Push;

      entry Total (S : out Integer; C : out Main.Count) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            S := 0;
            for E of Vec loop S := S + E; end loop;
            C := Count;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Total;

   end Server;
   S : Integer; C : Count;
begin
   Server.Push (2); Server.Push (40);
   Server.Total (S, C);
   Put_Line (S'Img & C'Img);
   Put_Line ("PASSED");
end Main;

with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Arr is array (1 .. 3) of Integer;
   protected T is
      entry Fill (V : out Arr; Fail : Boolean);
   private
      --  rdv2po: task T became this protected object. Ended: the task has
      --  ended (calls raise Tasking_Error).
      Ended : Boolean := False;
   end T;
   protected body T is

      entry Fill (V : out Arr; Fail : Boolean) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V (1) := 7;
            if Fail then
               raise Program_Error;
            end if;
            V (2) := 8;
         exception
            when others =>
               Ended := True;  --  the task's handlers, then it ends
               begin
                  begin
                     raise;
                  exception
                     when others => null;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
      end Fill;

   end T;
   V : Arr := (1, 2, 3);
begin
   T.Fill (V, False);
   Put_Line (V (1)'Img & V (2)'Img & V (3)'Img);
   V := (1, 2, 3);
   begin
      T.Fill (V, True);
   exception
      when Program_Error => Put_Line ("PE");
   end;
   Put_Line (V (1)'Img & V (2)'Img & V (3)'Img);
   Put_Line ("PASSED");
end Main;

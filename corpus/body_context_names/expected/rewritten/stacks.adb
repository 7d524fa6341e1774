with Limits; use Limits;
with Shades; use Shades;
package body Stacks is
   protected body Stack is

      entry Push (V : Integer) when Ended or else Top < Depth is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Top := Top + 1;
            Items (Top) := V;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Push;

      entry Pop (V : out Integer) when Ended or else Top > 0 is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V := Items (Top);
            Top := Top - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Pop;

      procedure Flip (S : out Boolean) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            if Mode = Light then
               Mode := Dark;
            else
               Mode := Light;
            end if;
            S := Mode = Dark;
            if Seen < Level'Last then
               Seen := Seen + 1;
            end if;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Flip;

   end Stack;
end Stacks;

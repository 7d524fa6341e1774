with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Vec (Len : Natural) is record
      Data : String (1 .. Len);
   end record;
   protected type Holder (N : Natural) is
      procedure Set (C : Character);
      entry Get (S : out String);
   private
      --  rdv2po: task Holder became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      V : Vec (Len => N);
   end Holder;
   protected body Holder is

      procedure Set (C : Character) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V.Data := (others => C);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Set;

      entry Get (S : out String) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            S := V.Data;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

   end Holder;
   H : Holder (3);
   S : String (1 .. 3);
begin
   H.Set ('x');
   H.Get (S);
   Put_Line (S);
   Put_Line ("PASSED");
end Main;

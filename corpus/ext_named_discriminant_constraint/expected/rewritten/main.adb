with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Vec (Len : Natural) is record
      Data : String (1 .. Len);
   end record;
   protected type Holder (N : Natural) is
      entry Set (C : Character);
      entry Get (S : out String);
   private
      --  rdv2po: task Holder became this protected object. Stage is where
      --  the task stood: 1 = select of Set/Get; 0 = ended (calls raise
      --  Tasking_Error).
      Stage : Integer := 1;
      V : Vec (Len => N);
   end Holder;
   protected body Holder is

      entry Set (C : Character) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V.Data := (others => C);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Set;

      entry Get (S : out String) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            S := V.Data;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
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

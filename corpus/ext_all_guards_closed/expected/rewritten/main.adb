with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Plain_Srv is
      entry Take (V : out Integer);
      entry Give (V : Integer);
   private
      --  rdv2po: task Plain_Srv became this protected object. Stage is
      --  where the task stood: 1 = select of Take/Give; 0 = ended (calls
      --  raise Tasking_Error).
      Stage : Integer := 1;
      Held : Integer := 0;
      Uses : Integer := 0;
   end Plain_Srv;

   task Handled_Srv is
      entry Take (V : out Integer);
      entry Give (V : Integer);
   end Handled_Srv;

   protected body Plain_Srv is

      entry Take (V : out Integer)
        when Stage = 0 or else (Stage = 1 and then not ((Uses < 3 and Held > 0) or else (Uses < 3 and Held = 0))) or else (Stage = 1 and then (Uses < 3 and Held > 0))
      is
      begin
         if (Stage = 1 and then not ((Uses < 3 and Held > 0) or else (Uses < 3 and Held = 0))) then
            Stage := 0;  --  no open alternative: Program_Error ended the task
         end if;
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         V := Held;
         Stage := 1;
         begin
            Held := 0;
            Uses := Uses + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Take;

      entry Give (V : Integer)
        when Stage = 0 or else (Stage = 1 and then not ((Uses < 3 and Held > 0) or else (Uses < 3 and Held = 0))) or else (Stage = 1 and then (Uses < 3 and Held = 0))
      is
      begin
         if (Stage = 1 and then not ((Uses < 3 and Held > 0) or else (Uses < 3 and Held = 0))) then
            Stage := 0;  --  no open alternative: Program_Error ended the task
         end if;
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Held := V;
         Stage := 1;
      end Give;

   end Plain_Srv;

   task body Handled_Srv is
      Held : Integer := 0;
      Uses : Integer := 0;
   begin
      loop
         select
            when Uses < 2 and Held > 0 =>
               accept Take (V : out Integer) do
                  V := Held;
               end Take;
               Held := 0;
               Uses := Uses + 1;
         or
            when Uses < 2 and Held = 0 =>
               accept Give (V : Integer) do
                  Held := V;
               end Give;
         end select;
      end loop;
   exception
      when Program_Error => null;
   end Handled_Srv;

   V : Integer;
begin
   for I in 1 .. 4 loop
      begin
         Plain_Srv.Give (I);
         Plain_Srv.Take (V);
         Put_Line ("plain round" & Integer'Image (I) & Integer'Image (V));
      exception
         when Tasking_Error => Put_Line ("plain: Tasking_Error at" & Integer'Image (I));
      end;
   end loop;
   for I in 1 .. 3 loop
      begin
         Handled_Srv.Give (I * 10);
         Handled_Srv.Take (V);
         Put_Line ("handled round" & Integer'Image (I) & Integer'Image (V));
      exception
         when Tasking_Error => Put_Line ("handled: Tasking_Error at" & Integer'Image (I));
      end;
   end loop;
   Put_Line ("PASSED");
end Main;

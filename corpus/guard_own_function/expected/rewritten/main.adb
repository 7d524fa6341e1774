with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Slots : constant := 3;

   type Ring_Slot is mod Slots;
   type Ring_Store_Array is array (Ring_Slot) of Integer;
   protected Ring is
      entry Put (V : Integer);
      entry Take (V : out Integer);
      procedure Quit;
   private
      --  rdv2po: task Ring became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Store : Ring_Store_Array := (others => 0);
      Head, Tail : Ring_Slot := 0;
      Held : Natural range 0 .. Slots := 0;
      Done : Boolean := False;
   end Ring;

   protected body Ring is

      function Empty return Boolean is (Held = 0);

      function Full return Boolean is (Held = Slots);

      function Settled return Boolean is (Empty and then Done);

      entry Put (V : Integer) when Ended or else (not Full and not Done) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Store (Tail) := V;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Tail := Tail + 1;
            Held := Held + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Put;

      entry Take (V : out Integer) when Ended or else not Empty is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            V := Store (Head);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Head := Head + 1;
            Held := Held - 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Take;

      procedure Quit is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         Done := True;
      end Quit;

   end Ring;

   task Producer;
   task body Producer is
   begin
      for I in 1 .. 7 loop
         Ring.Put (I * I);
      end loop;
      Ring.Quit;
   end Producer;

   V : Integer;
   Sum : Integer := 0;
begin
   for I in 1 .. 7 loop
      Ring.Take (V);
      Sum := Sum + V;
   end loop;
   Put_Line ("sum" & Sum'Image);
   Put_Line ("PASSED");
end Main;

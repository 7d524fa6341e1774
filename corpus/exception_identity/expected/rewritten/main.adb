with Ada.Text_IO;    use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
procedure Main is
   Too_Small : exception;

   --  An access type that never allocates: no pool is needed.
   type Int_Ref is access Integer;
   for Int_Ref'Storage_Size use 0;

   protected type Accumulator is
      procedure Add (N : Integer);
      procedure Total (T : out Integer);
   private
      --  rdv2po: task Accumulator became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
   end Accumulator;

   protected body Accumulator is

      procedure Add (N : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Sum + N;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      procedure Total (T : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         T := Sum;
      end Total;

   end Accumulator;

   procedure Check (N : Integer) is
   begin
      if N = 0 then
         Raise_Exception (Too_Small'Identity, "zero");
      elsif N < 0 then
         Raise_Exception (Program_Error'Identity, "negative");
      end if;
   end Check;

   Acc    : Accumulator;
   Result : Integer;
begin
   for I in 1 .. 4 loop
      Check (I);
      Acc.Add (I);
   end loop;
   for I in -1 .. 0 loop
      begin
         Check (I);
      exception
         when E : others =>
            Put_Line ("rejected: " & Exception_Name (E) & " "
                      & Exception_Message (E));
      end;
   end loop;
   Acc.Total (Result);
   Put_Line ("total:" & Integer'Image (Result));
   Put_Line ("PASSED");
end Main;

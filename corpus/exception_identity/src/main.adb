with Ada.Text_IO;    use Ada.Text_IO;
with Ada.Exceptions; use Ada.Exceptions;
procedure Main is
   Too_Small : exception;

   --  An access type that never allocates: no pool is needed.
   type Int_Ref is access Integer;
   for Int_Ref'Storage_Size use 0;

   task type Accumulator is
      entry Add (N : Integer);
      entry Total (T : out Integer);
   end Accumulator;

   task body Accumulator is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
         or
            accept Total (T : out Integer) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
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

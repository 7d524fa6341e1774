with Ada.Unchecked_Conversion;
with Ada.Unchecked_Deallocation;
package body Store is
   procedure Free is new Ada.Unchecked_Deallocation (Integer, Int_Access);
   procedure Free is new Ada.Unchecked_Deallocation
     (Name => Row_Access, Object => Row);
   type Bits is mod 2 ** 8;
   function To_Bits is new Ada.Unchecked_Conversion (Character, Bits);

   protected body Keeper is

      procedure Put (X : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Free (Cell);
            Cell := new Integer'(X + Integer (To_Bits ('A')));
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Put;

      entry Put_Row (R : Row) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Free (Table);
            Table := new Row'(R);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Put_Row;

      procedure Sum (Total : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Total := Cell.all;
            for P of Table.all loop
               Total := Total + P.Left + P.Right + Color'Pos (P.Hue);
            end loop;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Sum;

   end Keeper;
end Store;

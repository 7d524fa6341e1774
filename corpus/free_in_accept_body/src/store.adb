with Ada.Unchecked_Conversion;
with Ada.Unchecked_Deallocation;
package body Store is
   procedure Free is new Ada.Unchecked_Deallocation (Integer, Int_Access);
   procedure Free is new Ada.Unchecked_Deallocation
     (Name => Row_Access, Object => Row);
   type Bits is mod 2 ** 8;
   function To_Bits is new Ada.Unchecked_Conversion (Character, Bits);

   task body Keeper is
      Cell  : Int_Access := null;
      Table : Row_Access := null;
   begin
      loop
         select
            accept Put (X : Integer) do
               Free (Cell);
               Cell := new Integer'(X + Integer (To_Bits ('A')));
            end Put;
         or
            accept Put_Row (R : Row) do
               Free (Table);
               Table := new Row'(R);
            end Put_Row;
         or
            accept Sum (Total : out Integer) do
               Total := Cell.all;
               for P of Table.all loop
                  Total := Total + P.Left + P.Right + Color'Pos (P.Hue);
               end loop;
            end Sum;
         or
            terminate;
         end select;
      end loop;
   end Keeper;
end Store;

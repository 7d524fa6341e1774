--  A server task whose entries use every parameter mode: in, out and
--  in out; several parameters per entry, records, an unconstrained array
--  and a defaulted in parameter.

package Calcs is

   type Point is record
      X, Y : Integer;
   end record;

   type Int_Array is array (Positive range <>) of Integer;

   subtype Name_String is String (1 .. 8);

   type Person is record
      Name : Name_String;
      Age  : Natural;
   end record;

   type Stats_Rec is record
      Calls      : Natural;
      Registered : Natural;
      Last_Sum   : Integer;
   end record;

   Max_People : constant := 4;
   subtype Person_Id is Positive range 1 .. Max_People;

   type Calc_People_Array is array (Person_Id) of Person;
   protected Calc is
      procedure Add (A, B : in Integer; Sum : out Integer);
      procedure Swap (A, B : in out Integer);
      entry Move (P : in out Point; D : in Point; Steps : in Positive := 1);
      entry Normalize (V : in out Int_Array; Min, Max : out Integer);
      entry Register (P : in Person; Id : out Person_Id);
      entry Lookup (Id : in Person_Id; P : out Person; Found : out Boolean);
      entry Stats (S : out Stats_Rec);
   private
      --  rdv2po: task Calc became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      People : Calc_People_Array :=
        (others => (Name => (others => ' '), Age => 0));
      Count  : Natural := 0;
      Calls  : Natural := 0;
      Last   : Integer := 0;
   end Calc;

end Calcs;

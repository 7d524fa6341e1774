--  Minimal deterministic stand-in for the ACATS Report package
--  (the real one prints a time stamp).
package Report is
   procedure Test (Name : String; Descr : String);
   procedure Failed (Descr : String);
   procedure Comment (Descr : String);
   procedure Result;
   function Ident_Int (X : Integer) return Integer;
   function Ident_Bool (X : Boolean) return Boolean;
   function Ident_Char (X : Character) return Character;
   function Ident_Str (X : String) return String;
   function Equal (X, Y : Integer) return Boolean;
end Report;

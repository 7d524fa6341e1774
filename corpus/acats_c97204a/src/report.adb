with Ada.Text_IO;
package body Report is
   Test_Name   : String (1 .. 15) := (others => ' ');
   Name_Len    : Natural := 0;
   Test_Failed : Boolean := False;

   procedure Test (Name : String; Descr : String) is
   begin
      Name_Len := Name'Length;
      Test_Name (1 .. Name_Len) := Name;
      Test_Failed := False;
      Ada.Text_IO.Put_Line (",.,. " & Name & " ACATS");
      Ada.Text_IO.Put_Line ("---- " & Name & " " & Descr & ".");
   end Test;

   procedure Failed (Descr : String) is
   begin
      Test_Failed := True;
      Ada.Text_IO.Put_Line ("   * " & Test_Name (1 .. Name_Len) & " " & Descr & ".");
   end Failed;

   procedure Comment (Descr : String) is
   begin
      Ada.Text_IO.Put_Line ("   - " & Test_Name (1 .. Name_Len) & " " & Descr & ".");
   end Comment;

   procedure Result is
   begin
      if Test_Failed then
         Ada.Text_IO.Put_Line ("**** " & Test_Name (1 .. Name_Len) & " FAILED ****************************.");
      else
         Ada.Text_IO.Put_Line ("==== " & Test_Name (1 .. Name_Len) & " PASSED ============================.");
      end if;
   end Result;

   function Ident_Int (X : Integer) return Integer is (X);
   function Ident_Bool (X : Boolean) return Boolean is (X);
   function Ident_Char (X : Character) return Character is (X);
   function Ident_Str (X : String) return String is (X);
   function Equal (X, Y : Integer) return Boolean is (X = Y);
end Report;

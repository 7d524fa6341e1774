with Ada.Text_IO; use Ada.Text_IO;
package body Checks is
   function In_Range (X : Integer) return Boolean is (X in 0 .. 100);

   function Shown (V : Integer) return Boolean is
   begin
      Put_Line ("shown" & Integer'Image (V));
      return True;
   end Shown;

   procedure Record_It (V : Integer) is
   begin
      null;
   end Record_It;

   protected body Gate is
      entry Pass when Open is
      begin
         null;
      end Pass;
   end Gate;

   function Admit (X : Integer) return Boolean is
   begin
      Gate.Pass;
      return X > 0;
   end Admit;
end Checks;

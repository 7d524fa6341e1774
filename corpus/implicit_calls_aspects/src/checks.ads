pragma Assertion_Policy (Check);
package Checks is
   function In_Range (X : Integer) return Boolean;
   subtype Level is Integer with Dynamic_Predicate => In_Range (Level);

   function Shown (V : Integer) return Boolean;
   procedure Record_It (V : Integer) with Pre => Shown (V);

   protected Gate is
      entry Pass;
   private
      Open : Boolean := True;
   end Gate;
   function Admit (X : Integer) return Boolean;
   subtype Ticket is Integer with Dynamic_Predicate => Admit (Ticket);
end Checks;

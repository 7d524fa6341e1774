--  A printer task type reached through a handle's access discriminant: the
--  handle itself holds no task.
package Printers is
   task type Printer is
      entry Print (S : String);
   end Printer;
   type Printer_Ref is access Printer;

   type Handle (To : access Printer) is limited null record;
   type Handle_Ref is access Handle;

   procedure Show (H : Handle_Ref; S : String);
end Printers;

--  A printer task type reached through a handle's access discriminant: the
--  handle itself holds no task.
package Printers is
   package Printer_Objects is
      type Printer is tagged limited private;
      procedure Print (Self : Printer; S : String);
   private
      --  An object's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected type Printer_Turn is
         entry Print;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Printer_Turn;

      --  An object: its turn and the task's variables.  A task is called through
      --  constant views too (an in parameter): This is the object itself.
      type Printer is tagged limited record
         This : not null access Printer := Printer'Unchecked_Access;   -- writable from any view
         Turn : Printer_Turn;
         Lines : Natural := 0;
      end record;
   end Printer_Objects;
   subtype Printer is Printer_Objects.Printer;
   type Printer_Ref is access Printer;

   type Handle (To : access Printer) is limited null record;
   type Handle_Ref is access Handle;

   procedure Show (H : Handle_Ref; S : String);
end Printers;

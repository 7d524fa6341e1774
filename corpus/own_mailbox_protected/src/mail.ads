--  Mailboxes (server tasks declared in a package, a task type with a
--  discriminant) next to protected objects: a statistics object updated
--  from accept bodies, and a protected gate a mailbox waits on while it is
--  closed for maintenance.
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
package Mail is
   Capacity : constant := 4;

   protected Stats is
      procedure Delivered (Box : Positive);
      function Total return Natural;
   private
      Count : Natural := 0;
   end Stats;

   protected Maintenance is
      entry Wait_Open;
      procedure Open;
      procedure Close;
      function Waiting return Natural;
   private
      Is_Open : Boolean := True;
   end Maintenance;

   task type Mailbox (Number : Positive) is
      entry Send (Text : String);
      entry Receive (Text : out Unbounded_String);
      entry Service;
   end Mailbox;

   Box_1 : Mailbox (1);
   Box_2 : Mailbox (2);
end Mail;

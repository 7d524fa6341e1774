with Mailboxes; use Mailboxes;
package body Router is
   procedure Send (From, To : Client_Id; Payload : Integer) is
   begin
      Boxes (To).Put ((From, Payload));
   end Send;
   procedure Broadcast (From : Client_Id; Payload : Integer) is
   begin
      for C in Client_Id loop
         if C /= From then
            Send (From, C, Payload);
         end if;
      end loop;
   end Broadcast;
end Router;

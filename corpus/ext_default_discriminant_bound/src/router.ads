with Messages; use Messages;
package Router is
   procedure Send (From, To : Client_Id; Payload : Integer);
   procedure Broadcast (From : Client_Id; Payload : Integer);
end Router;

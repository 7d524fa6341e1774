with Messages; use Messages;
package Mailboxes is
   type Slot_Array is array (Positive range <>) of Message;
   task type Mailbox (Capacity : Positive := 4) is
      entry Put (M : Message);
      entry Get (M : out Message);
      entry Pending (N : out Natural);
   end Mailbox;
   Boxes : array (Client_Id) of Mailbox;
end Mailboxes;

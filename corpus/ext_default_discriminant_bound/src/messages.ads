package Messages is
   type Client_Id is range 1 .. 3;
   type Message is record
      From    : Client_Id;
      Payload : Integer;
   end record;
   No_Message : constant Message := (From => 1, Payload => 0);
end Messages;

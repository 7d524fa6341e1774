package body Mail is

   protected body Stats is
      procedure Delivered (Box : Positive) is
      begin
         Count := Count + Box;
      end Delivered;
      function Total return Natural is (Count);
   end Stats;

   protected body Maintenance is
      entry Wait_Open when Is_Open is
      begin
         null;
      end Wait_Open;
      procedure Open is
      begin
         Is_Open := True;
      end Open;
      procedure Close is
      begin
         Is_Open := False;
      end Close;
      function Waiting return Natural is (Wait_Open'Count);
   end Maintenance;

   task body Mailbox is
      type Slots is array (1 .. Capacity) of Unbounded_String;
      Store : Slots;
      Count : Natural := 0;
      Head  : Positive := 1;
   begin
      loop
         select
            when Count < Capacity =>
               accept Send (Text : String) do
                  Store ((Head + Count - 1) mod Capacity + 1) :=
                    To_Unbounded_String (Text);
               end Send;
               Count := Count + 1;
         or
            when Count > 0 =>
               accept Receive (Text : out Unbounded_String) do
                  Text := Store (Head);
                  Stats.Delivered (Number);
               end Receive;
               Head := Head mod Capacity + 1;
               Count := Count - 1;
         or
            accept Service do
               --  the caller is held until maintenance is over
               Maintenance.Wait_Open;
            end Service;
         or
            terminate;
         end select;
      end loop;
   end Mailbox;

end Mail;

package body Servers is

   --  Deals Deck_Size cards, highest first; Odd_Only is open on odd cards.
   protected body Dealer is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            Card_No := Dealer_Deck_Size;
            Card_No_Last := 1;
            if Card_No < Card_No_Last then
               Stage := 0;  --  an empty range: the task left its for loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Deal (Card : out Integer) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Deal with abort;
         end if;
         begin
            Card := Card_No * 10;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Dealt := Dealt + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         if Card_No = Card_No_Last then
            Stage := 0;  --  the task's for loop ended
            return;
         end if;
         Card_No := Integer'Pred (Card_No);
      end Deal;

      entry Odd_Only (Card : out Integer)
        when Stage <= 0 or else (Stage = 1 and then (Card_No mod 2 = 1))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Odd_Only with abort;
         end if;
         begin
            Card := Card_No;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         begin
            Dealt := Dealt + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         if Card_No = Card_No_Last then
            Stage := 0;  --  the task's for loop ended
            return;
         end if;
         Card_No := Integer'Pred (Card_No);
      end Odd_Only;

   end Dealer;

   --  Hands out Green, then Blue.
   protected body Painter is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            C := Green;
            C_Last := Blue;
            if C > C_Last then
               Stage := 0;  --  an empty range: the task left its for loop
               return;
            end if;
            if C not in Color or else C_Last not in Color then
               raise Constraint_Error;  --  the range is not in the subtype
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Next (Hue : out Color) when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Next with abort;
         end if;
         begin
            Hue := C;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         if C = C_Last then
            Stage := 0;  --  the task's for loop ended
            return;
         end if;
         C := Color'Succ (C);
      end Next;

   end Painter;

   --  Over a subtype mark: Sat, then Sun.
   protected body Weekly is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            D := Weekend'First;
            D_Last := Weekend'Last;
            if D > D_Last then
               Stage := 0;  --  an empty range: the task left its for loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         begin
            Total := Total + 8;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Rest (Which : out Day; Hours : out Natural)
        when Stage <= 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Rest with abort;
         end if;
         begin
            Which := D;
            Hours := Total;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
         if D = D_Last then
            Stage := 0;  --  the task's for loop ended
            return;
         end if;
         D := Weekend'Succ (D);
         begin
            Total := Total + 8;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Rest;

   end Weekly;

   --  An empty range: the task ends without accepting.
   protected body Empty is

      procedure Start_Up is
      begin
         Stage := 1;
         begin
            I := 1;
            I_Last := Count;
            if I > I_Last then
               Stage := 0;  --  an empty range: the task left its for loop
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Start_Up;

      entry Ping when Stage <= 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Ping with abort;
         end if;
         Stage := 1;
         if I = I_Last then
            Stage := 0;  --  the task's for loop ended
            return;
         end if;
         I := Integer'Succ (I);
      end Ping;

   end Empty;

end Servers;

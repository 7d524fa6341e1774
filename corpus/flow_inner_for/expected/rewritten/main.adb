--  Inner for loops holding accepts: a barrier task type whose parties arrive
--  and depart in two counted loops sharing one index name (their lives do not
--  overlap, so they share one component), and a dealer that deals cards in a
--  reverse loop whose index the accept body reads (its range empty when no
--  shuffle came before).  The server scheme enters each range once, steps the
--  index in the entry ending a pass, and leaves the loop, running what
--  follows, at its last value or at once when the range is empty.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected type Barrier (Parties : Positive) is
      entry Arrive;
      entry Depart;
   private
      --  rdv2po: task Barrier became this protected object. Stage is where
      --  the task stood: 1 = select of Arrive; 2 = accept Arrive; 3 =
      --  accept Depart; 0 = ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      I : Integer;  --  the for loop's index
      I_Last : Integer;  --  and its last value
      I_Last_2 : Integer;  --  and its last value
   end Barrier;
   protected body Barrier is

      entry Arrive when Stage = 0 or else Stage = 1 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         if Stage = 1 then
            Stage := 2;
            begin
               I := 2;
               I_Last := Parties;
               if I > I_Last then
                  Stage := 3;  --  the task left its for loop (line 22)
                  begin
                     I := 1;
                     I_Last_2 := Parties;
                     if I > I_Last_2 then
                        Stage := 1;  --  the task left its for loop (line 25)
                        return;
                     end if;
                  exception
                     when others =>
                        Stage := 0;  --  the exception would end the task
                        return;
                  end;
                  return;
               end if;
            exception
               when others =>
                  Stage := 0;  --  the exception would end the task
                  return;
            end;
         elsif Stage = 2 then
            Stage := 2;
            if I = I_Last then
               Stage := 3;  --  the task left its for loop (line 22)
               begin
                  I := 1;
                  I_Last_2 := Parties;
                  if I > I_Last_2 then
                     Stage := 1;  --  the task left its for loop (line 25)
                     return;
                  end if;
               exception
                  when others =>
                     Stage := 0;  --  the exception would end the task
                     return;
               end;
               return;
            end if;
            I := Integer'Succ (I);
         end if;
      end Arrive;

      entry Depart when Stage = 0 or else Stage = 3 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         Stage := 3;
         if I = I_Last_2 then
            Stage := 1;  --  the task left its for loop (line 25)
            return;
         end if;
         I := Integer'Succ (I);
      end Depart;

   end Barrier;

   type Card is range 1 .. 13;
   protected Dealer is
      entry Shuffle (From : Card);
      entry Deal (C : out Card);
      entry Dealt (N : out Natural);
   private
      --  rdv2po: task Dealer became this protected object. Stage is where
      --  the task stood: 1 = select of Shuffle/Dealt; 2 = accept Deal; 0 =
      --  ended (calls raise Tasking_Error).
      Stage : Integer := 1;
      Top : Natural := 0;  --  cards left to deal after a shuffle
      Count : Natural := 0;
      K : Integer;  --  the for loop's index
      K_Last : Integer;  --  and its last value
   end Dealer;
   protected body Dealer is

      --  rdv2po: comments of the task body, kept:
      --  cards left to deal after a shuffle
      --  empty after Dealt: Top is 0

      entry Shuffle (From : Card) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Top := Natural (From);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         begin
            K := Top;
            K_Last := 1;
            if K < K_Last then
               Stage := 1;  --  the task left its for loop (line 53)
               Top := 0;
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Shuffle;

      entry Deal (C : out Card) when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            C := Card (K);
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 2;
         begin
            Count := Count + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         if K = K_Last then
            Stage := 1;  --  the task left its for loop (line 53)
            Top := 0;
            return;
         end if;
         K := Integer'Pred (K);
      end Deal;

      entry Dealt (N : out Natural) when Stage = 0 or else Stage = 1 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         N := Count;
         Stage := 2;
         begin
            K := Top;
            K_Last := 1;
            if K < K_Last then
               Stage := 1;  --  the task left its for loop (line 53)
               Top := 0;
               return;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
      end Dealt;

   end Dealer;

   B : Barrier (3);
   Phase_Sum : array (1 .. 3) of Natural := (others => 0);
   pragma Volatile (Phase_Sum);

   task type Worker (Id : Positive);
   task body Worker is
   begin
      for Phase in 1 .. 3 loop
         Phase_Sum (Id) := Phase_Sum (Id) + Phase * Id;
         B.Arrive;
         B.Depart;
      end loop;
   end Worker;

   C : Card;
   N : Natural;
begin
   declare
      W1 : Worker (1);
      W2 : Worker (2);
      W3 : Worker (3);
   begin
      null;
   end;
   for I in Phase_Sum'Range loop
      Put_Line ("worker" & Integer'Image (I) & ":" & Natural'Image (Phase_Sum (I)));
   end loop;
   Dealer.Shuffle (3);
   for I in 1 .. 3 loop
      Dealer.Deal (C);
      Put ("dealt" & Card'Image (C) & ";");
   end loop;
   New_Line;
   select
      Dealer.Deal (C);
      Put_Line ("dealt a fourth");
   or
      delay 0.05;
      Put_Line ("no fourth card before a shuffle");
   end select;
   Dealer.Dealt (N);
   Put_Line ("dealt" & Natural'Image (N) & " cards");
   Dealer.Shuffle (1);
   Dealer.Deal (C);
   Dealer.Dealt (N);
   Put_Line ("dealt" & Card'Image (C) & ", in all" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;

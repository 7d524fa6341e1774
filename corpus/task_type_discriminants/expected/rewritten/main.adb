--  A server task type with discriminants: each Counter saturates at its
--  own Limit and tags its total with its Id.  Instances are declared
--  directly, through a constrained subtype array, and by allocation.
--  Feeders (a client task type with a discriminant) add to them.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected type Counter (Id : Natural; Limit : Positive) is
      procedure Add (N : Integer);
      procedure Total (T : out Integer);
      procedure Calls_Made (C : out Natural);
   private
      --  rdv2po: task Counter became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum   : Integer := 0;
      Calls : Natural := 0;
   end Counter;

   protected body Counter is

      procedure Add (N : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Integer'Min (Sum + N, Limit);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         begin
            Calls := Calls + 1;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               return;
         end;
      end Add;

      procedure Total (T : out Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            T := Id * 1_000 + Sum;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Total;

      procedure Calls_Made (C : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         C := Calls;
      end Calls_Made;

   end Counter;

   type Counter_Access is access Counter;

   subtype Small_Counter is Counter (Id => 9, Limit => 25);

   Big    : Counter (1, 1_000);
   Tight  : Counter (Id => 2, Limit => 50);
   Smalls : array (1 .. 2) of Small_Counter;
   Heap   : constant Counter_Access := new Counter (Id => 3, Limit => 120);

   task type Feeder (Scale : Positive);

   task body Feeder is
   begin
      for K in 1 .. 10 loop
         Big.Add (K * Scale);
         Tight.Add (K);
         Heap.Add (Scale);
         Smalls (1 + K mod 2).Add (Scale);
      end loop;
   end Feeder;

   T     : Integer;
   C     : Natural;
   Calls : Natural := 0;
   Sum   : Integer := 0;

   procedure Report (Name : String; Which : in out Counter);

   procedure Report (Name : String; Which : in out Counter) is
   begin
      Which.Total (T);
      Which.Calls_Made (C);
      Put_Line (Name & Integer'Image (T) & " calls" & Natural'Image (C));
      Sum := Sum + T;
      Calls := Calls + C;
   end Report;

begin
   declare
      F1 : Feeder (1);
      F2 : Feeder (Scale => 2);
      F3 : Feeder (3);
   begin
      null;
   end;
   Report ("big", Big);
   Report ("tight", Tight);
   Report ("heap", Heap.all);
   for I in Smalls'Range loop
      Smalls (I).Total (T);
      Smalls (I).Calls_Made (C);
      Put_Line ("small" & Integer'Image (I) & Integer'Image (T) &
                " calls" & Natural'Image (C));
      Sum := Sum + T;
      Calls := Calls + C;
   end loop;
   Put_Line ("discriminants" & Natural'Image (Big.Id) &
             Positive'Image (Tight.Limit) & Natural'Image (Heap.Id) &
             Positive'Image (Smalls (2).Limit));
   Put_Line ("sum" & Integer'Image (Sum) & " calls" & Natural'Image (Calls));
   if Sum = 1_330 + 2_050 + 3_060 + 2 * 9_025 and then Calls = 4 * 30 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

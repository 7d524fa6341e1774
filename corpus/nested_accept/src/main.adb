--  Dining-philosophers flavoured host with nested accepts: a philosopher
--  who sits down (Sit) stays in the rendezvous until the Butler serves a
--  portion (Serve), which is accepted inside the Sit accept body.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Philosophers : constant := 5;
   Meals        : constant := 4;

   subtype Phil_Id is Positive range 1 .. Philosophers;

   task Host is
      entry Sit (Id : Phil_Id; Portion : out Natural);
      entry Serve (Amount : Natural);
      entry Report (Served, Total : out Natural);
   end Host;

   task body Host is
      Served_Count : Natural := 0;
      Total        : Natural := 0;
      Per_Seat     : array (Phil_Id) of Natural := (others => 0);
   begin
      loop
         select
            accept Sit (Id : Phil_Id; Portion : out Natural) do
               Per_Seat (Id) := Per_Seat (Id) + 1;
               accept Serve (Amount : Natural) do
                  Portion := Amount;
                  Total := Total + Amount;
               end Serve;
               Served_Count := Served_Count + 1;
            end Sit;
         or
            accept Report (Served, Total : out Natural) do
               Served := Served_Count;
               Total := Host.Total;
            end Report;
         or
            terminate;
         end select;
      end loop;
   end Host;

   task type Philosopher is
      entry Start (Id : Phil_Id);
      entry Eaten (Count, Amount : out Natural);
   end Philosopher;

   task body Philosopher is
      Me     : Phil_Id;
      Count  : Natural := 0;
      Amount : Natural := 0;
      Got    : Natural;
   begin
      accept Start (Id : Phil_Id) do
         Me := Id;
      end Start;
      for M in 1 .. Meals loop
         Host.Sit (Me, Got);
         Count := Count + 1;
         Amount := Amount + Got;
      end loop;
      accept Eaten (Count, Amount : out Natural) do
         Count := Philosopher.Count;
         Amount := Philosopher.Amount;
      end Eaten;
   end Philosopher;

   task Butler;

   task body Butler is
   begin
      for K in 1 .. Philosophers * Meals loop
         Host.Serve (K mod 7 + 1);
      end loop;
   end Butler;

   Table : array (Phil_Id) of Philosopher;

   Meal_Count   : Natural := 0;
   Meal_Amount  : Natural := 0;
   Count        : Natural;
   Amount       : Natural;
   Served       : Natural;
   Total        : Natural;
   Expected     : Natural := 0;

begin
   for I in Table'Range loop
      Table (I).Start (I);
   end loop;
   for I in Table'Range loop
      Table (I).Eaten (Count, Amount);
      Put_Line ("philosopher" & Phil_Id'Image (I) & " meals" &
                Natural'Image (Count));
      Meal_Count := Meal_Count + Count;
      Meal_Amount := Meal_Amount + Amount;
   end loop;
   for K in 1 .. Philosophers * Meals loop
      Expected := Expected + (K mod 7 + 1);
   end loop;
   Host.Report (Served, Total);
   Put_Line ("meals eaten" & Natural'Image (Meal_Count));
   Put_Line ("portions eaten" & Natural'Image (Meal_Amount));
   Put_Line ("host served" & Natural'Image (Served) &
             " total" & Natural'Image (Total));
   if Meal_Count = Philosophers * Meals
     and then Served = Meal_Count
     and then Total = Expected
     and then Meal_Amount = Expected
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

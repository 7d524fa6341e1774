--  Dining-philosophers flavoured host with nested accepts: a philosopher
--  who sits down (Sit) stays in the rendezvous until the Butler serves a
--  portion (Serve), which is accepted inside the Sit accept body.

with Ada.Exceptions;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Philosophers : constant := 5;
   Meals        : constant := 4;

   subtype Phil_Id is Positive range 1 .. Philosophers;

   type Host_Per_Seat_Array is array (Phil_Id) of Natural;
   protected Host is
      entry Sit (Id : Phil_Id; Portion : out Natural);
      entry Serve (Amount : Natural);
      entry Report (Served, Total : out Natural);
   private
      --  rdv2po: task Host became this protected object. Stage is where the
      --  task stood: 1 = select of Sit/Report; 0 = ended (calls raise
      --  Tasking_Error).
      Stage : Integer := 1;
      Served_Count : Natural := 0;
      Total        : Natural := 0;
      Per_Seat     : Host_Per_Seat_Array := (others => 0);
      --  Sit's caller waits in Sit_Resume while Serve is accepted
      Sit_Portion : Natural;
      Sit_Failure : Ada.Exceptions.Exception_Occurrence;
      Sit_Failed : Boolean := False;
      entry Sit_Resume (Id : Phil_Id; Portion : out Natural);
   end Host;

   protected body Host is

      entry Sit (Id : Phil_Id; Portion : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Per_Seat (Id) := Per_Seat (Id) + 1;
            Stage := 2;  --  to accept Serve
            requeue Sit_Resume;  --  until the nested accept has completed
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Sit;

      entry Serve (Amount : Natural) when Stage = 0 or else Stage = 2 is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sit_Portion := Amount;
            Total := Total + Amount;
         exception
            when Occurrence : others =>
               Ada.Exceptions.Save_Occurrence (Sit_Failure, Occurrence);
               Sit_Failed := True;
               Stage := 3;
               raise;  --  this caller gets it, and the outer caller when it resumes
         end;
         Stage := 3;
      end Serve;

      entry Report (Served, Total : out Natural)
        when Stage = 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Served := Served_Count;
            Total := Host.Total;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Report;

      entry Sit_Resume (Id : Phil_Id; Portion : out Natural)
        when Stage = 3
      is
      begin
         begin
            if Sit_Failed then
               Sit_Failed := False;
               Ada.Exceptions.Reraise_Occurrence (Sit_Failure);
            end if;
            Portion := Sit_Portion;
            Served_Count := Served_Count + 1;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
         Stage := 1;
      end Sit_Resume;

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

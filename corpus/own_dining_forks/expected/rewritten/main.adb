--  Dining philosophers with forks as server tasks and a butler (host)
--  that admits at most four philosophers at a time -- the Ada 83 textbook
--  solution (Barnes, "Programming in Ada"; Ben-Ari).  Philosophers are a
--  task type with discriminants; forks an array of tasks.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   N     : constant := 5;
   Meals : constant := 30;

   subtype Seat is Positive range 1 .. N;

   protected type Fork is
      entry Pick_Up;
      entry Put_Down;
   private
      --  rdv2po: task Fork became this protected object. Stage is where the
      --  task stood: 1 = select of Pick_Up; 2 = accept Put_Down.
      Stage : Integer := 1;
   end Fork;

   protected body Fork is

      entry Pick_Up when Stage = 1 is
      begin
         Stage := 2;
      end Pick_Up;

      entry Put_Down when Stage = 2 is
      begin
         Stage := 1;
      end Put_Down;

   end Fork;

   Forks : array (Seat) of Fork;

   task Butler is
      entry Enter;
      entry Leave;
      entry Report (Max_Seated, Admitted : out Natural);
   end Butler;

   task body Butler is
      Seated   : Natural := 0;
      Max      : Natural := 0;
      Count    : Natural := 0;
   begin
      loop
         select
            when Seated < N - 1 =>
               accept Enter do
                  Seated := Seated + 1;
                  Count := Count + 1;
                  if Seated > Max then
                     Max := Seated;
                  end if;
               end Enter;
         or
            accept Leave do
               Seated := Seated - 1;
            end Leave;
         or
            when Leave'Count = 0 and Enter'Count = 0 =>
               accept Report (Max_Seated, Admitted : out Natural) do
                  Max_Seated := Max;
                  Admitted := Count;
               end Report;
         or
            terminate;
         end select;
      end loop;
   end Butler;

   type Meal_Counts is array (Seat) of Natural;

   protected Plates is
      procedure Eat (Who : Seat);
      function Eaten (Who : Seat) return Natural;
   private
      Count : Meal_Counts := (others => 0);
   end Plates;

   protected body Plates is
      procedure Eat (Who : Seat) is
      begin
         Count (Who) := Count (Who) + 1;
      end Eat;
      function Eaten (Who : Seat) return Natural is (Count (Who));
   end Plates;

   Max_Seated, Admitted : Natural;
begin
   declare
      task type Philosopher (Me : Seat);
      task body Philosopher is
         Left  : constant Seat := Me;
         Right : constant Seat := Me mod N + 1;
      begin
         for M in 1 .. Meals loop
            Butler.Enter;
            Forks (Left).Pick_Up;
            Forks (Right).Pick_Up;
            Plates.Eat (Me);
            Forks (Right).Put_Down;
            Forks (Left).Put_Down;
            Butler.Leave;
         end loop;
      end Philosopher;

      P1 : Philosopher (1);
      P2 : Philosopher (2);
      P3 : Philosopher (3);
      P4 : Philosopher (4);
      P5 : Philosopher (5);
   begin
      null;
   end;
   Butler.Report (Max_Seated, Admitted);
   for S in Seat loop
      Put_Line ("philosopher" & Seat'Image (S) & " ate" &
                Natural'Image (Plates.Eaten (S)) & " meals");
   end loop;
   Put_Line ("admitted" & Natural'Image (Admitted) & ", at most four seated: " &
             Boolean'Image (Max_Seated <= N - 1));
end Main;

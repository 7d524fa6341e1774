--  An elevator controller with an entry family indexed by floor: riders
--  queue on Call (Floor); the controller sweeps up once, serving a
--  floor when Call (F)'Count > 0 with a conditional selective accept inside
--  for loops.  Riders queued on one floor are all taken at once.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   subtype Floor is Integer range 0 .. 5;
   Riders_Total : constant := 9;

   task Elevator is
      entry Call (Floor) (Rider : Positive; Ride_No : out Positive);
      entry Start (Expected : Natural);
      entry Done;
   end Elevator;

   task body Elevator is
      Waiting_For : Natural;
      Served      : Natural := 0;
      Rides       : Natural := 0;

      Taken       : Natural;
      Queued      : Natural;
   begin
      accept Start (Expected : Natural) do
         Waiting_For := Expected;
      end Start;
      loop
         Queued := 0;
         for F in Floor loop
            Queued := Queued + Call (F)'Count;
         end loop;
         exit when Queued >= Waiting_For;
         delay 0.005;
      end loop;
      Put_Line ("going up");
      for F in Floor loop
         Taken := 0;
         while Call (F)'Count > 0 loop
            select
               accept Call (F) (Rider : Positive; Ride_No : out Positive) do
                  Rides := Rides + 1;
                  Ride_No := Rides;
               end Call;
               Taken := Taken + 1;
            else
               exit;
            end select;
         end loop;
         if Taken > 0 then
            Put_Line ("stop at floor" & Floor'Image (F) & ":" &
                      Natural'Image (Taken) & " rider(s)");
            Served := Served + Taken;
         end if;
      end loop;
      Put_Line ("served" & Natural'Image (Served) & " of" & Natural'Image (Waiting_For));
      accept Done;
   end Elevator;

   type Floor_List is array (1 .. Riders_Total) of Floor;
   Where : constant Floor_List := (3, 1, 3, 5, 0, 3, 1, 4, 5);

   protected Log is
      procedure Rode (Rider, Ride : Positive);
      function Sum return Natural;
   private
      Total : Natural := 0;
   end Log;
   protected body Log is
      procedure Rode (Rider, Ride : Positive) is
      begin
         Total := Total + Rider * Ride;
      end Rode;
      function Sum return Natural is (Total);
   end Log;

begin
   declare
      task type Rider (Id : Positive);
      task body Rider is
         No : Positive;
      begin
         Elevator.Call (Where (Id)) (Id, No);
         Log.Rode (1, No);
      end Rider;
      type Rider_Ptr is access Rider;
      R : Rider_Ptr;
   begin
      for I in Where'Range loop
         R := new Rider (I);
      end loop;
      Elevator.Start (Riders_Total);
   end;
   Elevator.Done;
   Put_Line ("ride numbers add up to" & Natural'Image (Log.Sum));
end Main;

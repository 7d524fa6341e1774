with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Counter : Natural := 0;
   pragma Volatile (Counter);
   Sum : Natural := 0;

   function First return Natural;

   task type Worker is
      entry Start (Id : Positive);
   end Worker;

   Pool : array (1 .. 3) of Worker;

   protected Acc is
      procedure Add (X : Natural);
      function Total return Natural;
   end Acc;

   protected body Acc is
      procedure Add (X : Natural) is
      begin
         Sum := Sum + X;
      end Add;
      function Total return Natural is (Sum);
   end Acc;

   task Setup;

   task body Worker is
      Me : Positive;
   begin
      accept Start (Id : Positive) do
         Me := Id;
      end Start;
      Acc.Add (Me);
   end Worker;

   function First return Natural is
   begin
      Counter := Counter + 1;
      return 1;
   end First;

   task body Setup is
      Base : constant Natural := First;
   begin
      for I in Pool'Range loop
         Pool (I).Start (Base + I - 1);
      end loop;
   end Setup;
begin
   delay 0.1;
   Put_Line ("counter" & Natural'Image (Counter));
   delay 0.1;
   Put_Line ("total" & Natural'Image (Acc.Total));
   Put_Line ("PASSED");
end Main;

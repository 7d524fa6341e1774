package body Work is
   task body Setup is
   begin
      for I in Pool'Range loop
         Pool (I).Start (I);
      end loop;
   end Setup;

   task body Worker is
      Me : Positive;
   begin
      accept Start (Id : Positive) do
         Me := Id;
      end Start;
      Sum.Add (Me * 10);
   end Worker;

   protected body Sum is
      procedure Add (X : Positive) is
      begin
         S := S + X;
      end Add;
      function Value return Natural is (S);
   end Sum;
end Work;

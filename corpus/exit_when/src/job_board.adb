package body Job_Board is

   task body Jobs is
      Pending  : Natural := 0;
      Posted   : Integer := 0;
      Done_Sum : Integer := 0;
      Requests : Natural := 0;
   begin
      Serve : loop
         select
            accept Post (Job : in Positive) do
               Posted := Posted + Job;
            end Post;
            Pending := Pending + 1;
         or
            when Pending > 0 =>
               accept Finish (Job : in Positive) do
                  Done_Sum := Done_Sum + Job;
               end Finish;
               Pending := Pending - 1;
         or
            accept Quit (Final : out Integer; Still_Pending : out Natural) do
               Final := Done_Sum;
               Still_Pending := Pending;
            end Quit;
            exit Serve when Pending = 0;
         end select;
         Requests := Requests + 1;
         exit Serve when Requests >= Max_Requests;
      end loop Serve;
   end Jobs;

end Job_Board;

package body Service is

   task body Desk is
      Served  : Level_Counts := (others => 0);
      Answers : Level_Sums := (others => 0);
      Last    : Level := Low;
      Reply   : Integer := 0;
      Got     : Boolean := False;   --  a Request was served this round
   begin
      loop
         select
            accept Request (High) (X : in Integer; Y : out Integer) do
               Reply := X * Weight (High);
               Y := Reply;
            end Request;
            Last := High;
            Got := True;
         or
            accept Request (Medium) (X : in Integer; Y : out Integer) do
               Reply := X * Weight (Medium);
               Y := Reply;
            end Request;
            Last := Medium;
            Got := True;
         or
            when Request (High)'Count = 0 =>
               accept Request (Low) (X : in Integer; Y : out Integer) do
                  Reply := X * Weight (Low);
                  Y := Reply;
               end Request;
               Last := Low;
               Got := True;
         or
            accept Report (Counts : out Level_Counts; Sums : out Level_Sums)
            do
               Counts := Served;
               Sums := Answers;
            end Report;
         or
            terminate;
         end select;
         if Got then
            Served (Last) := Served (Last) + 1;
            Answers (Last) := Answers (Last) + Reply;
            Got := False;
         end if;
      end loop;
   end Desk;

end Service;

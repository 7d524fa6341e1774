--  Asynchronous selects the caller-runs scheme takes: one inside the
--  server's accept body, around a search that may run too long (the caller
--  runs it, the turn stays taken until the code after the select gives it
--  back), and one in the main program whose abortable part calls no entry
--  of the servers (Spin loops on a counter of its own).
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Too_Long : exception;
   Spins : Natural := 0;

   procedure Spin is
   begin
      loop
         Spins := Spins + 1;
         delay 0.001;
      end loop;
   end Spin;

   function Steps (N : Positive) return Natural is
      K : Natural := 0;
      V : Positive := N;
   begin
      while V /= 1 loop
         V := (if V mod 2 = 0 then V / 2 else 3 * V + 1);
         K := K + 1;
      end loop;
      return K;
   end Steps;

   task Searcher is
      entry Search (N : Positive; Limit : Duration; Found : out Integer);
   end Searcher;

   task body Searcher is
   begin
      loop
         select
            accept Search (N : Positive; Limit : Duration; Found : out Integer) do
               Found := -1;
               select
                  delay Limit;
                  raise Too_Long;
               then abort
                  if N > 1000 then
                     Spin;
                  end if;
                  Found := Steps (N);
               end select;
            exception
               when Too_Long =>
                  Found := -2;
            end Search;
         or
            terminate;
         end select;
      end loop;
   end Searcher;

   task Counter is
      entry Add (N : Integer);
      entry Total (T : out Integer);
   end Counter;

   task body Counter is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
            end Add;
         or
            accept Total (T : out Integer) do
               T := Sum;
            end Total;
         or
            terminate;
         end select;
      end loop;
   end Counter;

   R : Integer;
begin
   Searcher.Search (27, 5.0, R);
   Put_Line ("steps of 27:" & Integer'Image (R));
   Counter.Add (R);
   Searcher.Search (5000, 0.05, R);
   Put_Line ("search of 5000:" & Integer'Image (R));
   Counter.Add (R);
   select
      delay 0.05;
      Put_Line ("spin stopped");
   then abort
      Spin;
   end select;
   Put_Line ("spun: " & Boolean'Image (Spins > 0));
   Counter.Total (R);
   Put_Line ("total:" & Integer'Image (R));
   Put_Line ("PASSED");
end Main;

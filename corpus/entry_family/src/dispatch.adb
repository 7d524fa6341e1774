package body Dispatch is

   task body Server is
      Open     : Boolean := False;
      Got      : Boolean := False;   --  a Request was served this round
      Last     : Priority := Low;    --  family member just served
      Totals   : Sum_Array := (others => 0);
      Order    : Natural := 0;       --  order of the served classes
      Count    : Natural := 0;       --  requests served
      Bad      : Natural := 0;       --  lower priority served too early
   begin
      loop
         select
            accept Ready (All_Queued : out Boolean) do
               All_Queued := Request (Low)'Count + Request (Mid)'Count
                             + Request (High)'Count = Expected;
            end Ready;
         or
            when not Open =>
               accept Go;
               Open := True;
         or
            when Open =>
               accept Request (High) (X : in Integer) do
                  Totals (High) := Totals (High) + X;
               end Request;
               Last := High;
               Got := True;
         or
            when Open and then Request (High)'Count = 0 =>
               accept Request (Mid) (X : in Integer) do
                  Totals (Mid) := Totals (Mid) + X;
                  if Request (High)'Count > 0 then
                     Bad := Bad + 1;
                  end if;
               end Request;
               Last := Mid;
               Got := True;
         or
            when Open
              and then Request (High)'Count = 0
              and then Request (Mid)'Count = 0
            =>
               accept Request (Low) (X : in Integer) do
                  Totals (Low) := Totals (Low) + X;
                  if Request (High)'Count + Request (Mid)'Count > 0 then
                     Bad := Bad + 1;
                  end if;
               end Request;
               Last := Low;
               Got := True;
         or
            accept Report (Trace : out Natural; Sums : out Sum_Array;
                           Served : out Natural; Violations : out Natural)
            do
               Trace := Order;
               Sums := Totals;
               Served := Count;
               Violations := Bad;
            end Report;
         or
            terminate;
         end select;

         if Got then
            Count := Count + 1;
            Order := Order * 3 + Priority'Pos (Last);
            Got := False;
         end if;
      end loop;
   end Server;

end Dispatch;

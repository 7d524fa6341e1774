package body Sinks is

   task body W is
      Limit : Natural := 0;
      Sum   : Integer := 0;
   begin
      accept Start (N : Natural) do
         Limit := N;
      end Start;
      Serve : while Sum < Limit * Cap loop
         select
            accept Put (X : Integer; Ok : out Boolean) do
               Sum := Sum + X;
               Ok := Sum < Limit * Cap;
            end Put;
         or
            accept Quit;
            exit Serve;
         end select;
      end loop Serve;
   end W;

end Sinks;

package body Cells is

   protected body Cell is

      function Get return Natural is (Value);

      procedure Put (X : Natural) is
      begin
         Value := X;
      end Put;

      entry Take (X : out Natural) when Ready is
      begin
         X := Value;
         Value := Value + 1;
      end Take;

   end Cell;

   protected body Baton is

      entry Ping when not Pinged is
      begin
         Pinged := True;
      end Ping;

      entry Pong when Pinged is
      begin
         Pinged := False;
         Count := Count + 1;
      end Pong;

      function Passes return Natural is (Count);

   end Baton;

end Cells;

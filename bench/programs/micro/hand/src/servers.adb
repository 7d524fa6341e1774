package body Servers is

   protected body Echo is

      procedure Call is
      begin
         null;
      end Call;

   end Echo;

   protected body Counter is

      procedure Bump (By : Positive) is
      begin
         Count := Count + By;
      end Bump;

      procedure Total (Sum : out Natural) is
      begin
         Sum := Count;
      end Total;

   end Counter;

end Servers;

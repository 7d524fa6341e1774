package body Hosts is

   function Right (Id : Phil_Id) return Phil_Id is (Id mod Philosophers + 1);

   protected body Host is

      entry Request (Id : Phil_Id; Portion : out Natural) when True is
      begin
         if Free (Id) and Free (Right (Id)) then
            Free (Id) := False;
            Free (Right (Id)) := False;
            requeue Collect;
         else
            Requeues := Requeues + 1;
            requeue Wait (Id);
         end if;
      end Request;

      entry Wait (for Me in Phil_Id) (Id : Phil_Id; Portion : out Natural)
        when Free (Me) and Free (Right (Me))
      is
      begin
         Free (Id) := False;
         Free (Right (Id)) := False;
         requeue Collect;
      end Wait;

      --  Serve completes only when a philosopher holding its forks takes
      --  the portion: Collect's body runs in the same protected action.
      entry Serve (Amount : Natural)
        when Collect'Count > 0 and then not Full
      is
      begin
         Offered := Amount;
         Full := True;
         Total := Total + Amount;
      end Serve;

      entry Collect (Id : Phil_Id; Portion : out Natural) when Full is
      begin
         Portion := Offered;
         Full := False;
         Meals := Meals + 1;
      end Collect;

      procedure Release (Id : Phil_Id) is
      begin
         Free (Id) := True;
         Free (Right (Id)) := True;
      end Release;

      procedure Report (Served, Portions, Requeued : out Natural;
                        Forks : out Fork_Array) is
      begin
         Served := Meals;
         Portions := Total;
         Requeued := Requeues;
         Forks := Free;
      end Report;

   end Host;

end Hosts;

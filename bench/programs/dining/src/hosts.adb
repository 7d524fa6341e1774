package body Hosts is

   task body Host is
      Free     : Fork_Array := (others => True);
      Retry    : Natural := 0;
      Meals    : Natural := 0;
      Total    : Natural := 0;
      Requeues : Natural := 0;
   begin
      loop
         select
            when Retry = 0 =>
               accept Request (Id : Phil_Id; Portion : out Natural) do
                  if not (Free (Id) and Free (Id mod Philosophers + 1)) then
                     Requeues := Requeues + 1;
                     requeue Wait;
                  end if;
                  Free (Id) := False;
                  Free (Id mod Philosophers + 1) := False;
                  accept Serve (Amount : Natural) do
                     Portion := Amount;
                     Total := Total + Amount;
                  end Serve;
                  Meals := Meals + 1;
               end Request;
         or
            when Retry > 0 =>
               accept Wait (Id : Phil_Id; Portion : out Natural) do
                  if not (Free (Id) and Free (Id mod Philosophers + 1)) then
                     Requeues := Requeues + 1;
                     requeue Wait;
                  end if;
                  Free (Id) := False;
                  Free (Id mod Philosophers + 1) := False;
                  accept Serve (Amount : Natural) do
                     Portion := Amount;
                     Total := Total + Amount;
                  end Serve;
                  Meals := Meals + 1;
               end Wait;
               Retry := Retry - 1;
         or
            accept Release (Id : Phil_Id) do
               Free (Id) := True;
               Free (Id mod Philosophers + 1) := True;
            end Release;
            Retry := Wait'Count;
         or
            accept Report (Served, Portions, Requeued : out Natural;
                           Forks : out Fork_Array)
            do
               Served := Meals;
               Portions := Total;
               Requeued := Requeues;
               Forks := Free;
            end Report;
         or
            terminate;
         end select;
      end loop;
   end Host;

end Hosts;

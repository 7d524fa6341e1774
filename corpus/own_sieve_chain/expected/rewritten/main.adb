--  Sieve of Eratosthenes as a pipeline of filter tasks (after Ben-Ari,
--  "Principles of Concurrent and Distributed Programming", and the
--  classic Ada textbook pipeline): each Filter keeps the first number it
--  receives (a prime) and passes on the numbers it does not divide,
--  creating the next filter on demand with an allocator.  A Collector task
--  records the primes in the order they are found.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Limit : constant := 120;

   type Prime_List is array (1 .. 40) of Natural;

   protected Collector is
      procedure Add (P : Positive);
      entry Get (List : out Prime_List; Count : out Natural);
   private
      --  rdv2po: task Collector became this protected object. Ended: the
      --  task has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Found : Prime_List := (others => 0);
      N     : Natural := 0;
   end Collector;

   protected body Collector is

      procedure Add (P : Positive) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            N := N + 1;
            Found (N) := P;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      entry Get (List : out Prime_List; Count : out Natural) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         List := Found;
         Count := N;
      end Get;

   end Collector;

   task type Filter is
      entry Pass (N : Positive);
      entry Stop;
   end Filter;

   type Filter_Ptr is access Filter;

   function New_Filter return Filter_Ptr is
   begin
      return new Filter;
   end New_Filter;

   task body Filter is
      My_Prime  : Positive := 1;
      Candidate : Positive;
      Next      : Filter_Ptr := null;
      Stopped   : Boolean := False;
   begin
      select
         accept Pass (N : Positive) do
            My_Prime := N;
         end Pass;
         Collector.Add (My_Prime);
      or
         accept Stop;
         Stopped := True;
      end select;

      while not Stopped loop
         select
            accept Pass (N : Positive) do
               Candidate := N;
            end Pass;
            if Candidate mod My_Prime /= 0 then
               if Next = null then
                  Next := New_Filter;
               end if;
               Next.Pass (Candidate);
            end if;
         or
            --  Stop travels down the chain inside the rendezvous, so the
            --  caller of the first Stop knows the whole chain is done.
            accept Stop do
               if Next /= null then
                  Next.Stop;
               end if;
            end Stop;
            Stopped := True;
         end select;
      end loop;
   end Filter;

   First : constant Filter_Ptr := New_Filter;
   List  : Prime_List;
   Count : Natural;
begin
   for N in 2 .. Limit loop
      First.Pass (N);
   end loop;
   First.Stop;
   Collector.Get (List, Count);
   Put_Line ("primes up to" & Integer'Image (Limit) & ":" &
             Natural'Image (Count));
   for I in 1 .. Count loop
      Put (Natural'Image (List (I)));
      if I mod 10 = 0 then
         New_Line;
      end if;
   end loop;
   New_Line;
end Main;

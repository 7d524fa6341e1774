--  A one-shot worker type whose objects are aliased, and a foreman task type
--  given two of them as access discriminants.
package Crew is
   task type Hand (Tag : Character) is
      entry Go (Times : Positive);
   end Hand;

   task type Foreman (First, Second : access Hand);

   procedure Send (H : access Hand; Times : Positive);
end Crew;

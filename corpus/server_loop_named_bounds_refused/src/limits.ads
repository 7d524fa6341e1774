package Limits is
   Rounds : Integer := 3;    -- a variable: another task may change it
end Limits;

package body Spooler is
   task body Queue is separate;
end Spooler;

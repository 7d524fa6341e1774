package body Sinks is
   procedure Nothing is null;
end Sinks;

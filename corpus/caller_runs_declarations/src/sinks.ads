package Sinks is
   type Counter_View is access all Integer;
   type Action is access procedure;
   procedure Nothing;
end Sinks;

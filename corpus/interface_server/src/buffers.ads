--  Two interfaces a task may implement, and a protected object too: a
--  synchronized one (its procedures implemented by entries) and a limited
--  one.  Reset is a null procedure no entry implements: every implementation
--  inherits it.
package Buffers is

   type Buffer is synchronized interface;
   procedure Put (B : in out Buffer; X : Integer) is abstract;
   procedure Get (B : in out Buffer; X : out Integer) is abstract;
   procedure Reset (B : in out Buffer) is null;

   type Counted is limited interface;
   procedure Count (C : in out Counted; N : out Natural) is abstract;

   --  Put each of First .. Last through the interface (dispatching calls).
   procedure Fill (B : in out Buffer'Class; First, Last : Integer);

end Buffers;

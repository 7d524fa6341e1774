--  A task interface: only a task can implement it (a protected object may
--  implement limited, synchronized and protected interfaces).
package Jobs is
   type Worker is task interface;
   procedure Run (W : in out Worker; N : Integer) is abstract;
   procedure Total (W : in out Worker; T : out Integer) is abstract;
end Jobs;

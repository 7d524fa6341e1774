--  Paper Figure 1 (b) with the server declared by a task type: the general
--  scheme then keeps the task inside its protected type, as a component.

package Resources is

   Clients : constant := 4;
   Rounds  : constant := 25_000;

   task type Resource_Server is
      entry Acquire;
      entry Release;
   end Resource_Server;

   Resource : Resource_Server;

   Counter : Natural := 0;    --  the resource, touched between the two calls

end Resources;

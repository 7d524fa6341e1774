--  Paper Figure 1 (b): the resource server, as in the figure, waits at a
--  terminate alternative between pairs, so it ends with its clients.

package Resources is

   Clients : constant := 4;
   Rounds  : constant := 25_000;

   task Resource is
      entry Acquire;
      entry Release;
   end Resource;

   Counter : Natural := 0;    --  the resource, touched between the two calls

end Resources;

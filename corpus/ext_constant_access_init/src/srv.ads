with Glob;
package Srv is
   task Server is
      entry Get (V : out Integer);
   end Server;
   Dummy : Integer := Glob.Set (5);
end Srv;

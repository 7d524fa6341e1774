--  Three servers whose loop is a while loop.
package Servers is

   task Logger is
      entry Log (X : Integer);
      entry Total (T : out Integer);
      entry Stop;
   end Logger;

   task Counter is
      entry Tick (N : out Natural);
   end Counter;

   task Never is
      entry Ping;
   end Never;

end Servers;

with Ids;
package Srv is
   task Server is
      entry Get (V : out Integer);
   end Server;
   Other : Ids.Tagged_Id;
end Srv;

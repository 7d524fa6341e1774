with Crew;
package Keep is
   type Hand_Ref is access all Crew.Hand;
   Last : Hand_Ref;
end Keep;

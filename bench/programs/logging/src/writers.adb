with Servers;

package body Writers is

   task body Writer is
      Me   : Positive;
      N    : Positive;
      Made : Natural := 0;
   begin
      accept Start (Id : Positive; Messages : Positive) do
         Me := Id;
         N := Messages;
      end Start;
      for I in 1 .. N loop
         Servers.Logger.Log ("writer" & Positive'Image (Me) & " message"
                             & Positive'Image (I));
         Made := Made + 1;
      end loop;
      accept Finish (Done : out Natural) do
         Done := Made;
      end Finish;
   end Writer;

end Writers;

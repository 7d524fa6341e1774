generic
   Size : Positive;
   Name : String;
package Gen is
   procedure Put (V : Integer);
   function Total return Integer;
end Gen;

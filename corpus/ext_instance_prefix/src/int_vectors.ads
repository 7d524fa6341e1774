with Ada.Containers.Vectors;
package Int_Vectors is new Ada.Containers.Vectors (Positive, Integer);

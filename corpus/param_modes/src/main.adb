--  Main exercises every entry of Calcs.Calc and checks the results; two
--  worker tasks make further (order-independent) calls concurrently.

with Ada.Text_IO; use Ada.Text_IO;
with Calcs;       use Calcs;

procedure Main is

   Worker_Rounds : constant := 100;
   Worker_Errors : Natural := 0;
   Errors_Of     : array (1 .. 2) of Natural := (others => 0);  --  per Id

   procedure Run_Workers is
      task type Worker (Id : Positive);

      task body Worker is
         S    : Integer;
         A, B : Integer;
         P    : Point := (0, 0);
      begin
         for I in 1 .. Worker_Rounds loop
            Calc.Add (I, Id, S);
            if S /= I + Id then
               Errors_Of (Id) := Errors_Of (Id) + 1;
            end if;
            A := I;
            B := -I;
            Calc.Swap (A, B);
            if A /= -I or else B /= I then
               Errors_Of (Id) := Errors_Of (Id) + 1;
            end if;
            Calc.Move (P, (1, Id));
         end loop;
         if P /= (Worker_Rounds, Id * Worker_Rounds) then
            Errors_Of (Id) := Errors_Of (Id) + 1;
         end if;
      end Worker;

      W1 : Worker (1);
      W2 : Worker (2);
      pragma Unreferenced (W1, W2);
   begin
      null;
   end Run_Workers;

   Ok     : Boolean := True;
   Sum    : Integer;
   A, B   : Integer;
   P      : Point := (10, 20);
   V      : Int_Array (3 .. 7) := (5, -2, 9, 0, 3);
   Lo, Hi : Integer;
   Id1, Id2 : Person_Id;
   Who    : Person;
   Found  : Boolean;
   S      : Stats_Rec;

   procedure Check (Cond : Boolean; What : String) is
   begin
      Put_Line (What & ": " & (if Cond then "ok" else "WRONG"));
      Ok := Ok and Cond;
   end Check;

begin
   Calc.Add (40, 2, Sum);
   Check (Sum = 42, "Add in/in/out");

   A := 1;
   B := 2;
   Calc.Swap (A, B);
   Check (A = 2 and B = 1, "Swap in out/in out");

   Calc.Move (P, (3, -4));
   Check (P = (13, 16), "Move default Steps");
   Calc.Move (P, D => (1, 1), Steps => 5);
   Check (P = (18, 21), "Move named Steps");

   Calc.Normalize (V, Lo, Hi);
   Check (Lo = -2 and Hi = 9 and V = (7, 0, 11, 2, 5),
          "Normalize array in out");
   Check (V'First = 3 and V'Last = 7, "Normalize keeps bounds");

   Calc.Register (("Ada     ", 36), Id1);
   Calc.Register ((Name => "Jean    ", Age => 41), Id2);
   Check (Id1 = 1 and Id2 = 2, "Register record in");

   Calc.Lookup (Id2, Who, Found);
   Check (Found and Who = (Name => "Jean    ", Age => 41),
          "Lookup record out");
   Calc.Lookup (3, Who, Found);
   Check (not Found and Who.Name = "????????", "Lookup missing");

   Run_Workers;
   Worker_Errors := Errors_Of (1) + Errors_Of (2);
   Check (Worker_Errors = 0, "Workers");

   --  Stats reports the calls served before it: 9 by Main, 3 per round
   --  by each worker (Last_Sum depends on the interleaving: not shown).
   Calc.Stats (S);
   Put_Line ("Calls     :" & Natural'Image (S.Calls));
   Put_Line ("Registered:" & Natural'Image (S.Registered));
   Check (S.Calls = 9 + 2 * 3 * Worker_Rounds
          and S.Registered = 2, "Stats record out");
   Put_Line ("Sum=" & Integer'Image (Sum) & " P=(" & Integer'Image (P.X)
             & "," & Integer'Image (P.Y) & ")");
   if Ok then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

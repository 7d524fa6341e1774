--  A server whose body declares what it needs: a named number, a subtype,
--  an enumeration type (its literals printed with 'Image), a record type
--  and two local subprograms that read and update the task's variables.
--  The object moves the types, subtype and number out under fresh names;
--  the subprograms become operations of its body.  Main also declares an
--  Index and a Max of its own, which the moved ones must not hide.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Max   : constant Integer := 1_000;   --  not the task's Max
   Index : constant String := "main";   --  not the task's Index

   task Scores is
      entry Add (Points : Integer);
      entry Get (I : Positive; Points : out Integer; Grade : out String;
                 Full_Now : out Boolean);
   end Scores;

   task body Scores is
      Max : constant := 4;
      subtype Index is Positive range 1 .. Max;
      type Level is (Bronze, Silver, Gold);
      type Entry_Rec is record
         Points : Integer := 0;
         Grade  : Level := Bronze;
      end record;
      Table : array (Index) of Entry_Rec;
      Next  : Index := 1;
      Full  : Boolean := False;

      function Grade_Of (P : Integer) return Level is
      begin
         if P >= 20 then
            return Gold;
         elsif P >= 10 then
            return Silver;
         end if;
         return Bronze;
      end Grade_Of;

      procedure Store (P : Integer) is
      begin
         Table (Next) := (Points => P, Grade => Grade_Of (P));
         if Next = Index'Last then
            Next := Index'First;
            Full := True;
         else
            Next := Next + 1;
         end if;
      end Store;
   begin
      loop
         select
            accept Add (Points : Integer) do
               Store (Points);
            end Add;
         or
            accept Get (I : Positive; Points : out Integer; Grade : out String;
                        Full_Now : out Boolean) do
               declare
                  Name : constant String := Level'Image (Table (I).Grade);
               begin
                  Grade := (others => ' ');
                  Grade (Grade'First .. Grade'First + Name'Length - 1) := Name;
               end;
               Points := Table (I).Points;
               Full_Now := Full;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Scores;
begin
   for P in 1 .. 6 loop
      Scores.Add (P * 5);
   end loop;
   for I in 1 .. 4 loop
      declare
         Points : Integer;
         Grade  : String (1 .. 8);
         Full   : Boolean;
      begin
         Scores.Get (I, Points, Grade, Full);
         Put_Line (Integer'Image (I) & ":" & Integer'Image (Points) & " " & Grade
                   & " full " & Boolean'Image (Full));
      end;
   end loop;
   begin
      declare
         Points : Integer;
         Grade  : String (1 .. 8);
         Full   : Boolean;
      begin
         Scores.Get (5, Points, Grade, Full);
      end;
   exception
      when Constraint_Error =>
         Put_Line ("Get (5): Constraint_Error");
   end;
   Put_Line ("main's Max" & Integer'Image (Max) & ", Index " & Index);
   Put_Line ("PASSED");
end Main;

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

   Scores_Max : constant := 4;
   subtype Scores_Index is Positive range 1 .. Scores_Max;
   type Scores_Level is (Bronze, Silver, Gold);
   type Scores_Entry_Rec is record
      Points : Integer := 0;
      Grade  : Scores_Level := Bronze;
   end record;
   type Scores_Table_Array is array (Scores_Index) of Scores_Entry_Rec;
   protected Scores is
      procedure Add (Points : Integer);
      entry Get (I : Positive; Points : out Integer; Grade : out String;
                 Full_Now : out Boolean);
   private
      --  rdv2po: task Scores became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Table : Scores_Table_Array;
      Next  : Scores_Index := 1;
      Full  : Boolean := False;
   end Scores;

   protected body Scores is

      function Grade_Of (P : Integer) return Scores_Level is
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
         if Next = Scores_Index'Last then
            Next := Scores_Index'First;
            Full := True;
         else
            Next := Next + 1;
         end if;
      end Store;

      procedure Add (Points : Integer) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Store (Points);
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Add;

      entry Get (I : Positive; Points : out Integer; Grade : out String;
           Full_Now : out Boolean)
        when True
      is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            declare
               Name : constant String := Scores_Level'Image (Table (I).Grade);
            begin
               Grade := (others => ' ');
               Grade (Grade'First .. Grade'First + Name'Length - 1) := Name;
            end;
            Points := Table (I).Points;
            Full_Now := Full;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Get;

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

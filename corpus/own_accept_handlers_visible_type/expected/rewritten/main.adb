--  Main sends the probe three readings, each raising a different
--  exception in the accept body, and checks where each one was handled:
--  not at all in Main for the one the accept body handles, in Main for the
--  one raised again and for the one not handled, which also ends the probe.

with Ada.Text_IO; use Ada.Text_IO;
with Sensors;     use Sensors;

procedure Main is

   Hull : Probe;

   Caller_Saw_Too_High     : Boolean := False;
   Caller_Saw_Out_Of_Range : Boolean := False;
   Caller_Saw_Bad_Value    : Boolean := False;

begin
   begin
      Hull.Reading (1_500);
   exception
      when Too_High =>
         Caller_Saw_Too_High := True;
   end;

   begin
      Hull.Reading (700);
   exception
      when Out_Of_Range =>
         Caller_Saw_Out_Of_Range := True;
   end;

   begin
      Hull.Reading (200);
   exception
      when Bad_Value =>
         Caller_Saw_Bad_Value := True;
   end;

   for Try in 1 .. 400 loop
      exit when not Hull.Is_Callable;
      delay 0.005;
   end loop;

   Put_Line ("handled in the accept body, caller untouched: "
             & Boolean'Image (Handled_In_Accept and not Caller_Saw_Too_High));
   Put_Line ("raised again, seen by the caller and around the loop: "
             & Boolean'Image (Raised_Again and Caller_Saw_Out_Of_Range and Handled_Around_Loop));
   Put_Line ("not handled in the accept body, seen by the caller: "
             & Boolean'Image (Caller_Saw_Bad_Value));
   Put_Line ("probe callable afterwards: " & Boolean'Image (Hull.Is_Callable));
   Put_Line ("level kept:" & Integer'Image (Last_Level));
   if Handled_In_Accept and then not Caller_Saw_Too_High
     and then Raised_Again and then Caller_Saw_Out_Of_Range and then Handled_Around_Loop
     and then Caller_Saw_Bad_Value and then not Hull.Is_Callable
     and then Last_Level = 0 and then Problems = 0
   then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

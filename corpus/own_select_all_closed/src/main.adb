--  A selective accept with no else part whose alternatives, an accept and
--  a delay, are all closed by their guards: the select raises
--  Program_Error (RM 9.7.1(21)), which Clerk handles.  No call of Book is
--  ever made; Clerk notes how its select ended and Main reports it.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   type Ending is (Booked, Timed_Out, Fell_Through, Program_Error_Raised, Other_Exception);

   Free_Slots : Natural := 0;
   How        : Ending := Fell_Through;

begin
   declare
      task Clerk is
         entry Book;
      end Clerk;

      task body Clerk is
      begin
         select
            when Free_Slots > 0 =>
               accept Book;
               How := Booked;
         or
            when Free_Slots > 0 =>
               delay 0.01;
               How := Timed_Out;
         end select;
      exception
         when Program_Error =>
            How := Program_Error_Raised;
         when others =>
            How := Other_Exception;
      end Clerk;
   begin
      null;
   end;

   Put_Line ("select with every alternative closed: " & Ending'Image (How));
   if How = Program_Error_Raised then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

--  Callers' timed and conditional entry calls against a server that is
--  provably busy (held inside a rendezvous) or free, and a server whose
--  selective accept ends on an idle timeout (delay alternative), after
--  which calls raise Tasking_Error.

with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   protected Gate is
      entry Pass;
      procedure Open;
      procedure Note_Inside;
      function Inside return Boolean;
   private
      Opened  : Boolean := False;
      Is_In   : Boolean := False;
   end Gate;

   protected body Gate is
      entry Pass when Opened is
      begin
         null;
      end Pass;
      procedure Open is
      begin
         Opened := True;
      end Open;
      procedure Note_Inside is
      begin
         Is_In := True;
      end Note_Inside;
      function Inside return Boolean is (Is_In);
   end Gate;

   task Server is
      entry Double (X : Integer; Y : out Integer);
      entry Hold;
   end Server;

   task body Server is
      Served : Natural := 0;
   begin
      loop
         select
            accept Double (X : Integer; Y : out Integer) do
               Y := 2 * X;
            end Double;
            Served := Served + 1;
         or
            accept Hold do
               Gate.Note_Inside;
               Gate.Pass;
            end Hold;
         or
            delay 0.3;
            Put_Line ("server idle after" & Natural'Image (Served) & " requests");
            exit;
         end select;
      end loop;
   end Server;

   Y : Integer;
begin
   Server.Double (1, Y);
   Put_Line ("double 1 =" & Integer'Image (Y));

   declare
      task Holder;
      task body Holder is
      begin
         Server.Hold;
      end Holder;
   begin
      while not Gate.Inside loop
         delay 0.005;
      end loop;
      select
         Server.Double (2, Y);
         Put_Line ("conditional call accepted (wrong)");
      else
         Put_Line ("conditional call: server busy");
      end select;
      select
         Server.Double (3, Y);
         Put_Line ("timed call accepted (wrong)");
      or
         delay 0.05;
         Put_Line ("timed call: timed out");
      end select;
      Gate.Open;
   end;

   select
      Server.Double (4, Y);
      Put_Line ("timed call: double 4 =" & Integer'Image (Y));
   or
      delay 5.0;
      Put_Line ("timed call after release timed out (wrong)");
   end select;

   delay 1.0;   --  longer than the server's idle timeout
   begin
      Server.Double (5, Y);
      Put_Line ("late call accepted (wrong)");
   exception
      when Tasking_Error =>
         Put_Line ("late call: Tasking_Error");
   end;
   select
      Server.Double (6, Y);
      Put_Line ("late conditional call accepted (wrong)");
   else
      Put_Line ("late conditional call: else part (wrong)");
   end select;
exception
   when Tasking_Error =>
      Put_Line ("late conditional call: Tasking_Error");
end Main;

--  A display server whose accept bodies print and may raise: the exception
--  reaches the caller and ends the server (the rendezvous semantics), so
--  queued and later callers get Tasking_Error.  Out parameters, a guard over
--  the server's variables, a handler inside an accept body, and a library
--  procedure on the call path to Text_IO.
with Ada.Text_IO; use Ada.Text_IO;
with Report;
procedure Main is
   package Display is
      procedure Show (Line : String; Width : out Natural);
      procedure Scale (Factor : in out Integer);
      procedure Fail (Code : Integer);
   end Display;

   package body Display is
      Shown : Natural := 0;
      Limit : constant Natural := 3;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Show;
         entry Scale;
         entry Fail;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Show when Over or else (not Busy and then (Shown < Limit)) is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Show;

         entry Scale when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Scale;

         entry Fail when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Fail;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Show (Line : String; Width : out Natural) is
         Ended : Boolean := False;
      begin
         Turn.Show;
         begin
            Report.Line ("show " & Line);
            Width := Line'Length;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Shown := Shown + 1;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Show;

      procedure Scale (Factor : in out Integer) is
      begin
         Turn.Scale;
         begin
            begin
               Factor := Factor * 1000;
            exception
               when Constraint_Error =>
                  Put_Line ("scale: too big, kept");
            end;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Scale;

      procedure Fail (Code : Integer) is
      begin
         Turn.Fail;
         begin
            Put_Line ("fail" & Integer'Image (Code));
            if Code > 0 then
               raise Program_Error;
            end if;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Fail;
   end Display;

   W : Natural;
   F : Integer := 7;
   Big : Integer := Integer'Last;
begin
   Display.Show ("one", W);
   Put_Line ("width" & Natural'Image (W));
   Display.Scale (F);
   Display.Scale (Big);
   Put_Line ("factors" & Integer'Image (F) & Integer'Image (Big));
   Display.Fail (0);
   Display.Show ("three", W);
   Put_Line ("width" & Natural'Image (W));
   begin
      Display.Fail (1);
   exception
      when Program_Error => Put_Line ("caller saw Program_Error");
   end;
   begin
      Display.Show ("gone", W);
      Put_Line ("after failure: accepted");
   exception
      when Tasking_Error => Put_Line ("after failure: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;

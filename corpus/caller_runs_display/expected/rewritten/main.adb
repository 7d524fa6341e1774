--  A display server: the accept only takes the line, the printing is done
--  after the accept and after the select, inside the server loop, while the
--  caller goes on.  The caller-runs scheme has the caller print before it
--  returns: one schedule of the original, where the caller is slower to go
--  on.  The callers print nothing while the server may still be printing
--  (main prints after Count, which the server takes only once it is back at
--  its select, and Count leaves nothing to print), so the original prints
--  the same on every run.
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Integer_Text_IO;
procedure Main is
   package Display is
      procedure Show (Line : String; Level : Natural);
      procedure Count (N : out Natural);
   end Display;

   package body Display is
      Last : String (1 .. 20) := (others => ' ');
      Length : Natural := 0;
      Depth : Natural := 0;
      Shown : Natural := 0;
      procedure Indent (By : Natural) is
      begin
         for I in 1 .. By loop
            Put ("  ");
         end loop;
      end Indent;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Show;
         entry Count;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Show when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Show;

         entry Count when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Count;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Show (Line : String; Level : Natural) is
         Ended : Boolean := False;
      begin
         Turn.Show;
         begin
            Length := Natural'Min (Line'Length, Last'Length);
            Last (1 .. Length) := Line (Line'First .. Line'First + Length - 1);
            Depth := Level;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Indent (Depth);
            Put_Line (Last (1 .. Length));
            Shown := Shown + 1;
            if Depth > 0 and then Shown mod 3 = 0 then
               Put ("-- shown ");
               Ada.Integer_Text_IO.Put (Shown, Width => 0);
               New_Line;
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Show;

      procedure Count (N : out Natural) is
         Ended : Boolean := False;
      begin
         Turn.Count;
         begin
            N := Shown;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         begin
            Depth := 0;
            if Depth > 0 and then Shown mod 3 = 0 then
               Put ("-- shown ");
               Ada.Integer_Text_IO.Put (Shown, Width => 0);
               New_Line;
            end if;
         exception
            when others =>
               Ended := True;
         end;
         Turn.Finish (Ended);
      end Count;
   end Display;

   task type Writer (Id : Natural);
   task body Writer is
   begin
      for I in 1 .. 2 loop
         Display.Show ("writer" & Natural'Image (Id) & " line" & Integer'Image (I), Id);
      end loop;
   end Writer;

   N : Natural;
begin
   Display.Show ("start", 0);
   declare
      W1 : Writer (1);
   begin
      null;
   end;
   declare
      W2 : Writer (2);
   begin
      null;
   end;
   Display.Show ("a line longer than twenty characters", 1);
   Display.Count (N);
   Put_Line ("count" & Natural'Image (N));
   Display.Show ("end", 0);
   Display.Count (N);
   Put_Line ("count" & Natural'Image (N));
   Put_Line ("PASSED");
end Main;

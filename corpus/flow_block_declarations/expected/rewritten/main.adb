--  Servers whose objects are declared in a block: around the server loop's
--  body (created again at each pass, with their initial values) or around
--  the server loop itself (created once).  The server scheme makes them
--  components of the protected object and gives them their initial values
--  again where the task entered the block.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  An averager: each pass starts with no sample, and takes samples only
   --  while fewer than three were taken.
   protected Averager is
      entry Put (V : Integer);
      entry Read (Sum : out Integer; N : out Natural);
   private
      --  rdv2po: task Averager became this protected object. Stage is where
      --  the task stood: 1 = select of Put/Read; 0 = ended (calls raise
      --  Tasking_Error); -1 = not started (Start_Up runs at the first
      --  call).
      Stage : Integer := -1;
      Total : Integer := 0;
      Count : Natural := 0;
      Sample : Integer;
      Full : Boolean;
      procedure Start_Up;
   end Averager;
   protected body Averager is

      procedure Start_Up is
      begin
         Stage := 1;
         Sample := 0;  --  the task entered its block (line 19)
         Full := Count >= 3;
      end Start_Up;

      entry Put (V : Integer)
        when Stage <= 0 or else (Stage = 1 and then (not Full))
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Put with abort;
         end if;
         Sample := V;
         Stage := 1;
         begin
            Total := Total + Sample;
            if Sample /= 0 then
               Count := Count + 1;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         Sample := 0;  --  the task entered its block (line 19)
         Full := Count >= 3;
      end Put;

      entry Read (Sum : out Integer; N : out Natural)
        when Stage <= 0 or else Stage = 1
      is
      begin
         if Stage = 0 then
            raise Tasking_Error;  --  the task has ended
         elsif Stage = -1 then
            Start_Up;
            requeue Read with abort;
         end if;
         Sum := Total;
         N := Count;
         Stage := 1;
         begin
            Total := Total + Sample;
            if Sample /= 0 then
               Count := Count + 1;
            end if;
         exception
            when others =>
               Stage := 0;  --  the exception would end the task
               return;
         end;
         Sample := 0;  --  the task entered its block (line 19)
         Full := Count >= 3;
      end Read;

   end Averager;

   --  A parser: a bad number raises in the accept body, for the caller and
   --  for the block's handler, which counts it; the next pass starts afresh.
   protected Parser is
      entry Parse (S : String);
      procedure Result (Sum : out Integer; Bad : out Natural);
   private
      --  rdv2po: task Parser became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
      Sum : Integer := 0;
      Errors : Natural := 0;
      Value : Integer := 0;
   end Parser;
   protected body Parser is

      entry Parse (S : String) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Value := Integer'Value (S);
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error =>
                        Errors := Errors + 1;
                        Ended := False;
                        Value := 0;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
         begin
            Sum := Sum + Value;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error =>
                        Errors := Errors + 1;
                        Ended := False;
                        Value := 0;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               return;
         end;
         Value := 0;  --  the task entered its block (line 55)
      end Parse;

      procedure Result (Sum : out Integer; Bad : out Natural) is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Sum := Parser.Sum + Value;
            Bad := Errors;
         exception
            when others =>
               Ended := True;  --  as the task's handlers around its loop body do
               begin
                  begin
                     raise;
                  exception
                     when Constraint_Error =>
                        Errors := Errors + 1;
                        Ended := False;
                        Value := 0;
                  end;
               exception
                  when others =>
                     Ended := True;  --  raised by a handler: the task ends
               end;
               raise;  --  and the caller gets it
         end;
         Value := 0;  --  the task entered its block (line 55)
      end Result;

   end Parser;

   --  A one-place buffer whose state is declared in a block around its loop.
   protected Buffer is
      entry Put (X : Integer);
      entry Take (X : out Integer);
   private
      --  rdv2po: task Buffer became this protected object.
      Held : Integer := 0;
      Full : Boolean := False;
   end Buffer;
   protected body Buffer is

      entry Put (X : Integer) when not Full is
      begin
         Held := X;
         Full := True;
      end Put;

      entry Take (X : out Integer) when Full is
      begin
         X := Held;
         Full := False;
      end Take;

   end Buffer;

   S : Integer;
   N : Natural;
begin
   Averager.Put (4);
   Averager.Read (S, N);
   Averager.Put (6);
   Averager.Read (S, N);
   Put_Line ("sum" & Integer'Image (S) & ", samples" & Natural'Image (N));
   Averager.Put (5);
   select
      Averager.Put (7);
      Put_Line ("a fourth sample");
   or
      delay 0.05;
      Put_Line ("no fourth sample");
   end select;
   Averager.Read (S, N);
   Put_Line ("sum" & Integer'Image (S) & ", samples" & Natural'Image (N));

   Parser.Parse ("12");
   begin
      Parser.Parse ("x1");
      Put_Line ("parsed x1");
   exception
      when Constraint_Error => Put_Line ("x1: Constraint_Error");
   end;
   Parser.Parse ("30");
   Parser.Result (S, N);
   Put_Line ("parsed" & Integer'Image (S) & ", bad" & Natural'Image (N));

   Buffer.Put (3);
   select
      Buffer.Put (4);
      Put_Line ("two in a one-place buffer");
   else
      Put_Line ("buffer full");
   end select;
   Buffer.Take (S);
   Put_Line ("took" & Integer'Image (S));
   Put_Line ("PASSED");
end Main;

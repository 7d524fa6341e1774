--  Servers whose objects are declared in a block: around the server loop's
--  body (created again at each pass, with their initial values) or around
--  the server loop itself (created once).  The server scheme makes them
--  components of the protected object and gives them their initial values
--  again where the task entered the block.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   --  An averager: each pass starts with no sample, and takes samples only
   --  while fewer than three were taken.
   task Averager is
      entry Put (V : Integer);
      entry Read (Sum : out Integer; N : out Natural);
   end Averager;
   task body Averager is
      Total : Integer := 0;
      Count : Natural := 0;
   begin
      loop
         declare
            Sample : Integer := 0;
            Full : Boolean := Count >= 3;
         begin
            select
               when not Full =>
                  accept Put (V : Integer) do
                     Sample := V;
                  end Put;
            or
               accept Read (Sum : out Integer; N : out Natural) do
                  Sum := Total;
                  N := Count;
               end Read;
            or
               terminate;
            end select;
            Total := Total + Sample;
            if Sample /= 0 then
               Count := Count + 1;
            end if;
         end;
      end loop;
   end Averager;

   --  A parser: a bad number raises in the accept body, for the caller and
   --  for the block's handler, which counts it; the next pass starts afresh.
   task Parser is
      entry Parse (S : String);
      entry Result (Sum : out Integer; Bad : out Natural);
   end Parser;
   task body Parser is
      Sum : Integer := 0;
      Errors : Natural := 0;
   begin
      loop
         declare
            Value : Integer := 0;
         begin
            select
               accept Parse (S : String) do
                  Value := Integer'Value (S);
               end Parse;
               Sum := Sum + Value;
            or
               accept Result (Sum : out Integer; Bad : out Natural) do
                  Sum := Parser.Sum + Value;
                  Bad := Errors;
               end Result;
            or
               terminate;
            end select;
         exception
            when Constraint_Error =>
               Errors := Errors + 1;
         end;
      end loop;
   end Parser;

   --  A one-place buffer whose state is declared in a block around its loop.
   task Buffer is
      entry Put (X : Integer);
      entry Take (X : out Integer);
   end Buffer;
   task body Buffer is
   begin
      declare
         Held : Integer := 0;
         Full : Boolean := False;
      begin
         loop
            select
               when not Full =>
                  accept Put (X : Integer) do
                     Held := X;
                  end Put;
                  Full := True;
            or
               when Full =>
                  accept Take (X : out Integer) do
                     X := Held;
                  end Take;
                  Full := False;
            or
               terminate;
            end select;
         end loop;
      end;
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

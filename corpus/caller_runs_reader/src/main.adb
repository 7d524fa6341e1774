--  A reader that prefetches: after the accept, inside the server loop, it
--  reads the next line while its caller goes on.  Input may wait for what
--  the caller does next (an answer to the prompt the caller prints after its
--  call), so the caller-runs scheme refuses it, as it refuses every I/O
--  there other than writing text; the accepting scheme refuses the I/O in a
--  protected action.
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Data : File_Type;

   task Reader is
      entry Next (Line : out String; Last : out Natural);
   end Reader;

   task body Reader is
      Buffer : String (1 .. 20) := (others => ' ');
      Length : Natural := 0;
   begin
      loop
         select
            accept Next (Line : out String; Last : out Natural) do
               Last := Line'First + Length - 1;
               Line (Line'First .. Last) := Buffer (1 .. Length);
            end Next;
            if End_Of_File (Data) then
               Length := 0;
            else
               Get_Line (Data, Buffer, Length);
            end if;
         or
            terminate;
         end select;
      end loop;
   end Reader;

   Line : String (1 .. 20);
   Last : Natural;
begin
   Create (Data, Out_File, "reader_input.txt");
   Put_Line (Data, "first");
   Put_Line (Data, "second");
   Reset (Data, In_File);
   for I in 1 .. 4 loop
      Reader.Next (Line, Last);
      Put_Line ("got '" & Line (1 .. Last) & "'");
   end loop;
   Put_Line ("PASSED");
end Main;

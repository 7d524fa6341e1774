--  Formals of a type with defaulted discriminants, in out, accepted at a
--  select with a terminate alternative: when the caller's actual is
--  constrained, the accept body's assignment changing the discriminants
--  raises Constraint_Error there (RM 3.7.2), where its handler sees it;
--  when it is not, the caller's object changes.  Under the general scheme
--  the agent waits for these calls in a real select (for terminate), and
--  the caller's 'Constrained comes through that wait.
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   subtype Size is Natural range 0 .. 8;

   type Buf (Len : Size := 0) is record
      Data : String (1 .. Len);
   end record;

   Fixed : Buf (2) := (2, "ab");
   Free  : Buf := (2, "cd");
   Note  : Character;

   protected Pool is
      entry Grow (Item : in out Buf; Note : out Character);
      entry Look (Item : in Buf; Note : out Character);
   private
      --  rdv2po: task Pool became this protected object. Ended: the task
      --  has ended (calls raise Tasking_Error).
      Ended : Boolean := False;
   end Pool;

   protected body Pool is

      entry Grow (Item : in out Buf; Note : out Character) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            begin
               Note := (if Item'Constrained then 'C' else 'U');
               Item := (Item.Len + 1, Item.Data & '+');
               exception
               when Constraint_Error =>
                  Note := 'E';
            end;
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Grow;

      entry Look (Item : in Buf; Note : out Character) when True is
      begin
         if Ended then
            raise Tasking_Error;  --  the task has ended
         end if;
         begin
            Note := (if Item'Constrained then 'C' else 'U');
         exception
            when others =>
               Ended := True;  --  the exception would end the task
               raise;  --  and the caller gets it
         end;
      end Look;

   end Pool;
begin
   --  the delays let Pool reach its select first: the calls come through its wait
   delay 0.02;
   Pool.Grow (Free, Note);
   Put_Line ("Free: " & Free.Data & " " & Note);
   delay 0.02;
   Pool.Grow (Fixed, Note);
   Put_Line ("Fixed: " & Fixed.Data & " " & Note);
   delay 0.02;
   Pool.Look (Free, Note);
   Put_Line ("Look: " & Note);
   Put_Line ("PASSED");
end Main;

--  Calling server over a 2-D arrangement of workers: Setup walks the grid
--  with nested loops and hands every cell computed parameters, once per
--  entry (Init, then Scale).  Main reads the cells back.

with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is

   Rows : constant := 3;
   Cols : constant := 4;

   type Cell;
   type Cell_Entry is (Cell_No_Entry, Cell_Init, Cell_Scale, Cell_Get);
   task type Cell_Agent (Self : not null access Cell) is
      --  rdv2po: general scheme agent of Cell
   end Cell_Agent;
   --  rdv2po: task type Cell became this protected type; its code runs in
   --  Cell_Agent, a component of it (general scheme: each rendezvous goes
   --  through the object)
   protected type Cell is
      entry Init (Value : Integer);
      entry Scale (Factor : Integer; Offset : Integer);
      entry Get (Value : out Integer);
      --  rdv2po: the rendezvous protocol, for Cell_Agent
      entry Init_Accept_Begin (Value : out Integer);
      procedure Init_Accept_End;
      procedure Init_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Init_Queue (Value : in Integer);
      entry Scale_Accept_Begin (Factor : out Integer; Offset : out Integer);
      procedure Scale_Accept_End;
      procedure Scale_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Scale_Queue (Factor : in Integer; Offset : in Integer);
      entry Get_Accept_Begin (Value : out Integer);
      procedure Get_Accept_End (Value : in Integer);
      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Get_Queue (Value : out Integer);
      procedure Close;
   private
      Chosen : Cell_Entry := Cell_No_Entry;
      Closed : Boolean := False;
      Init_Value : Integer;
      Init_Done : Boolean := False;
      Init_Raised : Boolean := False;
      Init_Failure : Ada.Exceptions.Exception_Occurrence;
      Scale_Factor : Integer;
      Scale_Offset : Integer;
      Scale_Done : Boolean := False;
      Scale_Raised : Boolean := False;
      Scale_Failure : Ada.Exceptions.Exception_Occurrence;
      Get_Value : Integer;
      Get_Done : Boolean := False;
      Get_Raised : Boolean := False;
      Get_Failure : Ada.Exceptions.Exception_Occurrence;
      Agent : Cell_Agent (Self => Cell'Unchecked_Access);
   end Cell;

   protected body Cell is

      entry Init (Value : Integer)
        when Closed
          or else (Chosen = Cell_No_Entry and then Init_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Cell_Init;
         Init_Value := Value;
         Init_Done := False;
         requeue Init_Queue;
      end Init;

      entry Scale (Factor : Integer; Offset : Integer)
        when Closed
          or else (Chosen = Cell_No_Entry
                   and then Scale_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Cell_Scale;
         Scale_Factor := Factor;
         Scale_Offset := Offset;
         Scale_Done := False;
         requeue Scale_Queue;
      end Scale;

      entry Get (Value : out Integer)
        when Closed
          or else (Chosen = Cell_No_Entry and then Get_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Cell_Get;
         Get_Value := Value;
         Get_Done := False;
         requeue Get_Queue;
      end Get;

      entry Init_Accept_Begin (Value : out Integer)
        when Chosen = Cell_Init is
      begin
         Value := Init_Value;
         Chosen := Cell_No_Entry;
      end Init_Accept_Begin;

      procedure Init_Accept_End is
      begin
         Init_Done := True;
      end Init_Accept_End;

      procedure Init_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Init_Failure, Occurrence);
         Init_Raised := True;
         Init_Done := True;
      end Init_Failed;

      entry Init_Queue (Value : in Integer)
        when Init_Done or else Closed is
      begin
         if not Init_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Init_Done := False;
         if Init_Raised then
            Init_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Init_Failure);
         end if;
      end Init_Queue;

      entry Scale_Accept_Begin (Factor : out Integer; Offset : out Integer)
        when Chosen = Cell_Scale is
      begin
         Factor := Scale_Factor;
         Offset := Scale_Offset;
         Chosen := Cell_No_Entry;
      end Scale_Accept_Begin;

      procedure Scale_Accept_End is
      begin
         Scale_Done := True;
      end Scale_Accept_End;

      procedure Scale_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Scale_Failure, Occurrence);
         Scale_Raised := True;
         Scale_Done := True;
      end Scale_Failed;

      entry Scale_Queue (Factor : in Integer; Offset : in Integer)
        when Scale_Done or else Closed is
      begin
         if not Scale_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Scale_Done := False;
         if Scale_Raised then
            Scale_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Scale_Failure);
         end if;
      end Scale_Queue;

      entry Get_Accept_Begin (Value : out Integer)
        when Chosen = Cell_Get is
      begin
         Value := Get_Value;
         Chosen := Cell_No_Entry;
      end Get_Accept_Begin;

      procedure Get_Accept_End (Value : in Integer) is
      begin
         Get_Value := Value;
         Get_Done := True;
      end Get_Accept_End;

      procedure Get_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Get_Failure, Occurrence);
         Get_Raised := True;
         Get_Done := True;
      end Get_Failed;

      entry Get_Queue (Value : out Integer)
        when Get_Done or else Closed is
      begin
         if not Get_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Get_Done := False;
         if Get_Raised then
            Get_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Get_Failure);
         end if;
         Value := Get_Value;
      end Get_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Cell;

   task body Cell_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Cell_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Cell_Closer);
      overriding procedure Finalize (Object : in out Cell_Closer) is
      begin
         Self.Close;
      end Finalize;
      Closer : Cell_Closer;
      V : Integer;
      F : Integer;
      O : Integer;
   begin
      declare
         Value : Integer;
      begin
         Self.Init_Accept_Begin (Value);
         begin
            V := Value;
         exception
            when Occurrence : others =>
               Self.Init_Failed (Occurrence);
               raise;
         end;
         Self.Init_Accept_End;
      end;
      declare
         Factor : Integer;
         Offset : Integer;
      begin
         Self.Scale_Accept_Begin (Factor, Offset);
         begin
            F := Factor;
            O := Offset;
         exception
            when Occurrence : others =>
               Self.Scale_Failed (Occurrence);
               raise;
         end;
         Self.Scale_Accept_End;
      end;
      V := V * F + O;
      declare
         Value : Integer;
      begin
         Self.Get_Accept_Begin (Value);
         begin
            Value := V;
         exception
            when Occurrence : others =>
               Self.Get_Failed (Occurrence);
               raise;
         end;
         Self.Get_Accept_End (Value);
      end;
   end Cell_Agent;

   Grid : array (1 .. Rows, 1 .. Cols) of Cell;

   task Setup;

   task body Setup is
      Step : Integer := 0;
      Col  : Integer;
   begin
      for R in 1 .. Rows loop
         for C in 1 .. Cols loop
            Grid (R, C).Init (R * 10 + C);
         end loop;
      end loop;
      for R in reverse Grid'Range (1) loop
         Col := Grid'First (2);
         while Col <= Grid'Last (2) loop
            Step := Step + 1;
            Grid (R, Col).Scale (R + Col * 2, Step);
            Col := Col + 1;
         end loop;
      end loop;
   end Setup;

   Value    : Integer;
   Total    : Integer := 0;
   Expected : Integer := 0;
   Step     : Integer := 0;

begin
   for R in Grid'Range (1) loop
      for C in Grid'Range (2) loop
         Grid (R, C).Get (Value);
         Put (Integer'Image (Value));
         Total := Total + Value;
      end loop;
      New_Line;
   end loop;
   for R in reverse 1 .. Rows loop
      for C in 1 .. Cols loop
         Step := Step + 1;
         Expected := Expected + (R * 10 + C) * (R + C * 2) + Step;
      end loop;
   end loop;
   Put_Line ("total" & Integer'Image (Total));
   if Total = Expected then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

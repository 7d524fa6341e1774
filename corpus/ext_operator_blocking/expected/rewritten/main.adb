with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Gate is
      entry Pass (V : in out Integer);
   private
      Open : Boolean := True;
   end Gate;
   protected body Gate is
      entry Pass (V : in out Integer) when Open is
      begin
         V := V + 1;
      end Pass;
   end Gate;
   type Money is new Integer;
   function "+" (L, R : Money) return Money is
      V : Integer := Integer (L);
   begin
      Gate.Pass (V);
      return Money (Standard."+" (V, Integer (R)));
   end "+";
   package Server is
      procedure Put (V : Integer);
      procedure Get (V : out Integer);
   end Server;
   package body Server is
      T : Integer := 0;

      --  The server's turn: a caller takes it at an entry named like the
      --  accept, runs the server's code in its own thread (outside any
      --  protected action), and gives it back.
      protected Turn is
         entry Put;
         entry Get;
         procedure Finish (Ended : Boolean);
      private
         Busy : Boolean := False;
         Over : Boolean := False;   -- the server has completed
      end Turn;

      protected body Turn is
         entry Put when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Put;

         entry Get when Over or else not Busy is
         begin
            if Over then
               raise Tasking_Error;
            end if;
            Busy := True;
         end Get;

         procedure Finish (Ended : Boolean) is
         begin
            Busy := False;
            Over := Ended;
         end Finish;
      end Turn;

      procedure Put (V : Integer) is
      begin
         Turn.Put;
         begin
            T := Integer (Money (T) + Money (V));
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Put;

      procedure Get (V : out Integer) is
      begin
         Turn.Get;
         begin
            V := T;
         exception
            when others =>
               Turn.Finish (Ended => True);
               raise;
         end;
         Turn.Finish (Ended => False);
      end Get;
   end Server;
   X : Integer;
begin
   Server.Put (3); Server.Put (4); Server.Get (X);
   Put_Line (X'Img);
   Put_Line ("PASSED");
end Main;

with Ada.Exceptions;
with Ada.Unchecked_Deallocation;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Small is record A, B : Integer; end record;
   type Arr is array (1 .. 2) of Integer;
   type Tag is tagged record A : Integer; end record;
   type T_Entry is (T_No_Entry, T_E1, T_E2, T_E3, T_E4, T_E5);
   type T_E5_S_Access is access String;
   procedure Free_E5_S is new Ada.Unchecked_Deallocation
     (String,
      T_E5_S_Access);
   --  rdv2po: task T became this protected object; its code runs in the task
   --  T_Agent, declared after it (general scheme: each rendezvous goes through
   --  the object)
   protected T is
      entry E1 (R : in out Small);
      entry E2 (V : in out Arr);
      entry E3 (X : in out Tag);
      entry E4 (I : in out Integer);
      entry E5 (S : in out String);
      --  rdv2po: the rendezvous protocol, for T_Agent
      entry E1_Accept_Begin (R : out Small);
      procedure E1_Accept_End (R : in Small);
      procedure E1_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         R : in Small);
      entry E1_Queue (R : in out Small);
      entry E2_Accept_Begin (V : out Arr);
      procedure E2_Accept_End (V : in Arr);
      procedure E2_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         V : in Arr);
      entry E2_Queue (V : in out Arr);
      entry E3_Accept_Begin (X : out Tag);
      procedure E3_Accept_End (X : in Tag);
      procedure E3_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         X : in Tag);
      entry E3_Queue (X : in out Tag);
      entry E4_Accept_Begin (I : out Integer);
      procedure E4_Accept_End (I : in Integer);
      procedure E4_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry E4_Queue (I : in out Integer);
      entry E5_Accept_Begin;
      function E5_S_Value return String;
      procedure E5_Accept_End (S : in String);
      procedure E5_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         S : in String);
      entry E5_Queue (S : in out String);
      procedure Close;
   private
      Chosen : T_Entry := T_No_Entry;
      Closed : Boolean := False;
      E1_R : Small;
      E1_Done : Boolean := False;
      E1_Raised : Boolean := False;
      E1_Failure : Ada.Exceptions.Exception_Occurrence;
      E2_V : Arr;
      E2_Done : Boolean := False;
      E2_Raised : Boolean := False;
      E2_Failure : Ada.Exceptions.Exception_Occurrence;
      E3_X : Tag;
      E3_Done : Boolean := False;
      E3_Raised : Boolean := False;
      E3_Failure : Ada.Exceptions.Exception_Occurrence;
      E4_I : Integer;
      E4_Done : Boolean := False;
      E4_Raised : Boolean := False;
      E4_Failure : Ada.Exceptions.Exception_Occurrence;
      E5_S : T_E5_S_Access;
      E5_Done : Boolean := False;
      E5_Raised : Boolean := False;
      E5_Failure : Ada.Exceptions.Exception_Occurrence;
   end T;
   task T_Agent is
      --  rdv2po: general scheme agent of T
   end T_Agent;
   protected body T is

      entry E1 (R : in out Small)
        when Closed
          or else (Chosen = T_No_Entry and then E1_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := T_E1;
         E1_R := R;
         E1_Done := False;
         requeue E1_Queue;
      end E1;

      entry E2 (V : in out Arr)
        when Closed
          or else (Chosen = T_No_Entry and then E2_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := T_E2;
         E2_V := V;
         E2_Done := False;
         requeue E2_Queue;
      end E2;

      entry E3 (X : in out Tag)
        when Closed
          or else (Chosen = T_No_Entry and then E3_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := T_E3;
         E3_X := X;
         E3_Done := False;
         requeue E3_Queue;
      end E3;

      entry E4 (I : in out Integer)
        when Closed
          or else (Chosen = T_No_Entry and then E4_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := T_E4;
         E4_I := I;
         E4_Done := False;
         requeue E4_Queue;
      end E4;

      entry E5 (S : in out String)
        when Closed
          or else (Chosen = T_No_Entry and then E5_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := T_E5;
         E5_S := new String'(S);
         E5_Done := False;
         requeue E5_Queue;
      end E5;

      entry E1_Accept_Begin (R : out Small)
        when Chosen = T_E1 is
      begin
         R := E1_R;
         Chosen := T_No_Entry;
      end E1_Accept_Begin;

      procedure E1_Accept_End (R : in Small) is
      begin
         E1_R := R;
         E1_Done := True;
      end E1_Accept_End;

      procedure E1_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         R : in Small) is
      begin
         E1_R := R;
         Ada.Exceptions.Save_Occurrence (E1_Failure, Occurrence);
         E1_Raised := True;
         E1_Done := True;
      end E1_Failed;

      entry E1_Queue (R : in out Small)
        when E1_Done or else Closed is
      begin
         if not E1_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E1_Done := False;
         if E1_Raised then
            E1_Raised := False;
            R := E1_R;
            Ada.Exceptions.Reraise_Occurrence (E1_Failure);
         end if;
         R := E1_R;
      end E1_Queue;

      entry E2_Accept_Begin (V : out Arr)
        when Chosen = T_E2 is
      begin
         V := E2_V;
         Chosen := T_No_Entry;
      end E2_Accept_Begin;

      procedure E2_Accept_End (V : in Arr) is
      begin
         E2_V := V;
         E2_Done := True;
      end E2_Accept_End;

      procedure E2_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         V : in Arr) is
      begin
         E2_V := V;
         Ada.Exceptions.Save_Occurrence (E2_Failure, Occurrence);
         E2_Raised := True;
         E2_Done := True;
      end E2_Failed;

      entry E2_Queue (V : in out Arr)
        when E2_Done or else Closed is
      begin
         if not E2_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E2_Done := False;
         if E2_Raised then
            E2_Raised := False;
            V := E2_V;
            Ada.Exceptions.Reraise_Occurrence (E2_Failure);
         end if;
         V := E2_V;
      end E2_Queue;

      entry E3_Accept_Begin (X : out Tag)
        when Chosen = T_E3 is
      begin
         X := E3_X;
         Chosen := T_No_Entry;
      end E3_Accept_Begin;

      procedure E3_Accept_End (X : in Tag) is
      begin
         E3_X := X;
         E3_Done := True;
      end E3_Accept_End;

      procedure E3_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         X : in Tag) is
      begin
         E3_X := X;
         Ada.Exceptions.Save_Occurrence (E3_Failure, Occurrence);
         E3_Raised := True;
         E3_Done := True;
      end E3_Failed;

      entry E3_Queue (X : in out Tag)
        when E3_Done or else Closed is
      begin
         if not E3_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E3_Done := False;
         if E3_Raised then
            E3_Raised := False;
            X := E3_X;
            Ada.Exceptions.Reraise_Occurrence (E3_Failure);
         end if;
         X := E3_X;
      end E3_Queue;

      entry E4_Accept_Begin (I : out Integer)
        when Chosen = T_E4 is
      begin
         I := E4_I;
         Chosen := T_No_Entry;
      end E4_Accept_Begin;

      procedure E4_Accept_End (I : in Integer) is
      begin
         E4_I := I;
         E4_Done := True;
      end E4_Accept_End;

      procedure E4_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (E4_Failure, Occurrence);
         E4_Raised := True;
         E4_Done := True;
      end E4_Failed;

      entry E4_Queue (I : in out Integer)
        when E4_Done or else Closed is
      begin
         if not E4_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E4_Done := False;
         if E4_Raised then
            E4_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (E4_Failure);
         end if;
         I := E4_I;
      end E4_Queue;

      entry E5_Accept_Begin
        when Chosen = T_E5 is
      begin
         Chosen := T_No_Entry;
      end E5_Accept_Begin;

      function E5_S_Value return String is
      begin
         return E5_S.all;
      end E5_S_Value;

      procedure E5_Accept_End (S : in String) is
      begin
         E5_S.all := S;
         E5_Done := True;
      end E5_Accept_End;

      procedure E5_Failed
        (Occurrence : Ada.Exceptions.Exception_Occurrence;
         S : in String) is
      begin
         E5_S.all := S;
         Ada.Exceptions.Save_Occurrence (E5_Failure, Occurrence);
         E5_Raised := True;
         E5_Done := True;
      end E5_Failed;

      entry E5_Queue (S : in out String)
        when E5_Done or else Closed is
      begin
         if not E5_Done then
            Free_E5_S (E5_S);
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         E5_Done := False;
         if E5_Raised then
            E5_Raised := False;
            S := E5_S.all;
            Free_E5_S (E5_S);
            Ada.Exceptions.Reraise_Occurrence (E5_Failure);
         end if;
         S := E5_S.all;
         Free_E5_S (E5_S);
      end E5_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end T;

   task body T_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type T_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out T_Closer);
      overriding procedure Finalize (Object : in out T_Closer) is
      begin
         T.Close;
      end Finalize;
      Closer : T_Closer;
   begin
      begin declare
               R : Small;
            begin
               T.E1_Accept_Begin (R);
               begin
                  R.A := 9; raise Program_Error;
               exception
                  when Occurrence : others =>
                     T.E1_Failed (Occurrence, R);
                     raise;
               end;
               T.E1_Accept_End (R);
            end; exception when others => null; end;
      begin declare
               V : Arr;
            begin
               T.E2_Accept_Begin (V);
               begin
                  V (1) := 9; raise Program_Error;
               exception
                  when Occurrence : others =>
                     T.E2_Failed (Occurrence, V);
                     raise;
               end;
               T.E2_Accept_End (V);
            end; exception when others => null; end;
      begin declare
               X : Tag;
            begin
               T.E3_Accept_Begin (X);
               begin
                  X.A := 9; raise Program_Error;
               exception
                  when Occurrence : others =>
                     T.E3_Failed (Occurrence, X);
                     raise;
               end;
               T.E3_Accept_End (X);
            end; exception when others => null; end;
      begin declare
               I : Integer;
            begin
               T.E4_Accept_Begin (I);
               begin
                  I := 9; raise Program_Error;
               exception
                  when Occurrence : others =>
                     T.E4_Failed (Occurrence);
                     raise;
               end;
               T.E4_Accept_End (I);
            end; exception when others => null; end;
      begin begin
               T.E5_Accept_Begin;
               declare
                  S : String := T.E5_S_Value;
               begin
                  begin
                     S (1) := 'Z'; raise Program_Error;
                  exception
                     when Occurrence : others =>
                        T.E5_Failed (Occurrence, S);
                        raise;
                  end;
                  T.E5_Accept_End (S);
               end;
            end; exception when others => null; end;
   exception when others => null;
   end T_Agent;
   R : Small := (1, 1); V : Arr := (1, 1); X : Tag := (A => 1); I : Integer := 1; S : String := "ab";
begin
   begin T.E1 (R); exception when others => null; end;
   begin T.E2 (V); exception when others => null; end;
   begin T.E3 (X); exception when others => null; end;
   begin T.E4 (I); exception when others => null; end;
   begin T.E5 (S); exception when others => null; end;
   Put_Line (R.A'Img & V (1)'Img & X.A'Img & I'Img & " " & S);
   Put_Line ("PASSED");
end Main;

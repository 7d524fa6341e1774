with Ada.Exceptions;
with Ada.Finalization;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Counter is new Integer with Default_Value => 0;
   type Ptr is access all Integer;
   type Server_Entry is (Server_No_Entry, Server_Bump, Server_Fill);
   --  rdv2po: task Server became this protected object; its code runs in the
   --  task Server_Agent, declared after it (general scheme: each rendezvous
   --  goes through the object)
   protected Server is
      entry Bump (X : out Counter);
      entry Fill (P : out Ptr);
      --  rdv2po: the rendezvous protocol, for Server_Agent
      entry Bump_Accept_Begin (X : out Counter);
      procedure Bump_Accept_End (X : in Counter);
      procedure Bump_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Bump_Queue (X : out Counter);
      entry Fill_Accept_Begin (P : out Ptr);
      procedure Fill_Accept_End (P : in Ptr);
      procedure Fill_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence);
      entry Fill_Queue (P : out Ptr);
      procedure Close;
   private
      Chosen : Server_Entry := Server_No_Entry;
      Closed : Boolean := False;
      Bump_X : Counter;
      Bump_Done : Boolean := False;
      Bump_Raised : Boolean := False;
      Bump_Failure : Ada.Exceptions.Exception_Occurrence;
      Fill_P : Ptr;
      Fill_Done : Boolean := False;
      Fill_Raised : Boolean := False;
      Fill_Failure : Ada.Exceptions.Exception_Occurrence;
   end Server;
   task Server_Agent is
      --  rdv2po: general scheme agent of Server
   end Server_Agent;
   protected body Server is

      entry Bump (X : out Counter)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Bump_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Server_Bump;
         Bump_X := X;
         Bump_Done := False;
         requeue Bump_Queue;
      end Bump;

      entry Fill (P : out Ptr)
        when Closed
          or else (Chosen = Server_No_Entry
                   and then Fill_Accept_Begin'Count > 0)
      is
      begin
         if Closed then
            raise Tasking_Error;
         end if;
         Chosen := Server_Fill;
         Fill_P := P;
         Fill_Done := False;
         requeue Fill_Queue;
      end Fill;

      entry Bump_Accept_Begin (X : out Counter)
        when Chosen = Server_Bump is
      begin
         X := Bump_X;
         Chosen := Server_No_Entry;
      end Bump_Accept_Begin;

      procedure Bump_Accept_End (X : in Counter) is
      begin
         Bump_X := X;
         Bump_Done := True;
      end Bump_Accept_End;

      procedure Bump_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Bump_Failure, Occurrence);
         Bump_Raised := True;
         Bump_Done := True;
      end Bump_Failed;

      entry Bump_Queue (X : out Counter)
        when Bump_Done or else Closed is
      begin
         if not Bump_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Bump_Done := False;
         if Bump_Raised then
            Bump_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Bump_Failure);
         end if;
         X := Bump_X;
      end Bump_Queue;

      entry Fill_Accept_Begin (P : out Ptr)
        when Chosen = Server_Fill is
      begin
         P := Fill_P;
         Chosen := Server_No_Entry;
      end Fill_Accept_Begin;

      procedure Fill_Accept_End (P : in Ptr) is
      begin
         Fill_P := P;
         Fill_Done := True;
      end Fill_Accept_End;

      procedure Fill_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
      begin
         Ada.Exceptions.Save_Occurrence (Fill_Failure, Occurrence);
         Fill_Raised := True;
         Fill_Done := True;
      end Fill_Failed;

      entry Fill_Queue (P : out Ptr)
        when Fill_Done or else Closed is
      begin
         if not Fill_Done then
            raise Tasking_Error;   --  the task ended during the rendezvous
         end if;
         Fill_Done := False;
         if Fill_Raised then
            Fill_Raised := False;
            Ada.Exceptions.Reraise_Occurrence (Fill_Failure);
         end if;
         P := Fill_P;
      end Fill_Queue;

      procedure Close is
      begin
         Closed := True;
      end Close;
   end Server;

   task body Server_Agent is
      --  rdv2po: when this task ends, calls of its entries raise Tasking_Error
      type Server_Closer is new Ada.Finalization.Limited_Controlled with null record;
      overriding procedure Finalize (Object : in out Server_Closer);
      overriding procedure Finalize (Object : in out Server_Closer) is
      begin
         Server.Close;
      end Finalize;
      Closer : Server_Closer;
   begin
      declare
         X : Counter;
      begin
         Server.Bump_Accept_Begin (X);
         begin
            X := X + 1;   -- scalar with Default_Value: formal initialized from actual
         exception
            when Occurrence : others =>
               Server.Bump_Failed (Occurrence);
               raise;
         end;
         Server.Bump_Accept_End (X);
      end;
      declare
         P : Ptr;
      begin
         Server.Fill_Accept_Begin (P);
         begin
            if P /= null then      -- access out: formal initialized from actual
               P.all := 99;
            else
               Put_Line ("P null");
            end if;
         exception
            when Occurrence : others =>
               Server.Fill_Failed (Occurrence);
               raise;
         end;
         Server.Fill_Accept_End (P);
      end;
   end Server_Agent;
   C : Counter := 41;
   V : aliased Integer := 0;
   P : Ptr := V'Access;
begin
   Server.Bump (C);
   Put_Line ("C =" & C'Img);
   Server.Fill (P);
   Put_Line ("V =" & V'Img & " P null? " & Boolean'Image (P = null));
   Put_Line ("PASSED");
end Main;

separate (Main)
protected body Client is

   entry Start (Own, Other : Accounts.Account_Id; Amount : Natural)
     when Closed
       or else (Chosen = Client_No_Entry and then Start_Accept_Begin'Count > 0)
   is
   begin
      if Closed then
         raise Tasking_Error;
      end if;
      Chosen := Client_Start;
      Start_Own := Own;
      Start_Other := Other;
      Start_Amount := Amount;
      Start_Done := False;
      requeue Start_Queue;
   end Start;

   entry Start_Accept_Begin
     (Own : out Accounts.Account_Id;
      Other : out Accounts.Account_Id;
      Amount : out Natural)
     when Chosen = Client_Start is
   begin
      Own := Start_Own;
      Other := Start_Other;
      Amount := Start_Amount;
      Chosen := Client_No_Entry;
   end Start_Accept_Begin;

   procedure Start_Accept_End is
   begin
      Start_Done := True;
   end Start_Accept_End;

   procedure Start_Failed (Occurrence : Ada.Exceptions.Exception_Occurrence) is
   begin
      Ada.Exceptions.Save_Occurrence (Start_Failure, Occurrence);
      Start_Raised := True;
      Start_Done := True;
   end Start_Failed;

   entry Start_Queue
     (Own : in Accounts.Account_Id;
      Other : in Accounts.Account_Id;
      Amount : in Natural)
     when Start_Done or else Closed is
   begin
      if not Start_Done then
         raise Tasking_Error;   --  the task ended during the rendezvous
      end if;
      Start_Done := False;
      if Start_Raised then
         Start_Raised := False;
         Ada.Exceptions.Reraise_Occurrence (Start_Failure);
      end if;
   end Start_Queue;

   procedure Close is
   begin
      Closed := True;
   end Close;
end Client;

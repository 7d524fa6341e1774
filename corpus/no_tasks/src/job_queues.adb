package body Job_Queues is

   procedure Accept_Job (S : in out Server; J : Job) is
   begin
      pragma Assert (S.Count < Capacity);
      S.Items (S.Tail) := J;
      S.Tail := S.Tail + 1;
      S.Count := S.Count + 1;
   end Accept_Job;

   procedure Take_Job (S : in out Server; J : out Job) is
   begin
      pragma Assert (S.Count > 0);
      J := S.Items (S.Head);
      S.Head := S.Head + 1;
      S.Count := S.Count - 1;
   end Take_Job;

   function Entry_Count (S : Server) return Natural is
   begin
      return S.Count;
   end Entry_Count;

end Job_Queues;

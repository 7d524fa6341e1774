with Ada.Text_IO; use Ada.Text_IO;
with Ada.Calendar; use type Ada.Calendar.Time;
procedure Main is
   Evaluated : Natural := 0;

   function Later (Seconds : Duration) return Ada.Calendar.Time is
   begin
      Evaluated := Evaluated + 1;
      return Ada.Calendar.Clock + Seconds;
   end Later;

   function Span (Seconds : Duration) return Duration is
   begin
      Evaluated := Evaluated + 1;
      return Seconds;
   end Span;

   task Server is
      entry Start;
      entry Ping;
      entry Done (Result : out Integer);
   end Server;

   task body Server is
      type Case_Data is record
         First_Open, First_Long, Second_Open, Second_Long : Boolean;
      end record;
      Cases : constant array (Positive range <>) of Case_Data :=
        ((True, False, False, False), (True, False, True, False),
         (True, True, True, False), (True, True, True, True),
         (False, False, True, True));
      Length : constant array (Boolean) of Duration := (0.2, 0.4);
      Taken : Integer := 0;
      Total : Integer := 0;
   begin
      accept Start;
      for K in Cases'Range loop
         Taken := 0;
         declare
            Now : constant Ada.Calendar.Time := Ada.Calendar.Clock;
            At_Time : constant array (Boolean) of Ada.Calendar.Time :=
              (Now + Length (False), Now + Length (True));
         begin
            select
               when Cases (K).First_Open and K = 99 =>
                  accept Ping;
            or
               when Cases (K).First_Open =>
                  delay until At_Time (Cases (K).First_Long);
                  Taken := 1;
            or
               when Cases (K).Second_Open =>
                  delay until At_Time (Cases (K).Second_Long);
                  Taken := 2;
            end select;
         end;
         Put_Line ("until case" & Integer'Image (K) & " took" & Integer'Image (Taken));
         Total := Total * 3 + Taken;
      end loop;
      --  relative delays, evaluated once each, the earliest taken
      for K in 1 .. 2 loop
         select
            accept Ping;
            Taken := 0;
         or
            delay Span (0.3);
            Taken := 1;
         or
            when K = 1 =>
               delay Span (0.1);
               Taken := 2;
         or
            delay Span (0.3);
            Taken := 3;
         end select;
         Put_Line ("relative" & Integer'Image (K) & " took" & Integer'Image (Taken));
      end loop;
      --  an accept before any expiry
      select
         accept Ping;
         Taken := 0;
      or
         delay until Later (5.0);
         Taken := 1;
      or
         delay until Later (6.0);
         Taken := 2;
      end select;
      Put_Line ("ping took" & Integer'Image (Taken));
      accept Done (Result : out Integer) do
         Result := Total;
      end Done;
   end Server;

   Result : Integer;
begin
   Server.Start;
   delay 3.0;
   Server.Ping;
   Server.Done (Result);
   Put_Line ("total" & Integer'Image (Result) & " evaluated" & Integer'Image (Evaluated));
   if Result = 131 and Evaluated = 7 then
      Put_Line ("PASSED");
   else
      Put_Line ("FAILED");
   end if;
end Main;

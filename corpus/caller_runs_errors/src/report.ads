package Report is
   procedure Line (S : String);
end Report;

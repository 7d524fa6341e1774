--  Minimal stand-in for the ACATS ImpDef package (values for GNAT/Linux).
package ImpDef is
   Minimum_Task_Switch : constant Duration := 0.01;
   Switch_To_New_Task  : constant Duration := 0.05;
   Clear_Ready_Queue   : constant Duration := 0.1;
end ImpDef;

"""A single task's master waits for the package where it waited for the task: at
an object of the package's controlled type declared where the task was activated
(schemes/caller_runs/plugin.py _master_edit, docs/caller-runs-scheme.md "One-shot
servers").  review13 single-one-shot-master-not-awaited: a task of the main
program called the block's task through a procedure's 'Unrestricted_Access after
the block's statements ended; the original waited at the block's end for that
call, the translation left the block and the call ran in a frame that was gone.
review13 single-one-shot-half-called-block: the original hung at the block's end
where its second accept was never called, the translation went on."""

from __future__ import annotations

import pytest

from corpus_harness import run_program
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rewrite_harness import decision_of, in_dir, main_source

DB = "pragma Detect_Blocking;\n"


def _translated(root, config: str, task: str, want: str) -> str:
    """The original prints ``want``; ``task`` is translated and the translation too:
    its main.adb."""
    got = run_program(root / "src", "main", config).stdout
    assert got == want, got
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    assert decision_of(out, task).rewritten, decision_of(out, task).reason
    in_dir(root, lambda: rewrite.write(out))
    assert run_program(root / "src", "main", config).stdout == want
    return (root / "src" / "main.adb").read_text()

LATE = """
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Unchecked_Conversion;
procedure Main is
   type Hook is access procedure;
   task Relay is
      entry Hand (H : Hook);
   end Relay;
   task body Relay is
      Held : Hook;
   begin
      accept Hand (H : Hook) do
         Held := H;
      end Hand;
      delay 0.1;
      Put_Line ("relay rings");
      Held.all;
   end Relay;
begin
   declare
      task Bell is
         entry Ring;
      end Bell;
      task body Bell is
      begin
         accept Ring do
            Put_Line ("bell rung");
         end Ring;
      end Bell;
      procedure Ring_It is
      begin
         Bell.Ring;
      end Ring_It;
      DECLS
   begin
      HAND
   end;
   Put_Line ("block left");
end Main;
"""


ESCAPES = [
    ("", "Relay.Hand (Ring_It'Unrestricted_Access);"),
    # an access type of the block's own, converted to the outer one
    ("type Local_Hook is access procedure;\n      function To_Hook is new "
     "Ada.Unchecked_Conversion (Local_Hook, Hook);",
     "Relay.Hand (To_Hook (Ring_It'Access));")]


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
@pytest.mark.parametrize("decls, hand", ESCAPES, ids=["unrestricted", "conversion"])
def test_the_block_waits_for_a_late_call_from_an_outer_task(tmp_path, config, decls, hand):
    root = main_source(tmp_path, LATE.replace("DECLS", decls).replace("HAND", hand))
    text = _translated(root, config, "Bell", "relay rings\nbell rung\nblock left\n")
    master = "      Bell_Master : Bell.Master;  --  rdv2po: the task was activated here (its " \
        "master waits for it)"
    # the last declaration of the block, where the task was activated
    assert text.index("end Bell;") < text.index(master) < text.index("   begin\n      Relay"), \
        text


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
def test_the_block_waits_for_nothing_once_its_statements_called(tmp_path, config):
    # the relay gets no hook: the block's own statements ring the bell
    root = main_source(tmp_path, LATE.replace("DECLS", "").replace(
        "HAND", "Relay.Hand (null);\n      Ring_It;").replace(
        "      Held.all;\n", "      if Held /= null then\n         Held.all;\n      end if;\n"))
    _translated(root, config, "Bell", "bell rung\nblock left\nrelay rings\n")


def test_a_task_that_terminates_at_its_select_gets_no_master(tmp_path):
    # select accept Ring; or terminate; end select: its master never waited for it
    src = LATE.replace("DECLS", "").replace("HAND", "Relay.Hand (null);").replace(
        "         accept Ring do\n            Put_Line (\"bell rung\");\n         end Ring;",
        "         select\n            accept Ring do\n               Put_Line (\"bell rung\");\n"
        "            end Ring;\n         or\n            terminate;\n         end select;")
    root = main_source(tmp_path, src)
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    assert decision_of(out, "Bell").rewritten, decision_of(out, "Bell").reason
    in_dir(root, lambda: rewrite.write(out))
    text = (root / "src" / "main.adb").read_text()
    assert "select" not in text.split("package body Bell")[1].split("end Bell;")[0]
    assert "Master" not in text and "Ada.Finalization" not in text, text


NESTED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
begin
   declare
      GENERIC_PART package Desk is
         task Clerk is
            entry Stamp (N : Integer);
         end Clerk;
      end Desk;
      package body Desk is
         task body Clerk is
         begin
            accept Stamp (N : Integer) do
               Put_Line ("stamped" & Integer'Image (N));
            end Stamp;
         end Clerk;
      end Desk;
      INSTANCE
   begin
      CALL
   end;
   Put_Line ("block left");
end Main;
"""


@pytest.mark.parametrize("generic", [False, True], ids=["package", "generic"])
def test_a_task_of_a_nested_package_is_awaited_at_its_body(tmp_path, generic):
    # the task of a package declared beside its body is activated when the body
    # begins (RM 9.2): the Master object ends the body's declarative part
    src = NESTED.replace("GENERIC_PART ", "generic\n      " if generic else "") \
        .replace("INSTANCE", "package Counter is new Desk;" if generic else "") \
        .replace("CALL", ("Counter" if generic else "Desk") + ".Clerk.Stamp (3);")
    root = main_source(tmp_path, src)
    text = _translated(root, DB, "Clerk", "stamped 3\nblock left\n")
    assert "end Clerk;\n         Clerk_Master : Clerk.Master;" in text, text

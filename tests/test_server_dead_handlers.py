"""A task's exception handler that nothing can reach is no obstacle of the accepting
scheme (translator/schemes/accepting/scheme.py, ``_Generator.in_dead_handler``).

Real code guards a lock task's parameterless accepts with a handler that prints the
exception's information.  No statement the handler covers can raise, so it never
runs: the translation leaves it out, and its Put_Line does not stand in the way.
Beside it, the same handler around code that can raise stays an obstacle, and so does
a handler reached through a delay alternative's duration.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions;
procedure Main is
   Wait : Duration := 0.5;
TOP   task Lock is
      entry Seize;
      entry Free;
      entry Serve (1 .. 3);
   end Lock;

   task body Lock is
      Held : Natural := 0;
VARS   begin
      loop
         select
            accept Seize;
         or
            accept Serve (1);
         or
            terminate;
         end select;
         AFTER_SEIZE
         accept Free;
      end loop;
   exception
      when E : others =>
         Put_Line ("lock failed: " & Ada.Exceptions.Exception_Information (E));
   end Lock;

   task type Worker (Id : Positive);
   task body Worker is
   begin
      for K in 1 .. 3 loop
         Lock.Seize;
         Put_Line ("worker" & Positive'Image (Id) & " round" & Integer'Image (K));
         Lock.Free;
      end loop;
   end Worker;
begin
   declare
      A : Worker (1);
   begin
      null;
   end;
   Put_Line ("done");
end Main;
"""

# each makes the handler reachable: an exception can now end the task
REACHABLE = {
    "sum": {"AFTER_SEIZE": "Held := Held + 1;"},
    "timed": {"FREE": "select\n            accept Free;\n         or\n            delay Wait;\n"
                      "         end select;"},
    # a component's user-defined "=" is called by the record's (RM 4.5.2(14-15))
    "composed equality": {
        "TOP": "   package Cells is\n      type Cell is record\n         V : Integer := 0;\n"
               "      end record;\n      overriding function \"=\" (L, R : Cell) return Boolean;\n"
               "   end Cells;\n   package body Cells is\n      overriding function \"=\" "
               "(L, R : Cell) return Boolean is\n      begin\n         raise Program_Error;\n"
               "         return True;\n      end \"=\";\n   end Cells;\n   type Pair is record\n"
               "      C : Cells.Cell;\n   end record;\n",
        "VARS": "      P, Q : Pair;\n      Same : Boolean := False;\n",
        "AFTER_SEIZE": "Same := P = Q;"},
    # a predicate is checked after the wrap-around
    "modular predicate": {
        "TOP": "   type Ticket is mod 8 with Static_Predicate => Ticket in 0 .. 3;\n",
        "VARS": "      Turn : Ticket := 0;\n",
        "AFTER_SEIZE": "Turn := Turn + 1;"},
    # a family member's index is checked against the family's range
    "member count": {
        "VARS": "      K : Integer := 5;\n      Waiting : Natural := 0;\n",
        "AFTER_SEIZE": "Waiting := Serve (K)'Count;"},
}


def _program(changes: dict[str, str]) -> str:
    text = TEMPLATE
    for key, value in {"TOP": "", "VARS": "", "AFTER_SEIZE": "null;", **changes}.items():
        text = text.replace(key, value)
    if "FREE" in changes:
        text = text.replace("         accept Free;\n      end loop;",
                            "         " + changes["FREE"] + "\n      end loop;")
    return text.lstrip()


def _run(tmp_path: Path, text: str):
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(text)
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))


def _lock(out):
    return next(d for name, d in out.decisions.items() if name.endswith(".Lock"))


def test_a_handler_no_exception_reaches_is_left_out(tmp_path):
    text = _program({})
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(text)
    want = run_program(tmp_path / "orig", "main").stdout
    assert want == "worker 1 round 1\nworker 1 round 2\nworker 1 round 3\ndone\n"
    out = _run(tmp_path / "new", text)
    d = _lock(out)
    assert d.rewritten, [o.reason for o in d.obstacles or (d,)]
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    new = (tmp_path / "new" / "src" / "main.adb").read_text()
    assert "protected Lock" in new and "lock failed" not in new
    assert run_program(tmp_path / "new" / "src", "main").stdout == want
    assert run_program(tmp_path / "new" / "src", "main",
                       "pragma Detect_Blocking;\n").stdout == want


@pytest.mark.parametrize("variant", sorted(REACHABLE))
def test_a_handler_an_exception_may_reach_stays_an_obstacle(tmp_path, variant):
    text = _program(REACHABLE[variant])
    line = text[:text.index("lock failed")].count("\n") + 1
    d = _lock(_run(tmp_path, text))
    assert not d.rewritten
    reasons = [f"{o.loc.line}: {o.reason}" for o in d.obstacles or (d,)]
    assert any(r.startswith(f"{line}: would run inside a protected action: language-defined "
                            "input-output") for r in reasons), reasons

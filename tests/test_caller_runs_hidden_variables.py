"""The code after an accept runs in the entry's procedure, where the formals hide
the task's variables named like them: those are named through the object or the
package there (plugin._task_variable; realcode8 formal-hides-variable, the
'Worker.Index := Index;' idiom, was refused)."""

from __future__ import annotations

import pytest

from corpus_harness import run_program
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rewrite_harness import decision_of, in_dir, main_source

DB = "pragma Detect_Blocking;\n"

PROGRAM = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task KIND Worker is
      entry Init (Index : Integer);
   end Worker;
   task body Worker is
      DECL
   begin
      accept Init (Index : Integer) do
         Worker.Index := Index;
      end Init;
      Put_Line ("worker" & Integer'Image (Index) & " squares to"
                & Integer'Image (Index * Index));
   end Worker;
   OBJECTS
begin
   CALLS
end Main;
"""
SINGLE = {"KIND ": "", "OBJECTS": "", "CALLS": "Worker.Init (4);"}
# one object: two would print after their accepts in either order
TYPED = {"KIND ": "type ", "OBJECTS": "W : array (1 .. 1) of Worker;",
         "CALLS": "W (1).Init (5);"}


def _program(parts: dict[str, str], decl: str) -> str:
    src = PROGRAM.replace("DECL", decl)
    for k, v in parts.items():
        src = src.replace(k, v)
    return src


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
@pytest.mark.parametrize("parts, prefix", [(SINGLE, "Worker.Index"),
                                           (TYPED, "Self.This.Index")],
                         ids=["single", "type"])
def test_a_variable_hidden_by_a_formal_is_named_through_its_owner(tmp_path, config,
                                                                  parts, prefix):
    root = main_source(tmp_path, _program(parts, "Index : Integer;"))
    want = run_program(root / "src", "main", config).stdout
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    assert decision_of(out, "Worker").rewritten, decision_of(out, "Worker").reason
    in_dir(root, lambda: rewrite.write(out))
    text = (root / "src" / "main.adb").read_text()
    assert f'Integer\'Image ({prefix} * {prefix})' in text, text
    assert run_program(root / "src", "main", config).stdout == want


def test_a_constant_hidden_by_a_formal_is_still_refused(tmp_path):
    src = _program(SINGLE, "Index : constant Integer := 3;").replace(
        "         Worker.Index := Index;\n", "         null;\n")
    out = in_dir(main_source(tmp_path, src),
                 lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    d = decision_of(out, "Worker")
    assert not d.rewritten
    assert "names like a formal of Init" in " | ".join(o.reason for o in d.obstacles), d

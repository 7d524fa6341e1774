"""Conditional and timed calls made before the task is activated, general scheme.

A package body elaborated between a task's declaration and the end of its
declarative part runs its statements in the task that elaborates the part,
which activates the task only afterwards.  A conditional call of the task's
entry there takes its else part, a timed call times out: the task cannot be
accepting yet.  Translated, the agent is activated at the same place and
the object's entry opens only while the agent waits in an accept, so the
calls do the same -- provided the protected body, which takes the task
body's place, is elaborated before the calls (RM 3.11(14)).  With the task
body after the package body, the task stays refused; so does a plain call
there (it waits for an activation that only the caller could make).
"""

from __future__ import annotations

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TASK = """\
   task Server is
      entry Hello (N : Integer);
   end Server;
"""

BODY = """\
   task body Server is
   begin
      accept Hello (N : Integer) do
         Put_Line ("hello" & Integer'Image (N));
      end Hello;
   end Server;
"""

EARLY = """\
   package Early is
   end Early;
   package body Early is
   begin
      select
         Server.Hello (1);
      else
         Put_Line ("not yet");
      end select;
      select
         Server.Hello (2);
      or
         delay 0.01;
         Put_Line ("timed out");
      end select;
   end Early;
"""


def program(order: list[str], plain: bool = False) -> str:
    early = EARLY.replace("   begin\n", "   begin\n      Server.Hello (0);\n") if plain else EARLY
    parts = {"task": TASK, "body": BODY, "early": early}
    return ("with Ada.Text_IO; use Ada.Text_IO;\nprocedure Main is\n"
            + "".join(parts[p] for p in order)
            + "begin\n   Server.Hello (3);\nend Main;\n")


def test_tries_after_the_body_are_translated(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(program(["task", "body", "early"]))
    before = run_program(src, "main").stdout
    assert before == "not yet\ntimed out\nhello 3\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    assert out.decisions["Main.Server"].rewritten, out.decisions["Main.Server"].reason
    rewrite.write(out)
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before


@pytest.mark.parametrize("order,plain", [(["task", "early", "body"], False),
                                         (["task", "body", "early"], True)],
                         ids=["body_after_the_calls", "plain_call"])
def test_refused(order, plain, tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(program(order, plain))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    d = out.decisions["Main.Server"]
    assert not d.rewritten
    assert "before Server is activated" in d.reason

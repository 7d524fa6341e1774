"""Composite formals the general scheme's agent holds as copies, where GNAT passes them
to the entry by reference (translator/schemes/general/aliasing.py).

One object passed for two formals, or named by the accept body as a variable of its
own while passed as the actual: the original's accept body sees each write through
either name, the agent's copies do not (``added 4 7`` became ``added 4 5``).  Refused;
the same task with calls passing distinct objects is translated and prints the same.
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
procedure Main is
   type Pair is record
      A, B : Integer;
   end record;
   G : Pair := (1, 1);

   task Adder is
      entry Add (Sum : in out Pair; X : Pair);
      entry Bump (P : in out Pair);
   end Adder;

   task body Adder is
   begin
      loop
         select
            accept Add (Sum : in out Pair; X : Pair) do
               Sum.A := Sum.A + X.A;
               Sum.B := Sum.B + X.A;
            end Add;
         or
            accept Bump (P : in out Pair) do
               P.A := P.A + 10;
               Put_Line ("global sees" & Integer'Image (G.A));
            end Bump;
         or
            terminate;
         end select;
      end loop;
   end Adder;

   Q : Pair := (2, 3);
   R : Pair := (5, 5);
begin
   Adder.Add (Q, ADD_X);
   Put_Line ("added" & Integer'Image (Q.A) & Integer'Image (Q.B));
   Adder.Bump (BUMPED);
   Put_Line ("bumped" & Integer'Image (BUMPED.A));
end Main;
"""

REFUSED = {"one_object_twice": ({"ADD_X": "Q", "BUMPED": "R"}, "may pass one object for two"),
           "global_passed": ({"ADD_X": "R", "BUMPED": "G"}, "names G, an object declared "
                                                            "outside the task")}


def _program(actuals: dict[str, str]) -> str:
    text = TEMPLATE
    for key, value in actuals.items():
        text = text.replace(key, value)
    return text.lstrip()


def _run(root: Path, text: str):
    (root / "src").mkdir(parents=True)
    (root / "src" / "main.adb").write_text(text)
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="general"))


def _adder(out):
    return next(d for name, d in out.decisions.items() if name.endswith(".Adder"))


@pytest.mark.parametrize("variant", sorted(REFUSED))
def test_an_object_reached_by_two_names_is_refused(tmp_path, variant):
    actuals, why = REFUSED[variant]
    d = _adder(_run(tmp_path, _program(actuals)))
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any(why in r for r in reasons), reasons


def test_distinct_objects_are_translated_and_print_the_same(tmp_path):
    text = _program({"ADD_X": "R", "BUMPED": "R"})
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(text)
    want = run_program(tmp_path / "orig", "main").stdout
    assert want == "added 7 8\nglobal sees 1\nbumped 15\n", want
    out = _run(tmp_path / "new", text)
    assert _adder(out).rewritten
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(tmp_path / "new" / "src", "main", config).stdout == want

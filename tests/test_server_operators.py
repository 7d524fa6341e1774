"""Operators the blocking analysis cannot follow (schemes/common/hidden_calls.py).

A call of a user-defined operator is refused by the accepting-server scheme (the
call graph follows names, not operators).  A renaming of a language-defined
operator (``renames Ada.Calendar."+"``) or of a predefined one (``renames
Money."-"``) is that operator, and cannot block: the server translates.  Corpus
operator_renamings runs both (under auto the refused Tally goes to caller-runs);
here the accepting scheme alone decides.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.schemes import registry
from rdv2po.schemes.accepting.plugin import ACCEPTING

CORPUS = Path(__file__).parent.parent / "corpus" / "operator_renamings" / "src"

PROGRAM = """
with Ada.Calendar;
procedure Main is
   package Money is
      type Cents is range 0 .. 1_000;
      function Half (X : Cents) return Cents is (X / 2);
      function "/" (L : Cents; R : Integer) return Cents is (L - Cents (R));
   end Money;
   {renaming}
   task T is
      entry Put (X : Money.Cents);
   end T;
   task body T is
      Sum : Money.Cents := 500;
      Stamp : Ada.Calendar.Time := Ada.Calendar.Time_Of (2000, 1, 1);
   begin
      loop
         select
            accept Put (X : Money.Cents) do
               {use}
            end Put;
         or
            terminate;
         end select;
      end loop;
   end T;
begin
   T.Put (3);
end Main;
"""

CASES = {
    "language_defined": ('function "+" (L : Ada.Calendar.Time; R : Duration) '
                         'return Ada.Calendar.Time renames Ada.Calendar."+";',
                         "Stamp := Stamp + 1.0;", None),
    "predefined": ('function "-" (L, R : Money.Cents) return Money.Cents renames Money."-";',
                   "Sum := Sum - X;", None),
    "renaming_of_a_renaming": ('function "-" (L, R : Money.Cents) return Money.Cents '
                               'renames Money."-";\n   function "-" (L : Ada.Calendar.Time; '
                               'R : Duration) return Ada.Calendar.Time '
                               'renames Ada.Calendar."-";',
                               "Sum := Sum - X;", None),
    "user_defined": ('function "/" (L : Money.Cents; R : Integer) return Money.Cents '
                     'renames Money."/";', "Sum := Sum / 2;",
                     'a call of the user-defined operator "/"'),
    # written as a name, the operator is referenced inside its quotes: still a call
    "user_defined_by_name": ("", "Sum := Money.\"/\" (Sum, 2);",
                             'a call of the user-defined operator "/"'),
}


@pytest.fixture
def accepting_only(monkeypatch):
    monkeypatch.setitem(registry.SELECTIONS, "accepting", registry.Selection(
        "accepting", (ACCEPTING,), "", ""))
    return "accepting"


@pytest.mark.parametrize("name", sorted(CASES))
def test_operator_renamings(name: str, tmp_path: Path, accepting_only: str):
    renaming, use, refused = CASES[name]
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.format(renaming=renaming, use=use).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), accepting_only))
    assert not [d for d in out.diagnostics if d.severity == "error"], out.diagnostics
    d = out.decisions["Main.T"]
    if refused is None:
        assert d.rewritten, (d.construct, d.reason)
    else:
        assert not d.rewritten and refused in d.reason, d.reason


def test_corpus_program_refuses_only_the_user_defined_operator(tmp_path: Path,
                                                               accepting_only: str):
    (tmp_path / "src").mkdir()
    for f in CORPUS.iterdir():
        (tmp_path / "src" / f.name).write_bytes(f.read_bytes())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), accepting_only))
    assert out.decisions["Main.Meter"].rewritten
    tally = out.decisions["Main.Tally"]
    assert not tally.rewritten and 'user-defined operator "*"' in tally.reason

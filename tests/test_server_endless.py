"""Loops the task ran after its caller went on, which the accepting scheme's object
runs inside a call (translator/schemes/accepting/endless.py).

A loop after the accept, after the server loop, or in a subprogram that code calls,
that never ends: the original prints what its caller prints next, then waits for the
task; the translation would keep the caller in the protected action and hang first.
Refused unless proved to end; one proved to end is taken and prints the same.
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
with Ada.Iterator_Interfaces;
procedure Main is
   TOP
   procedure Settle (K : in out Integer) is
   begin
      SETTLE
   end Settle;

   task Counter is
      entry Add (N : Integer; Total : out Integer);
   end Counter;

   task body Counter is
      Sum : Integer := 0;
      K : Integer := 0;
   begin
      loop
         accept Add (N : Integer; Total : out Integer) do
            Sum := Sum + N;
            Total := Sum;
         end Add;
         AFTER_ACCEPT
         exit when Sum >= 3;
      end loop;
      AFTER_LOOP
   end Counter;

   T : Integer;
begin
   for I in 1 .. 3 loop
      Counter.Add (1, T);
      Put_Line ("total" & Integer'Image (T));
   end loop;
   Put_Line ("done");
end Main;
"""

PLAIN = {"SETTLE": "null;", "AFTER_ACCEPT": "null;", "AFTER_LOOP": "null;", "TOP": ""}
# an iterator whose Next gives its first cursor again
ITERATOR = """package Inf is
      type Cursor is record
         N : Natural := 0;
      end record;
      function Has (C : Cursor) return Boolean is (C.N < 10);
      package Iters is new Ada.Iterator_Interfaces (Cursor, Has);
      type Forever is new Iters.Forward_Iterator with null record;
      overriding function First (O : Forever) return Cursor is ((N => 0));
      overriding function Next (O : Forever; C : Cursor) return Cursor is ((N => 0));
   end Inf;
   It : Inf.Forever;"""
# each never ends once Sum reaches 3, after the third caller was released
ENDLESS = {
    "after_loop": {"AFTER_LOOP": "loop K := K + 1; K := K - 1; end loop;"},
    "after_accept": {"AFTER_ACCEPT": "while Sum >= 3 loop K := K + 0; end loop;"},
    "called": {"SETTLE": "while K < 10 loop K := K * 1; end loop;",
               "AFTER_LOOP": "Settle (K);"},
    # loops no while or plain loop proof sees: a goto back, a for loop over an iterator
    "called_goto_back": {"SETTLE": "<<Again>> if K < 10 then goto Again; end if;",
                         "AFTER_LOOP": "Settle (K);"},
    # the counter, or the bound, also changed through a renaming
    "called_renamed_counter": {"SETTLE": "declare J : Integer := 0; R : Integer renames J; "
                                         "begin while J < 10 loop J := J + 1; R := R - 1; "
                                         "end loop; end;", "AFTER_LOOP": "Settle (K);"},
    "called_renamed_bound": {"SETTLE": "declare J : Integer := 0; B : Integer := 5; "
                                       "R : Integer renames B; begin loop J := J + 1; "
                                       "R := R + 1; exit when J > B; end loop; end;",
                             "AFTER_LOOP": "Settle (K);"},
    # the counter set back through an expanded name (the block's label)
    "called_expanded_name": {"SETTLE": "Blk : declare J : Integer := 0; begin "
                                       "while J < 10 loop J := J + 1; Blk.J := Blk.J - 1; "
                                       "end loop; end Blk;", "AFTER_LOOP": "Settle (K);"},
    "called_iterator": {"TOP": ITERATOR, "AFTER_LOOP": "Settle (K);",
                        "SETTLE": "for C in It loop K := K + 0; end loop;"},
}
# each ends: a counter stepping to a fixed bound, a local moved past one each pass
ENDING = {
    "counter": {"AFTER_LOOP": "while K < 10 loop K := K + 1; end loop;"},
    "ranking": {"AFTER_ACCEPT": "loop K := K + 2; exit when K > Sum; end loop;"},
    "called_goto_on": {"SETTLE": "if K > 0 then goto Done; end if; K := 1; <<Done>> null;",
                       "AFTER_LOOP": "Settle (K);"},
    "called_renamed_other": {"SETTLE": "declare J : Integer := 0; R : Integer renames K; "
                                       "begin while J < 10 loop J := J + 1; R := R - 1; "
                                       "end loop; end;", "AFTER_LOOP": "Settle (K);"},
    "called_expanded_other": {"SETTLE": "Blk : declare J, I : Integer := 0; begin "
                                        "while J < 10 loop J := J + 1; Blk.I := Blk.I - 1; "
                                        "end loop; end Blk;", "AFTER_LOOP": "Settle (K);"},
    "called_for_range": {"SETTLE": "for C in Positive range 1 .. 2 loop K := K + C; "
                                   "end loop;", "AFTER_LOOP": "Settle (K);"},
}


def _program(changes: dict[str, str]) -> str:
    text = TEMPLATE
    for key, value in {**PLAIN, **changes}.items():
        text = text.replace(key, value)
    return text.lstrip()


def _run(tmp_path: Path, text: str):
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(text)
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))


def _counter(out):
    return next(d for name, d in out.decisions.items() if name.endswith(".Counter"))


@pytest.mark.parametrize("variant", sorted(ENDLESS))
def test_a_loop_that_may_never_end_after_the_caller_went_on_is_refused(tmp_path, variant):
    d = _counter(_run(tmp_path, _program(ENDLESS[variant])))
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any("which rdv2po does not prove ends" in r for r in reasons), reasons


@pytest.mark.parametrize("variant", sorted(ENDING) + ["plain"])
def test_a_loop_proved_to_end_is_taken_and_prints_the_same(tmp_path, variant):
    text = _program(ENDING.get(variant, {}))
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(text)
    want = run_program(tmp_path / "orig", "main").stdout
    assert want == "total 1\ntotal 2\ntotal 3\ndone\n"
    out = _run(tmp_path / "new", text)
    d = _counter(out)
    assert d.rewritten, [o.reason for o in d.obstacles or (d,)]
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    assert "protected Counter" in (tmp_path / "new" / "src" / "main.adb").read_text()
    assert run_program(tmp_path / "new" / "src", "main").stdout == want
    assert run_program(tmp_path / "new" / "src", "main",
                       "pragma Detect_Blocking;\n").stdout == want

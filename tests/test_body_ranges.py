"""A range constraint of the task body outside its subtype's range failed the task's
activation (Tasking_Error in the activator); elaborated where the schemes move it
(before the protected object, in the caller-runs package) it would raise
Constraint_Error there (ACATS c93004a).  Both server schemes refuse it
(common/ranges.py); one shown within its subtype, or a null range, is translated."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """
procedure Main is
   Total : Integer := 0;
begin
   declare
      type Small is range 0 .. 1;
      task Server is
         entry Put (N : Integer);
      end Server;
      task body Server is
         subtype Part is Small range 0 .. 1;
         Last : Part := 0;
      begin
         loop
            select
               accept Put (N : Integer) do
                  Last := Part (N);
                  Total := Total + N;
               end Put;
            or
               terminate;
            end select;
         end loop;
      end Server;
   begin
      Server.Put (1);
   exception
      when Tasking_Error => null;
   end;
end Main;
"""
REASON = "a range constraint rdv2po cannot show within its subtype's range"


def _run(tmp_path: Path, text: str, scheme: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text.lstrip())
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
@pytest.mark.parametrize("old, new", [
    ("subtype Part is Small range 0 .. 1;", "subtype Part is Small range 0 .. 2;"),
    ("Last : Part := 0;", "Last : Small range 0 .. 2 := 0;"),
])
def test_a_range_outside_its_subtype_is_refused(tmp_path, scheme, old, new):
    out = _run(tmp_path, PROGRAM.replace(old, new), scheme)
    d = out.decisions["Main.Server"]
    assert not d.rewritten
    assert any(REASON in o.reason for o in d.obstacles or (d,)), d


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
@pytest.mark.parametrize("old, new", [
    ("", ""),
    # a null range fits any subtype (no initial value: 0 is outside it, refused)
    ("subtype Part is Small range 0 .. 1;\n         Last : Part := 0;",
     "subtype Part is Small range 1 .. 0;\n         Last : Part;"),
])
def test_a_range_shown_within_is_translated(tmp_path, scheme, old, new):
    out = _run(tmp_path, PROGRAM.replace(old, new) if old else PROGRAM, scheme)
    assert out.decisions["Main.Server"].rewritten


# The same for a length check: a String (1 .. 5) initialised with "abc" failed the
# task's activation; in the caller-runs package it raised Constraint_Error while the
# package was elaborated (review of the attributes change).
LENGTH = "of the length its index constraint gives"
NAMED = "         Last : Part := 0;\n"


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
@pytest.mark.parametrize("name", ['Name : String (1 .. 5) := "abc";',
                                  'Name : String (1 .. 2) := "a" & "b";'])
def test_an_initial_value_of_another_length_is_refused(tmp_path, scheme, name):
    out = _run(tmp_path, PROGRAM.replace(NAMED, NAMED + "         " + name + "\n"), scheme)
    d = out.decisions["Main.Server"]
    assert not d.rewritten
    assert any(LENGTH in o.reason for o in d.obstacles or (d,)), d


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
@pytest.mark.parametrize("name", ['Name : String (1 .. 5) := "abcde";',
                                  'Name : String (1 .. 5) := (others => \' \');',
                                  'Name : String (1 .. 4) := "a""bc";'])
def test_an_initial_value_of_the_constrained_length_is_translated(tmp_path, scheme, name):
    out = _run(tmp_path, PROGRAM.replace(NAMED, NAMED + "         " + name + "\n"), scheme)
    d = out.decisions["Main.Server"]
    assert d.rewritten, d

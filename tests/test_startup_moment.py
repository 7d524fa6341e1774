"""Server scheme: initial values and start-up statements that run at another moment.

The task ran them when activated; the protected object runs initial values
when declared and start-up statements at its first call.  Names whose
meaning cannot depend on that moment translate (the program must print the
same); the others are refused, naming the call or the variable.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.schemes import registry
from rdv2po.schemes.accepting.plugin import ACCEPTING

PROGRAM = """
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Calendar; use Ada.Calendar;
with Ada.Strings.Unbounded; use Ada.Strings.Unbounded;
with Ada.Real_Time; use type Ada.Real_Time.Time_Span, Ada.Real_Time.Time;
procedure Main is
   Global : Natural := 3;
   Preset : Natural := 6;      -- never written: a constant in all but name
   Watched : Natural := 7;     -- never assigned, but renamed
   Alias : Natural renames Watched;
   Limit : constant Natural := 4;
   Logged : Natural := 0;
   type D is new Integer;
   function "+" (A, B : D) return D is (D (Integer (A) * 10 + Integer (B)));
   procedure Log is
   begin
      Logged := Logged + 1;
   end Log;
   procedure Run (N : Natural) is
      task T is
         entry Get (V : out Natural);
      end T;
      task body T is
         {decl}
      begin
         {start}
         loop
            select
               accept Get (V : out Natural) do
                  V := Value;
               end Get;
            or
               terminate;
            end select;
         end loop;
      end T;
      V : Natural;
   begin
      T.Get (V);
      Put_Line (Natural'Image (V));
   end Run;
begin
   Run (5);
   Global := Global + Logged;
end Main;
"""

TRANSLATED = {
    "constant_and_formal": ("Value : Natural := Limit * 2 + N;", "null;"),
    "predefined_function": ("Name : Unbounded_String := To_Unbounded_String (\"ab\");\n"
                            "Value : Natural := Length (Name);", "null;"),
    "own_variables_at_start": ("Value : Natural := 1;", "Value := Value + Limit;"),
    # Ada.Real_Time's arithmetic and conversions do not read the clock
    "real_time_arithmetic": (
        "Period : Ada.Real_Time.Time_Span := Ada.Real_Time.Milliseconds (5);\n"
        "Twice : Ada.Real_Time.Time_Span := Period + Period * 3 - Ada.Real_Time.Milliseconds (4);\n"
        "Value : Natural := Natural (Ada.Real_Time.To_Duration (Twice) * 1000.0);", "null;"),
    # GNAT lists only reads of it (-gnatwk: "could be declared constant"); real code
    "unwritten_variable": ("Value : Natural := Preset + 1;", "null;"),
    "calendar_arithmetic": (
        "Day : Time := Time_Of (2020, 2, 28) + 86_400.0;\n"
        "Value : Natural := Natural (Ada.Calendar.Day (Day));", "null;"),
}

# values the accepting scheme's value check (common/initial.py) does not show within
# their subtypes: an overflow of N or Preset, a predefined function's result, Time_Of's
# Time_Error; the task would fail its activation, the object raise where declared.  The
# accepting scheme refuses them; the caller-runs scheme computes them where the task was
# activated, and prints the same
MAY_RAISE = ("constant_and_formal", "predefined_function", "real_time_arithmetic",
             "unwritten_variable", "calendar_arithmetic")

REFUSED = {
    "clock": ("Now : Time := Clock;\nValue : Natural := 1;", "null;",
              "the task calls Clock when it is activated"),
    "real_time_clock": ("Next : Ada.Real_Time.Time := Ada.Real_Time.Clock + "
                        "Ada.Real_Time.Milliseconds (5);\nValue : Natural := 1;", "null;",
                        "the task calls Clock when it is activated"),
    "global_read": ("Value : Natural := Global;", "null;",
                    "the task reads variable Global when it is activated, the protected "
                    "object would do so when it is declared"),
    "renamed_variable": ("Value : Natural := Watched;", "null;",
                         "the task reads variable Watched when it is activated"),
    "procedure_at_start": ("Value : Natural := 1;", "Log;",
                           "the task calls Log when it is activated, the protected object "
                           "would do so at the first call"),
    "user_operator": ("Value : Natural := Natural (D (3) + D (1));", "null;",
                      "the task calls + when it is activated"),
    "global_in_deferred_value": ("Value : Natural := 1;\nMore : Natural := Value + Global;",
                                 "null;", "the task reads variable Global"),
}


def write(root: Path, decl: str, start: str) -> Path:
    src = root / "src"
    src.mkdir()
    pad = "\n" + " " * 9
    (src / "main.adb").write_text(PROGRAM.lstrip().format(decl=decl.replace("\n", pad),
                                                          start=start.replace("\n", pad)))
    return src


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_translated_and_prints_the_same(name, tmp_path):
    src = write(tmp_path, *TRANSLATED[name])
    original = run_program(src, "main")
    assert original.returncode == 0, original.stderr
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    t = out.decisions["Main.Run.T"]
    assert t.rewritten, t.reason
    assert t.scheme == ("caller-runs-server" if name in MAY_RAISE else "accepting-server")
    rewrite.write(out)
    if name not in MAY_RAISE:
        assert b"protected T is" in (src / "main.adb").read_bytes()
    again = run_program(src, "main")
    assert again.returncode == 0, again.stderr
    assert again.stdout == original.stdout


# 'Callable of the task: the accepting scheme keeps it (Is_Callable), the caller-runs
# scheme refuses it; the accepting scheme alone is run, its refusal is the one checked
CALLABLE = ("      T.Get (V);\n", "      T.Get (V);\n      if not T'Callable then\n"
                                   "         Put_Line (\"ended\");\n      end if;\n")


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_naming_the_moment(name, tmp_path, monkeypatch):
    decl, start, reason = REFUSED[name]
    src = write(tmp_path, decl, start)
    main = src / "main.adb"
    assert CALLABLE[0] in main.read_text()
    main.write_text(main.read_text().replace(*CALLABLE))
    before = (src / "main.adb").read_bytes()
    monkeypatch.setitem(registry.SELECTIONS, "accepting", registry.Selection(
        "accepting", (ACCEPTING,), "", ""))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "accepting"))
    t = out.decisions["Main.Run.T"]
    assert not t.rewritten and reason in t.reason, t.reason
    assert not out.changes
    rewrite.write(out)
    assert (src / "main.adb").read_bytes() == before


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_the_caller_runs_scheme_does_it_where_the_task_was_activated(name, tmp_path):
    """What the accepting scheme refuses to move the caller-runs scheme does at the
    moment the task did it: where the task was activated (docs/caller-runs-scheme.md)."""
    decl, start, _reason = REFUSED[name]
    src = write(tmp_path, decl, start)
    original = run_program(src, "main")
    assert original.returncode == 0, original.stderr
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    t = out.decisions["Main.Run.T"]
    assert t.rewritten and t.scheme == "caller-runs-server", t.reason
    rewrite.write(out)
    assert b"T_Started : constant Boolean := T.Start;" in (src / "main.adb").read_bytes()
    for config in ("", "pragma Detect_Blocking;\n"):
        again = run_program(src, "main", config)
        assert again.returncode == 0, again.stderr
        assert again.stdout == original.stdout


@pytest.mark.parametrize("name", MAY_RAISE)
def test_the_accepting_scheme_refuses_a_value_it_does_not_show_within_its_subtype(
        name, tmp_path, monkeypatch):
    write(tmp_path, *TRANSLATED[name])
    monkeypatch.setitem(registry.SELECTIONS, "accepting", registry.Selection(
        "accepting", (ACCEPTING,), "", ""))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "accepting"))
    t = out.decisions["Main.Run.T"]
    assert not t.rewritten and "may raise" in t.reason, t.reason

"""``abort T`` of a server the caller-runs scheme translates (a single task, an
object of a task type)
(schemes/caller_runs/aborts.py, docs/caller-runs-scheme.md "Aborting the
server").  The corpus cases caller_runs_abort, caller_runs_abort_type (translated) and
their _refused twins run against the originals; these tests name what the
abort becomes, and the caller-runs scheme's reason for each refusal (the server
selection reports the accepting scheme's where it came closer)."""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import case_files as _case, in_dir, reasons_of as _reasons, \
    rewrite_files
from rdv2po import rewrite


def _run(tmp_path: Path, files: dict[str, str]):
    return rewrite_files(tmp_path, files, "caller-runs")


def test_the_abort_sets_the_turn_over(tmp_path):
    out, got = _run(tmp_path, _case("caller_runs_abort"))
    assert got["Printer"].rewritten, _reasons(got["Printer"])
    in_dir(tmp_path, lambda: rewrite.write(out))
    text = (tmp_path / "src" / "main.adb").read_text()
    code = "\n".join(ln.split("--")[0] for ln in text.splitlines())
    assert "abort " not in code
    assert "procedure Abort_Task;   --  was abort Printer" in text
    assert text.count("Printer.Abort_Task;") == 2      # one inside the timed call's copy
    assert "Over := True;" in text


def test_another_task_refuses_the_abort(tmp_path):
    _out, got = _run(tmp_path, _case("caller_runs_abort_refused"))
    assert not got["Printer"].rewritten
    assert "the program has another task (Helper" in _reasons(got["Printer"])


def test_an_object_of_the_type_is_aborted_through_its_turn(tmp_path):
    out, got = _run(tmp_path, _case("caller_runs_abort_type"))
    assert got["Scribe"].rewritten, _reasons(got["Scribe"])
    in_dir(tmp_path, lambda: rewrite.write(out))
    text = (tmp_path / "src" / "main.adb").read_text()
    code = "\n".join(ln.split("--")[0] for ln in text.splitlines())
    assert "abort " not in code
    for use in ("Alone.Abort_Task;", "S.Abort_Task;", "Pair (2).Abort_Task;",
                "procedure Abort_Task (Self : Scribe);", "Self.This.Turn.Abort_Task;"):
        assert use in text, use
    # Note, accepted twice in a row, is declared once in the type's package
    assert text.count("procedure Note (Self : Scribe;") == 2     # declaration, body


def test_a_protected_unit_refuses_the_abort_of_an_object(tmp_path):
    _out, got = _run(tmp_path, _case("caller_runs_abort_type_refused"))
    assert not got["Scribe"].rewritten
    assert "the program has a protected unit" in _reasons(got["Scribe"])


PROGRAM = """with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Printer is
      entry Show (Line : String);
   end Printer;
   task body Printer is
   begin
      {start}
      loop
         select
            accept Show (Line : String) do
               Put_Line (Line);
            end Show;
         or
            terminate;
         end select;
      end loop;
   end Printer;
   {more}
begin
   Printer.Show ("one");
   {abort}
end Main;
"""


@pytest.mark.parametrize("start, more, abort_, reason", [
    ("Put_Line (\"up\");", "", "abort Printer;", "the task does work at its activation"),
    ("", "protected Flag is procedure Set; private Up : Boolean := False; end Flag;\n"
         "   protected body Flag is procedure Set is begin Up := True; end Set; end Flag;",
     "Flag.Set; abort Printer;", "the program has a protected unit"),
    ("", "task Other; task body Other is begin null; end Other;",
     "abort Printer, Other;", "a caller aborted while it runs the server's code"),
])
def test_each_refusal_names_its_reason(tmp_path, start, more, abort_, reason):
    src = PROGRAM.replace("{start}", start).replace("{more}", more).replace("{abort}", abort_)
    _out, got = _run(tmp_path, {"main.adb": src})
    assert not got["Printer"].rewritten
    assert reason in _reasons(got["Printer"]), _reasons(got["Printer"])

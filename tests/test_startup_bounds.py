"""Start-up code that reads an array object's bounds (common/startup.py): 'Length,
'First, 'Last and 'Range of an array object are fixed from its elaboration on, so
the protected object computing them when it is declared gets what the task got
when it was activated; a component of the array is a value, read at that moment."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

DB = "pragma Detect_Blocking;\n"

HOST = """
with Ada.Text_IO;
procedure Main is
   Seats : array (1 .. 5) of Integer := (others => 0);

   task Host is
      entry Enter;
      entry Leave;
   end Host;

   task body Host is
      Free : Natural := {initial};
   begin
      loop
         select
            when Free > 0 =>
               accept Enter do
                  Free := Free - 1;
               end Enter;
         or
            accept Leave do
               Free := Free + 1;
            end Leave;
         or
            terminate;
         end select;
      end loop;
   end Host;
begin
   Seats (1) := 4;
   Host.Enter;
   Host.Enter;
   Host.Leave;
   Ada.Text_IO.Put_Line ("done" & Integer'Image (Seats (1)));
end Main;
"""


def _write(tmp_path: Path, initial: str) -> Path:
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(HOST.format(initial=initial).lstrip())
    return tmp_path


def _run(root: Path):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
@pytest.mark.parametrize("initial", ["Seats'Length", "Seats'Last - Seats'First + 1"])
def test_the_bounds_of_an_array_object_are_read_at_any_moment(tmp_path, config, initial):
    root = _write(tmp_path, initial)
    want = run_program(root / "src", "main", config).stdout
    out = _run(root)
    [d] = out.decisions.values()
    # the accepting scheme's value check does not read an object's 'Length yet
    # (common/initial.py): the caller-runs scheme takes it, at activation
    assert d.rewritten, d.reason
    rewrite.write(out)
    assert run_program(root / "src", "main", config).stdout == want


def test_a_component_of_the_array_is_read_when_the_task_is_activated(tmp_path):
    """The accepting scheme refuses (the protected object would read it when declared);
    the caller-runs scheme, which runs the start-up code where the task was activated,
    takes the task."""
    out = _run(_write(tmp_path, "Seats (1)"))
    [d] = out.decisions.values()
    assert d.rewritten and d.scheme == "caller-runs-server", (d.scheme, d.reason)

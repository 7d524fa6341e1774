"""The condition of an exit of the server loop, read after an accept (review10
exit-condition-reads-what-caller-writes-next).

The task tested it with its caller released: a flag that caller sets once its call
returns could still be seen, and end the task.  The accepting scheme's object tests
it inside the call, the caller-runs scheme's caller before its own next step: both
refuse a condition that reads what other tasks write, as they refuse such a loop
(accepting/scheme.py; caller_runs/plugin.py with loops.polled).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Shutdown : Boolean := False MARK;
   task Srv is
      entry Go (Last : Boolean);
   end Srv;
   task body Srv is
      Done : Boolean := False;
      M : Integer := 0;
   begin
      loop
         select
            accept Go (Last : Boolean) do
               Done := Last;
            end Go;
            M := M + 1;
            exit when COND;
         or
            terminate;
         end select;
      end loop;
   end Srv;
begin
   Srv.Go (False);
   Shutdown := True;
   Srv.Go (True);
   Put_Line ("done");
end Main;
"""


def _decision(tmp_path: Path, cond: str, mark: str, scheme: str):
    text = TEMPLATE.replace("COND", cond).replace("MARK", mark).lstrip()
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(text)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    return next(d for name, d in out.decisions.items() if name.endswith(".Srv"))


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
def test_an_exit_reading_an_atomic_flag_is_refused(tmp_path, scheme):
    d = _decision(tmp_path, "Shutdown", "with Atomic", scheme)
    assert not d.rewritten, d
    reasons = [d.reason] + [o[2] if isinstance(o, tuple) else str(o) for o in d.others]
    assert "exit of" in " ".join(str(r) for r in reasons), d


def test_the_accepting_scheme_names_the_flag_and_the_exit(tmp_path):
    d = _decision(tmp_path, "Shutdown", "with Atomic", "server")
    assert d.scheme == "accepting-server" and "Shutdown" in d.construct, d
    assert "condition of an exit of its server loop" in d.reason, d


def test_the_caller_runs_scheme_names_the_flag_and_the_exit(tmp_path):
    d = _decision(tmp_path, "Shutdown", "with Atomic", "caller-runs")
    assert "Shutdown" in d.construct and "exit of the server loop" in d.reason, d


@pytest.mark.parametrize("scheme,taken_by", [("server", "accepting-server"),
                                             ("caller-runs", "caller-runs-server")])
def test_an_exit_reading_the_tasks_own_variable_is_translated(tmp_path, scheme, taken_by):
    d = _decision(tmp_path, "Done", "with Atomic", scheme)
    assert d.rewritten and d.scheme == taken_by, d


@pytest.mark.parametrize("form", ["if Shutdown then exit; end if;",
                                  "if Done then null; elsif Shutdown then exit; end if;",
                                  "case Shutdown is when True => exit; "
                                  "when False => null; end case;"])
def test_a_condition_around_the_exit_is_the_exits_condition(tmp_path, form):
    (tmp_path / "src").mkdir(parents=True)
    text = TEMPLATE.replace("exit when COND;", form).replace("MARK", "with Atomic")
    (tmp_path / "src" / "main.adb").write_text(text.lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    d = next(d for name, d in out.decisions.items() if name.endswith(".Srv"))
    assert not d.rewritten, d
    assert any("condition of an exit of its server loop" in o.reason for o in d.obstacles) \
        or any("exit of its server loop" in str(o) for o in d.others), d

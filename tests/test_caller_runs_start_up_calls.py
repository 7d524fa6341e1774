"""Conditional, timed and triggering calls of a server whose start-up code holds a
loop (caller_runs/start_up_calls.py; review10 start-up-computation-conditional-call).

The task ran its start-up code on its own once activated, and a conditional call
made meanwhile took its else part, a timed one could time out; the caller-runs
package runs that code in the activator before it goes on, so the call finds the
server ready.  With a loop there (or in a subprogram it calls) such calls are
refused; without one, or with plain calls only, the scheme translates.
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
   task Srv is
      entry Ping;
   end Srv;
   task body Srv is
      M : Integer := 0;
      procedure Warm_Up is
      begin
         for I in 1 .. 1000 loop
            M := (M + I) mod 7;
         end loop;
      end Warm_Up;
   begin
      START
      loop
         select
            accept Ping do
               Put_Line ("ping" & M'Image);
            end Ping;
         or
            terminate;
         end select;
      end loop;
   end Srv;
begin
   delay 0.1;
   CALL
end Main;
"""
LOOP = "for I in 1 .. 1000 loop M := (M + I) mod 7; end loop;"
CALLED = "Warm_Up;"
STRAIGHT = "M := 3;"
CALLS = {
    "timed": 'select Srv.Ping; Put_Line ("taken"); or delay 0.1; Put_Line ("late"); '
             'end select;',
    "conditional": 'select Srv.Ping; Put_Line ("taken"); else Put_Line ("busy"); '
                   'end select;',
    "plain": "Srv.Ping;",
    "triggering": 'select Srv.Ping; Put_Line ("taken"); then abort Put_Line ("started"); '
                  'end select;',
}


def _decision(tmp_path: Path, start: str, call: str):
    text = TEMPLATE.replace("START", start).replace("CALL", CALLS[call]).lstrip()
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(text)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    return next(d for name, d in out.decisions.items() if name.endswith(".Srv"))


@pytest.mark.parametrize("start,call", [(LOOP, "conditional"), (LOOP, "timed"),
                                        (CALLED, "conditional"), (LOOP, "triggering")])
def test_a_start_up_loop_refuses_calls_that_can_find_the_server_busy(tmp_path, start, call):
    d = _decision(tmp_path, start, call)
    assert not d.rewritten, d
    assert any("start-up code holds a loop" in o.reason for o in d.obstacles), d


@pytest.mark.parametrize("start,call", [(STRAIGHT, "conditional"), (STRAIGHT, "timed"),
                                        (LOOP, "plain")])
def test_without_a_start_up_loop_or_such_a_call_the_scheme_translates(tmp_path, start, call):
    d = _decision(tmp_path, start, call)
    assert d.rewritten and d.scheme == "caller-runs-server", d

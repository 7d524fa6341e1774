"""A task that can be called before it is activated is refused by every scheme.

A task declared in a nested package's spec is activated when the package's
body begins; a package body elaborated in between (here Early's) starts its
own task, whose call must wait for that activation (and, in the rewrite,
would reach a protected object whose body is not elaborated yet:
Program_Error).  With nothing in between, the task is translated.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package P is
      task Server is
         entry Hello;
      end Server;
      procedure Call;
   end P;
EARLY
   package body P is
      task body Server is
      begin
         loop
            select
               accept Hello;
            or
               terminate;
            end select;
         end loop;
      end Server;
      procedure Call is
      begin
         Server.Hello;
      end Call;
   end P;
begin
   P.Call;
   Put_Line ("done");
end Main;
"""

EARLY = """\
   package Early is
      task Client;
   end Early;
   package body Early is
      task body Client is
      begin
         P.Call;
      end Client;
   end Early;
"""


def _run(tmp_path: Path, early: str, scheme: str):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.replace("EARLY\n", early))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme))
    return src, out, out.decisions["Main.P.Server"]


@pytest.mark.parametrize("scheme", ["general", "server"])
def test_a_package_body_in_between_refuses(scheme, tmp_path):
    _src, out, d = _run(tmp_path, EARLY, scheme)
    assert not d.rewritten
    assert "a package body here can start a task before Server is activated" in d.reason
    assert "when its package body begins" in d.reason
    assert d.construct.startswith("package body Early")
    assert not out.changes


@pytest.mark.parametrize("scheme", ["general", "server"])
def test_nothing_in_between_translates(scheme, tmp_path):
    src, out, d = _run(tmp_path, "", scheme)
    assert d.rewritten, d.reason
    before = run_program(src, "main").stdout
    rewrite.write(out)
    assert run_program(src, "main").stdout == before == "done\n"

"""What a protected operation the server calls does runs inside a protected action
in the original already (accepting/scheme.py, _blockers).

A call of a protected procedure or function is not potentially blocking; what its
body does -- a Put_Line, a user-defined operator the blocking analysis does not
follow -- runs inside that object's protected action whoever
calls it, the server task or the object the server becomes: the same bounded
error at the same place (RM 9.5.1(8)), Program_Error there under
Detect_Blocking in both.  So it is no obstacle of the server.  A blocking
operation of the server's own code, or below an ordinary subprogram, still is.
The original and the translation are run plain and with Detect_Blocking, and
must print the same in each.
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

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   protected Log is
      procedure Put (Line : String);
      function Count return Natural;
   private
      N : Natural := 0;
   end Log;

   protected body Log is
      function "+" (L : Natural; R : Boolean) return Natural is (L + Boolean'Pos (R));
      procedure Put (Line : String) is
      begin
         N := N + True;
         Put_Line ("log:" & Line);
      end Put;
      function Count return Natural is (N);
   end Log;

   procedure Note (Line : String) is
   begin
      Log.Put (Line);
   end Note;

   task Counter is
      entry Add (X : Integer);
      entry Get (Total : out Integer);
   end Counter;

   task body Counter is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Sum := Sum + X;
               {call}
            end Add;
         or
            accept Get (Total : out Integer) do
               Total := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Counter;

   T : Integer;
begin
   Counter.Add (2);
   Counter.Add (3);
   Counter.Get (T);
   Put_Line ("total" & T'Image & ", logged" & Log.Count'Image);
exception
   when E : Program_Error =>
      Put_Line ("Program_Error");
end Main;
"""

CASES = {
    "protected_procedure": ('Log.Put ("add" & X\'Image);', None),
    # below an ordinary subprogram the analysis does not tell what else it reaches
    "through_a_subprogram": ('Note ("add" & X\'Image);', "would run inside a protected action"),
    "own_output": ('Put_Line ("add" & X\'Image);', "would run inside a protected action"),
}


@pytest.fixture
def accepting(monkeypatch):
    monkeypatch.setitem(registry.SELECTIONS, "accepting", registry.Selection(
        "accepting", (ACCEPTING,), "", ""))
    return "accepting"


@pytest.mark.parametrize("name", sorted(CASES))
def test_what_runs_inside_a_called_protected_operation(name, tmp_path: Path, accepting):
    call, refused = CASES[name]
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.replace("{call}", call))
    before = {c: run_program(src, "main", c) for c in ("", "pragma Detect_Blocking;\n")}
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), accepting))
    d = out.decisions["Main.Counter"]
    if refused is not None:
        assert not d.rewritten and refused in d.reason, d.reason
        return
    assert d.rewritten, d.reason
    rewrite.write(out)
    assert "protected Counter is" in (src / "main.adb").read_text()
    for config, original in before.items():
        again = run_program(src, "main", config)
        assert (again.returncode, again.stdout) == (original.returncode, original.stdout), \
            (config, original.stdout, again.stdout)

"""The caller-runs scheme's refusals name the true obstacle once: a server loop
ending in its delay alternative is refused for the delay alternative alone (not as
a loop that never ends, nor as a delay after the accept); use clauses, null
procedures and variables of named access types move with the code (the corpus case
caller_runs_declarations runs them), and where they cannot, the reason is said.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options


def _run(tmp_path: Path, text: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text.lstrip())
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                                scheme="caller-runs"))


def _reasons(out, task: str) -> list[str]:
    d = next(d for name, d in out.decisions.items() if name.endswith("." + task))
    assert not d.rewritten
    return [f"{o.loc.line}: {o.construct}: {o.reason}" for o in d.obstacles or (d,)]


TIMED = """
with Ada.Text_IO;
procedure Main is
   task Server is
      entry Put (N : Integer);
   end Server;
   task body Server is
      Last : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Last := N;
            end Put;
         or
            delay 1.0;
            exit;
         end select;
      end loop;
      Ada.Text_IO.Put_Line (Integer'Image (Last));
   end Server;
begin
   Server.Put (1);
end Main;
"""


def test_a_loop_ending_in_its_delay_alternative_is_refused_for_that_alone(tmp_path):
    got = _reasons(_run(tmp_path, TIMED), "Server")
    assert len(got) == 1 and got[0].startswith(
        "15: delay 1.0; exit;: a delay alternative: the caller-runs scheme has no timer"), got


def test_a_loop_that_never_ends_is_still_named_beside_its_delay_alternative(tmp_path):
    got = _reasons(_run(tmp_path, TIMED.replace("            exit;\n", "")), "Server")
    assert any("a delay alternative" in r for r in got), got
    assert any("the server loop never ends" in r for r in got), got
    assert not any("a delay the caller" in r for r in got), got


DECLARED = """
with Ada.Text_IO;
procedure Main is
   type View is access all Integer;
   task type Server is
      entry Put (N : Integer);
   end Server;
   task body Server is
      use Ada.Text_IO;
      procedure Quiet (S : String) is null;
      Myself : View;
      Last : Integer := 0;
   begin
      loop
         select
            accept Put (N : Integer) do
               Last := N;
               Quiet ("put");
            end Put;
            Put_Line (Integer'Image (Last));
         or
            terminate;
         end select;
      end loop;
   end Server;
   S : Server;
begin
   S.Put (1);
end Main;
"""


def test_a_null_procedure_and_an_access_variable_move_with_the_code(tmp_path):
    text = DECLARED.replace("      use Ada.Text_IO;\n", "").replace(
        " Put_Line", " Ada.Text_IO.Put_Line")
    out = _run(tmp_path, text)
    assert out.decisions["Main.Server"].rewritten
    new = next(iter(out.changes.values()))[1].decode()
    assert "procedure Quiet (S : String) is null;" in new and "Myself : View;" in new


@pytest.mark.parametrize("old, new, reason", [
    # the variables are the components of a record declared where the type was
    ("", "", "8: use Ada.Text_IO;: a use clause in a task type's body: the task's "
             "variables become components of a record declared where the type was"),
    # a null-excluding access object without a value raised at the task's activation
    ("type View is access all Integer;",
     "type View is not null access all Integer;\n   function Void return View is (null);",
     "11: Myself : View;: an object of a type rdv2po does not know to hold only values"),
    # each object has its own variable, the null procedure is the package's
    ("      procedure Quiet (S : String) is null;\n      Myself : View;\n      Last : Integer := 0;",
     "      Last : Integer := 0;\n      procedure Quiet (S : String := Integer'Image (Last)) is null;"
     "\n      Myself : View;",
     "10: Last: a subprogram of the task type's body naming its variable"),
    # Start computes the initial value after the clause, which may change its names
    ("      use Ada.Text_IO;\n      procedure",
     "      First : Integer := Integer'Last - 1;\n      use Ada.Text_IO;\n      procedure",
     "9: use Ada.Text_IO;: a use clause after an initial value computed when the task "
     "is activated"),
])
def test_what_cannot_move_is_refused_with_its_reason(tmp_path, old, new, reason):
    text = DECLARED.replace(old, new) if old else DECLARED
    if "First" in new:
        text = text.replace("task type Server", "task Server").replace(
            "   S : Server;\n", "").replace("S.Put", "Server.Put")
    got = _reasons(_run(tmp_path, text), "Server")
    assert any(r.startswith(reason) for r in got), got

"""What can call a server before it is activated (schemes/common/starts.py).

A server whose entries tasks call is refused when a declaration after it, in the
declarative part that activates it, can start a task: that task's call would wait
for the activation in the original.  Declarations that start no task (an allocator
of Integer, a call of a function without tasks, an instance of a generic without
tasks) leave it translated.  Corpus activation_window and activation_window_refused
run such programs; these cases are the ones reached only through calls and
instances, and calls of the server's entries made there (tests/test_activation_starts.py
has the rest).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """
procedure Main is
   task Server is
      entry Add (X : Integer);
   end Server;
   task type Client;
   type Client_Ref is access Client;
   task body Client is
   begin
      Server.Add (1);
   end Client;
{before}
   Later : Integer := {value};
   task body Server is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (X : Integer) do
               Sum := Sum + X;
            end Add;
         or
            terminate;
         end select;
      end loop;
   end Server;
   C : Client_Ref;
begin
   C := new Client;
end Main;
"""

GENERIC = """
   generic
   package Pool is
      function Size return Integer;
   end Pool;
   package body Pool is
      {body_decl}
      function Size return Integer is (1);
   end Pool;
"""

CASES = {
    "instance_declaring_a_task": (GENERIC.format(body_decl="Worker : Client;")
                                  + "   package P is new Pool;\n", "P.Size",
                                  "a package instance here can start a task"),
    "instance_without_task": (GENERIC.format(body_decl="Count : Integer := 0;")
                              + "   package P is new Pool;\n", "P.Size", None),
    "allocator_of_integer": ("   type Ref is access Integer;\n   R : Ref := new Integer'(3);\n",
                             "R.all", None),
    # the package body's statements call Server before it is activated: the timed call
    # times out in the original, a protected object would take it
    "timed_call_in_a_package_body": ("""
   package Early is
   end Early;
   package body Early is
   begin
      select
         Server.Add (2);
      or
         delay 0.1;
      end select;
   end Early;
""", "0", "a call of Server's entry made before Server is activated"),
    "allocator_of_a_client": ("", "Integer (Boolean'Pos (new Client /= null))",
                              "an allocator here can start a task"),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_what_starts_a_task_before_the_server_is_activated(name: str, tmp_path: Path):
    before, value, refused = CASES[name]
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM.format(before=before, value=value).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    assert not [d for d in out.diagnostics if d.severity == "error"], out.diagnostics
    d = out.decisions["Main.Server"]
    if refused is None:
        assert d.rewritten, (d.construct, d.reason)
    else:
        assert not d.rewritten
        assert refused in d.reason and "before Server is activated" in d.reason, d.reason

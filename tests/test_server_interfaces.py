"""A task implementing interfaces becomes a protected object implementing them
(accepting/interfaces.py), where the language allows it.

Corpus: interface_server (a task type with a synchronized and a limited
interface and a single task with a synchronized one, reached through the
interfaces: run as written and translated), interface_task_refused (a task
interface).  Here: calls through an interface count as calls of the entries
for the checks that read them, and the object's own operations do not
implement an interface's procedure by their name.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.schemes import registry
from rdv2po.schemes.accepting.plugin import ACCEPTING

BUFFERS = """
package Buffers is
   type Buffer is synchronized interface;
   procedure Put (B : in out Buffer; X : Integer) is abstract;
   procedure Abort_Task (B : in out Buffer) is null;
end Buffers;
"""


@pytest.fixture(autouse=True)
def accepting_only(monkeypatch):
    """The accepting scheme alone (under auto the scheme with the fewest obstacles is
    reported, rewrite._translate): these are its translations and refusals."""
    monkeypatch.setitem(registry.SELECTIONS, "accepting", registry.Selection(
        "accepting", (ACCEPTING,), "", ""))


def _run(tmp_path: Path, files: dict[str, str]):
    src = tmp_path / "src"
    src.mkdir()
    for name, body in files.items():
        (src / name).write_text(body.lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "accepting"))
    new = {p.name: n.decode() for p, (_o, n) in out.changes.items()}
    return out, new


def _obstacles(out, task: str) -> list[str]:
    return [f"{o.loc.line}: {o.construct}: {o.reason}" for o in out.decisions[task].obstacles]


def test_task_interface_is_refused_with_the_class_wide_use(tmp_path: Path):
    here = Path(__file__).parent.parent / "corpus" / "interface_task_refused" / "src"
    out, new = _run(tmp_path, {p.name: p.read_text() for p in here.iterdir()})
    assert not new
    got = _obstacles(out, "Main.Adder")
    assert any(g.startswith("9: Worker: Worker is a task interface") for g in got), got
    assert any(g.startswith("41: Any.all'Callable: its type Worker is an interface")
               for g in got), got


def test_a_conditional_call_through_the_interface_counts(tmp_path: Path):
    """The accept body of Put requeues to Inner; Put is called conditionally, but only
    through the interface (GNAT's cross references name Buffers.Put there, not the
    entry).  The requeue check must see that call: GNAT cancels a conditional call
    requeued to a task entry, a protected entry keeps it."""
    out, new = _run(tmp_path, {"buffers.ads": BUFFERS, "main.adb": """
with Buffers; use Buffers;
procedure Main is
   task type Srv is new Buffer with
      overriding entry Put (X : Integer);
      entry Inner (X : Integer);
   end Srv;
   task body Srv is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               requeue Inner;
            end Put;
         or
            accept Inner (X : Integer) do
               Sum := Sum + X;
            end Inner;
         or
            terminate;
         end select;
      end loop;
   end Srv;
   S : aliased Srv;
   B : access Buffer'Class := S'Access;
begin
   select
      B.Put (1);
   else
      null;
   end select;
end Main;
"""})
    assert not new
    got = _obstacles(out, "Main.Srv")
    assert any("a conditional call of Put" in g and "requeued here to Inner" in g
               for g in got), got


def test_the_object_operations_do_not_implement_an_interface_procedure(tmp_path: Path):
    """Buffer has a null procedure Abort_Task: the object's own Abort_Task (for
    ``abort S``) would implement it, and a dispatching call of Buffer's Abort_Task
    would close the object.  The object's procedure takes another name."""
    out, new = _run(tmp_path, {"buffers.ads": BUFFERS, "main.adb": """
with Buffers; use Buffers;
procedure Main is
   task type Srv is new Buffer with
      overriding entry Put (X : Integer);
   end Srv;
   task body Srv is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Sum := Sum + X;
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Srv;
   S : Srv;
begin
   S.Put (1);
   Abort_Task (Buffer'Class (S));
   abort S;
end Main;
"""})
    assert out.decisions["Main.Srv"].rewritten, _obstacles(out, "Main.Srv")
    main = new["main.adb"]
    assert "protected type Srv is new Buffer with" in main
    assert "procedure Abort_Task;" not in main
    assert "   Abort_Task (Buffer'Class (S));\n" in main           # the interface's, as written
    assert "abort S;" not in main and "   S.Abort_Task_" in main, main


def test_entries_with_an_overriding_indicator_keep_their_names_and_calls(tmp_path: Path):
    """``overriding entry Put`` and ``not overriding entry Get``: the indicator comes
    first in the tree; the model's entries are Put and Get, with their calls, and the
    server translates (before, the entry was named after the indicator, had no calls,
    and the scheme failed)."""
    from rdv2po.frontend.analysis import analyze
    out, new = _run(tmp_path, {"buffers.ads": BUFFERS, "main.adb": """
with Buffers; use Buffers;
procedure Main is
   task type Srv is new Buffer with
      overriding entry Put (X : Integer);
      not overriding entry Get (X : out Integer);
   end Srv;
   task body Srv is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Put (X : Integer) do
               Sum := Sum + X;
            end Put;
         or
            accept Get (X : out Integer) do
               X := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Srv;
   S : Srv;
   Y : Integer;
begin
   S.Put (1);
   S.Get (Y);
end Main;
"""})
    assert out.decisions["Main.Srv"].rewritten, _obstacles(out, "Main.Srv")
    model, _ws = in_dir(tmp_path, lambda: analyze(Options(paths=("src",))))
    srv = next(t for t in model.tasks if t.name == "Srv")
    assert [(e.name, e.family, len(e.calls)) for e in srv.entries] == [("Put", None, 1),
                                                                       ("Get", None, 1)]
    assert "      not overriding entry Get (X : out Integer);\n" in new["main.adb"]

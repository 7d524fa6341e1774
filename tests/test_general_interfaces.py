"""A task type implementing interfaces, general scheme (``general/interfaces.py``).

The protected type implements the interfaces, and a task interface becomes a
synchronized one.  That is followed only where nothing else sees the change:
an interface named by an access type, or declared in another file, keeps the
task refused, before anything is written and with the construct named (GNAT's
rejection of the rewrite used to be the message).  A limited interface needs
no change and is translated as written.  corpus/general_task_interface and
general_task_interface_shared hold the programs that run.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

SPEC = """\
   package Machines is
      type Machine is {kind} interface;
      procedure Halt (M : in out Machine) is abstract;
{extra}
      task type Press is new Machine with
         entry Halt;
      end Press;
   end Machines;
"""

REST = """\
   package body Machines is
      task body Press is
      begin
         accept Halt do
            Put_Line ("halted");
         end Halt;
      end Press;
   end Machines;

   use Machines;

   procedure Stop (M : in out Machine'Class) is
   begin
      M.Halt;
   end Stop;

   P : Press;
begin
   Stop (P);
end Main;
"""


def _program(kind: str = "task", extra: str = "") -> str:
    return ("with Ada.Text_IO; use Ada.Text_IO;\nprocedure Main is\n"
            + SPEC.format(kind=kind, extra=extra) + "\n" + REST)


def _rewrite(tmp_path, text: str):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(text)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    return src, out


def test_access_type_to_the_class_is_refused_before_writing(tmp_path):
    extra = "      type Machine_Ref is access all Machine'Class;\n"
    _src, out = _rewrite(tmp_path, _program(extra=extra))
    d = out.decisions["Main.Machines.Press"]
    assert not d.rewritten
    assert "names the interface Machine" in d.reason
    assert "GNAT" not in d.reason


def test_interface_of_another_file_is_refused(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "kinds.ads").write_text("package Kinds is\n   type Machine is task interface;\n"
                                   "   procedure Halt (M : in out Machine) is abstract;\n"
                                   "end Kinds;\n")
    (src / "main.adb").write_text(
        "with Kinds; use Kinds;\nprocedure Main is\n   task type Press is new Machine with\n"
        "      entry Halt;\n   end Press;\n   task body Press is\n   begin\n"
        "      accept Halt;\n   end Press;\n   P : Press;\nbegin\n   P.Halt;\nend Main;\n")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    d = out.decisions["Main.Press"]
    assert not d.rewritten
    assert "declared in another file" in d.reason


def test_limited_interface_is_kept_as_written(tmp_path):
    src, out = _rewrite(tmp_path, _program(kind="limited"))
    before = run_program(src, "main").stdout
    assert out.decisions["Main.Machines.Press"].rewritten, \
        out.decisions["Main.Machines.Press"].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert "type Machine is limited interface;\n      procedure Halt" in text
    assert "protected type Press is new Machine with" in text
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before

"""A task calling its own entry by its simple name, under the general scheme.

Inside a task body (and units nested in it) ``Put (X)`` calls the task's own
entry.  The agent's body cannot see the entry by that name any more: the
call names the object's entry, ``T.Put (X)`` (``Self.Put (X)`` in a task
type's agent).  Its meaning is kept: the task is busy making the call, so a
conditional call takes its else part and a timed call times out, in the
original (the task is not at an accept) as in the translation (the object's
entry is open only while the agent waits in ``Put_Accept_Begin``).
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Single is
      entry Put (X : Integer);
      entry Slot (1 .. 2);
      entry Done;   --  taken once Single has printed: its line comes first, not timed
   end Single;
   task type Worker is
      entry Put (X : Integer);
   end Worker;

   task body Single is
      Sum : Integer := 0;
      procedure Try_Own is
      begin
         select
            Put (100);                 --  the task is not accepting: else
         else
            Sum := Sum + 1;
         end select;
      end Try_Own;
   begin
      Try_Own;
      select
         Slot (2);                     --  nor here: the delay expires
      or
         delay 0.01;
         Sum := Sum + 10;
      end select;
      accept Put (X : Integer) do
         Sum := Sum + X;
      end Put;
      select
         accept Slot (1);
      else
         Sum := Sum + 20;
      end select;
      Put_Line ("single" & Integer'Image (Sum));
      accept Done;
   end Single;

   task body Worker is
      Tries : Integer := 0;
   begin
      select
         Put (1);
      else
         Tries := Tries + 1;
      end select;
      accept Put (X : Integer) do
         Tries := Tries + X;
      end Put;
      Put_Line ("worker" & Integer'Image (Tries));
   end Worker;

   W : Worker;
begin
   Single.Put (1000);
   Single.Done;
   W.Put (5);
end Main;
"""


def test_own_entry_called_by_simple_name(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM)
    before = run_program(src, "main").stdout
    assert before == "single 1031\nworker 6\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    for task in ("Main.Single", "Main.Worker"):
        assert out.decisions[task].rewritten, out.decisions[task].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert "Single.Put (100);" in text and "Single.Slot (2);" in text
    assert "Self.Put (1);" in text
    # the callers outside the task are left as written
    assert "   Single.Put (1000);\n" in text and "   W.Put (5);\n" in text
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before

"""Entry calls through a function's result, under the general scheme.

``Make.Get (N)``: the function returns a task built in place, called at once.
A protected object returned by a function is a constant, whose entries
cannot be called, so the call statement becomes a block holding the result
in an object built in place (general/function_prefixes.py); the block is its
master as the statement was.  In a conditional or timed call it is left as
written, and GNAT's rejection refuses the task.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Tsk (Val : Natural) is
      entry Get (X : out Natural);
   end Tsk;
   task body Tsk is
   begin
      accept Get (X : out Natural) do
         X := Val;
      end Get;
   end Tsk;
   function Make return Tsk is
   begin
      return T : Tsk (17);
   end Make;
   function Make_With (V : Natural) return Tsk is
   begin
      Put_Line ("make" & Natural'Image (V));
      return T : Tsk (V);
   end Make_With;
   N : Natural;
begin
   Make.Get (N);
   Put_Line (Natural'Image (N));
   Make_With (5).Get (N);
   Put_Line (Natural'Image (N));
end Main;
"""

TRY = PROGRAM.replace("   Make.Get (N);\n", "   select\n      Make.Get (N);\n   else\n"
                      "      N := 0;\n   end select;\n")


def _rewrite(tmp_path, program):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(program)
    return src, in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))


def test_call_through_a_function_result(tmp_path):
    src, out = _rewrite(tmp_path, PROGRAM)
    before = run_program(src, "main").stdout
    assert before == " 17\nmake 5\n 5\n"
    assert out.decisions["Main.Tsk"].rewritten, out.decisions["Main.Tsk"].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert ("   declare\n      Make_Result : Tsk := Make;\n   begin\n"
            "      Make_Result.Get (N);\n   end;\n") in text
    assert "Make_With_Result : Tsk := Make_With (5);" in text
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before


def test_conditional_call_left_and_refused(tmp_path):
    # (GNAT 12 compiles this program's check but crashes generating its code)
    _src, out = _rewrite(tmp_path, TRY)
    d = out.decisions["Main.Tsk"]
    assert not d.rewritten and "must be variable" in d.reason

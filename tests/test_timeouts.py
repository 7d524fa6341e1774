"""Server scheme: a select with a delay alternative becomes a timing event.

Variants of one watchdog program: those translated must print what the
original prints (also with pragma Detect_Blocking) and the translation must
have the timer's parts where they belong; those refused must name the
reason and change no file.  (The corpus holds the whole programs:
timeout_watchdog, timeout_guarded, timeout_heartbeat, timeout_exit,
timeout_refused.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """
with Ada.Real_Time;
with Ada.Text_IO;
procedure Main is
   Outside : Natural := 0;
   protected Gate is
      procedure Note;
   private
      Notes : Natural := 0;
   end Gate;
   protected body Gate is
      procedure Note is
      begin
         Notes := Notes + 1;
      end Note;
   end Gate;
   task T is
      entry Kick;
      entry Report (N : out Natural);
      entry Stop;
   end T;
   task body T is
      Count : Natural := 0;
      Span : constant Duration := 0.2;
      N : Natural := 0;   --  Report's parameter has this name too
   begin
      {before}
      loop
         select
            accept Kick;
            {after_kick}
         or
            accept Report (N : out Natural) do
               N := Count;
            end Report;
         or
            accept Stop;
            exit;
         or
            {delay}
         end select;
      end loop;
   end T;
   N : Natural;
begin
   T.Kick;
   delay 0.4;
   T.Report (N);
   Ada.Text_IO.Put_Line ("timed out: " & Boolean'Image (N > 0));
   T.Stop;
   Ada.Text_IO.Put_Line ("outside:" & Natural'Image (Outside));
end Main;
"""

TRANSLATED = {
    # the first wait begins where the task was activated (Activate)
    "relative": ("null;", "null;", "delay 0.1;\nCount := Count + 1;"),
    # the guard is closed: the delay alternative is never selected
    "guard_closed": ("null;", "null;", "when Count > 100 =>\n   delay 0.1;\n"
                     "   Count := Count + 1;"),
    # start-up code: Activate runs it where the task was activated, then waits
    "start_up_code": ("Count := 0;", "null;", "delay 0.1;\nCount := Count + 1;"),
    # the first sync point is another accept: no Activate, the first Kick arms it
    "accept_first": ("accept Kick;", "null;", "delay 0.1;\nCount := Count + 1;"),
}

REFUSED = {
    "second_delay_alternative": ("null;", "null;", "delay 0.1;\nCount := Count + 1;\nor\n"
                                 "delay 0.2;\nCount := Count + 2;",
                                 "a second delay alternative in the select"),
    "not_a_literal": ("null;", "null;", "delay Span;\nCount := Count + 1;",
                      "a delay whose value is not a literal"),
    "can_raise": ("null;", "null;", "delay until Ada.Real_Time.Clock;\nCount := Count + 1;",
                  "a delay expression that can raise"),
    "short": ("null;", "null;", "delay 0.05;\nCount := Count + 1;",
              "a delay of 0.05 s: GNAT 12's timing events fire"),
    "polls": ("null;", "null;", "delay 0.0;\nCount := Count + 1;",
              "a delay alternative of at most 0.0 seconds"),
    "protected_call": ("null;", "Gate.Note;", "delay 0.1;\nCount := Count + 1;",
                       "the ceiling Interrupt_Priority'Last that RM D.15 requires"),
    "outside_variable": ("null;", "null;", "delay 0.1;\nOutside := Outside + 1;",
                         "the delay alternative's path changes variable Outside"),
    "blocking": ("null;", "null;", "delay 0.1;\nAda.Text_IO.Put_Line (\"late\");",
                 "the timer's handler, which runs the delay alternative"),
    # evaluated in Report's body, where N is Report's parameter
    "captured_guard": ("null;", "null;", "when N > 100 =>\n   delay 0.1;\n"
                       "   Count := Count + 1;", "'N' would denote a parameter of the entry"),
    "before_the_loop": ("select\n   accept Kick;\nor\n   delay 0.1;\nend select;", "null;",
                        "delay 0.1;\nCount := Count + 1;",
                        "a delay alternative in a select before or after the server loop"),
}


def write(root: Path, before: str, after_kick: str, delay: str) -> Path:
    src = root / "src"
    src.mkdir()

    def pad(code: str, n: int) -> str:
        return code.replace("\n", "\n" + " " * n)
    (src / "main.adb").write_text(PROGRAM.lstrip().format(
        before=pad(before, 6), after_kick=pad(after_kick, 12), delay=pad(delay, 12)))
    return src


def translate(tmp_path: Path, variant: tuple) -> tuple[Path, object]:
    src = write(tmp_path, *variant[:3])
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    return src, out


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_translated_and_prints_the_same(name, tmp_path):
    src, out = translate(tmp_path, TRANSLATED[name])
    original = run_program(src, "main")
    assert original.returncode == 0, original.stderr
    t = out.decisions["Main.T"]
    assert t.rewritten, t.reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert "protected T is" in text and "pragma Interrupt_Priority;" in text
    assert "with Ada.Real_Time.Timing_Events;" in text
    # every entry accepted at the select ends the wait; the handler runs the delay path
    assert text.count("Stop_Waiting;  --  this call ends the wait") == 3
    assert "procedure Expired (Event : in out" in text
    assert ("T.Activate;" in text) == (name != "accept_first")
    for config in ("", "pragma Detect_Blocking;\n"):
        again = run_program(src, "main", config)
        assert again.returncode == 0, again.stderr
        assert again.stdout == original.stdout
    again = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert not again.changes          # idempotent: a protected object is left alone


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_refused_naming_the_reason(name, tmp_path):
    src, out = translate(tmp_path, REFUSED[name])
    before = (src / "main.adb").read_bytes()
    t = out.decisions["Main.T"]
    assert not t.rewritten
    reason = REFUSED[name][3]
    messages = [d.message for d in out.diagnostics]
    assert any(reason in m for m in messages), messages
    assert not out.changes
    rewrite.write(out)
    assert (src / "main.adb").read_bytes() == before


TYPE_PROGRAM = """
procedure Main is
   task type W is
      entry Kick;
      entry Stop;
   end W;
   task body W is
      Count : Natural := 0;
   begin
      loop
         select
            accept Kick;
         or
            accept Stop;
            exit;
         or
            delay 0.1;
            Count := Count + 1;
         end select;
      end loop;
   end W;
   Ws : array (1 .. 2) of W;
begin
   for X of Ws loop
      X.Stop;
   end loop;
end Main;
"""


def test_objects_of_a_task_type_are_activated_where_declared(tmp_path):
    """Each object (stand-alone or in an anonymous array) gets its Activate call."""
    src = tmp_path / "src"
    src.mkdir()
    program = TYPE_PROGRAM.replace("   Ws : array (1 .. 2) of W;\n",
                                   "   Ws : array (1 .. 2) of W;\n   One, Two : W;\n") \
        .replace("   for X of Ws loop", "   One.Stop;\n   Two.Stop;\n   for X of Ws loop")
    (src / "main.adb").write_text(program.lstrip())
    original = run_program(src, "main")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert out.decisions["Main.W"].rewritten, out.decisions["Main.W"].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    for call in ("for Each of Ws loop Each.Activate; end loop;", "One.Activate;",
                 "Two.Activate;"):
        assert call in text, text
    assert run_program(src, "main", "pragma Detect_Blocking;\n").stdout == original.stdout


@pytest.mark.parametrize("creation", ["   type Ref is access W;\n   P : Ref := new W;\n",
                                      "   type Pair is array (1 .. 2) of W;\n   Ps : Pair;\n"])
def test_objects_created_otherwise_are_refused(creation, tmp_path):
    """An allocator or a named array type may create objects where no call is placed."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(TYPE_PROGRAM.replace("   Ws : array (1 .. 2) of W;\n",
                                                       "   Ws : array (1 .. 2) of W;\n"
                                                       + creation).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert not out.decisions["Main.W"].rewritten
    assert any("an object of task type W may be created here" in d.message
               for d in out.diagnostics), [d.message for d in out.diagnostics]
    assert not out.changes


def test_two_servers_activated_together_are_both_rewritten(tmp_path):
    """Their calls of Activate go to one place: they commute (rewrite.merge_context)."""
    src = tmp_path / "src"
    src.mkdir()
    one = TYPE_PROGRAM.split("   Ws :")[0].split("procedure Main is\n")[1]
    single = one.replace("task type W", "task {n}").replace("task body W", "task body {n}") \
        .replace("end W;", "end {n};")
    (src / "main.adb").write_text(
        "with Ada.Text_IO;\nprocedure Main is\n" + single.format(n="A") + single.format(n="B")
        + "begin\n   A.Kick;\n   B.Kick;\n   A.Stop;\n   B.Stop;\n"
          "   Ada.Text_IO.Put_Line (\"done\");\nend Main;\n")
    original = run_program(src, "main")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert out.decisions["Main.A"].rewritten and out.decisions["Main.B"].rewritten
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert "   A.Activate;" in text and "   B.Activate;" in text
    assert run_program(src, "main").stdout == original.stdout
    again = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    assert not again.changes

"""What the caller-runs scheme must not run in a caller, found by review: code that
waits for that caller with a limit, acts on the running task or its thread, or would
need room on the caller's stack -- and a loop test a formal would hide.  Each refusal
has a translated case beside it where the difference cannot arise.

(The accepting scheme's entry bodies run in whichever task opens the barrier: the
Thread_Local_Storage refusal is common to both, schemes/common/hidden_calls.py.)
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

SERVER = """
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Task_Attributes;
procedure Main is
   package Tag is new Ada.Task_Attributes (Integer, 0);
   Ready : Boolean := False;
   pragma Atomic (Ready);
   task Srv is
      entry Put (N : Integer);
      entry Stop (Quit : Boolean);
   end Srv;
   task body Srv is
      Count : Integer := 0;
      Going : Boolean := True;
      Seen : Integer := 0;
   begin
      while Going loop
         select
            accept Put (N : Integer) do
               Count := Count + N;
               PUT_BODY
            end Put;
            AFTER
            Put_Line ("total" & Integer'Image (Count));
         or
            accept Stop (Quit : Boolean) do
               if Quit then
                  Srv.Going := False;
               end if;
            end Stop;
         end select;
      end loop;
      TAIL
      Put_Line ("final" & Integer'Image (Count) & Integer'Image (Seen));
   end Srv;
   task Client is
      CLIENT_PRAGMA
   end Client;
   task body Client is
   begin
      Srv.Put (3);
      Ready := True;
      Srv.Put (4);
      Srv.Stop (True);
   end Client;
begin
   null;
end Main;
"""

EXIT_LOOP = "for I in 1 .. 3 loop Seen := Seen + 1; exit when {cond}; end loop;"


def _rewrite(tmp_path: Path, scheme: str = "caller-runs", run: bool = False, **parts):
    text = SERVER
    for key, value in {"PUT_BODY": "null;", "AFTER": "null;", "CLIENT_PRAGMA": "", "TAIL": "null;",
                       **parts}.items():
        text = text.replace(key, value)
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(text.lstrip())
    before = run_program(src, "main", "") if run else None
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    d = out.decisions["Main.Srv"]
    if run:
        assert d.rewritten, d.reason
        for path, (_old, new) in out.changes.items():
            path.write_bytes(new)
        after = run_program(src, "main", "")
        assert before.returncode == after.returncode == 0, after.stderr
        assert after.stdout == before.stdout and "final 7" in after.stdout
    return d


def _reasons(d) -> str:
    return " | ".join(f"{o.construct}: {o.reason}" for o in d.obstacles or (d,))


def test_a_for_loop_that_exits_on_what_another_task_sets_is_refused(tmp_path):
    """A bounded poll: the loop waits, with a limit, for Ready, which the caller sets
    after its call -- the caller running the loop would never see it set (found by
    review: a worker polled a barrier's count 200,000,000 times)."""
    d = _rewrite(tmp_path, AFTER=EXIT_LOOP.format(cond="Ready"))
    assert not d.rewritten and "a for loop with an exit" in _reasons(d) and \
        "'Ready'" in _reasons(d), _reasons(d)


def test_a_for_loop_that_exits_on_its_own_variables_is_taken(tmp_path):
    _rewrite(tmp_path, run=True, AFTER=EXIT_LOOP.format(cond="Seen > Count"))


@pytest.mark.parametrize("call", ["Tag.Set_Value (N);", "Seen := Tag.Value;"])
def test_an_operation_on_the_running_task_is_refused(tmp_path, call):
    """Ada.Task_Attributes' task parameter defaults to Current_Task: run by the caller,
    the accept body would set the caller's attribute."""
    d = _rewrite(tmp_path, PUT_BODY=call)
    assert not d.rewritten and "asks for the running task's identity" in _reasons(d), \
        _reasons(d)


def test_input_or_files_after_the_loop_are_refused(tmp_path):
    """The caller that ends the loop went on while the task did its last work, and
    may be the one it waits for there (found by review: opening a named pipe's reading
    end, whose writer was that caller, hung)."""
    d = _rewrite(tmp_path, TAIL="declare F : File_Type; begin Open (F, In_File, "
                                "\"/dev/null\"); Close (F); end;")
    assert not d.rewritten and "after the server loop" in _reasons(d), _reasons(d)


def test_a_caller_s_stack_size_is_refused(tmp_path):
    """The server's code would run on Client's 64 KB stack (found by review: a 400 KB
    buffer after the last accept, Storage_Error in the caller, output lost)."""
    d = _rewrite(tmp_path, CLIENT_PRAGMA="pragma Storage_Size (64 * 1024);")
    assert not d.rewritten and "stack size set by the program" in _reasons(d), _reasons(d)


@pytest.mark.parametrize("scheme", ["caller-runs", "auto"])
def test_thread_local_storage_is_refused(tmp_path, scheme):
    """Each thread has its own copy: in an accept body run by the caller (caller-runs)
    or in an entry body (accepting scheme) the caller's copy would be read."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "store.ads").write_text("package Store is\n   Local : Integer := 0;\n"
                                   "   pragma Thread_Local_Storage (Local);\nend Store;\n")
    text = SERVER.replace("with Ada.Task_Attributes;", "with Ada.Task_Attributes; with Store;")
    text = text.replace("PUT_BODY", "Store.Local := N;").replace("AFTER", "null;") \
        .replace("TAIL", "null;")
    (src / "main.adb").write_text(text.replace("CLIENT_PRAGMA", "").lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    d = out.decisions["Main.Srv"]
    assert not d.rewritten and "Thread_Local_Storage" in _reasons(d), _reasons(d)


def test_a_loop_flag_no_formal_hides_is_taken(tmp_path):
    """Stop's formal is Quit: the test 'not Going' reads the task's flag."""
    _rewrite(tmp_path, run=True)


def test_a_loop_flag_named_like_a_formal_is_refused(tmp_path):
    """The procedure Stop evaluates the loop's test 'not Going'; with Stop's formal
    named Going, it would read the formal (found by review: the server went on)."""
    src = tmp_path / "src"
    src.mkdir()
    text = SERVER.replace("Quit", "Going").replace("PUT_BODY", "null;") \
        .replace("AFTER", "null;").replace("CLIENT_PRAGMA", "").replace("TAIL", "null;")
    (src / "main.adb").write_text(text.lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    d = out.decisions["Main.Srv"]
    assert not d.rewritten and "Going: names like a formal of Stop" in _reasons(d), \
        _reasons(d)

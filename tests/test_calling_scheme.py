"""The calling-server scheme on small variations of one program.

Each variation changes one thing about a distributor and its workers; the
test checks that the scheme refuses it with the reason, or translates it the
way it must (identity kept where arrival order would show, Abandon where an
accept body may raise), and that a translated program prints the same.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Total : Integer := 0;
   pragma Atomic (Total);
   protected Sums is
      procedure Add (X : Integer);
      function Get return Integer;
   private
      S : Integer := 0;
   end Sums;
   protected body Sums is
      procedure Add (X : Integer) is
      begin
         S := S + X;
      end Add;
      function Get return Integer is (S);
   end Sums;
   procedure Note is null;
   task type Worker is
      entry Start (V : ENTRY_MODE Integer);
      EXTRA_ENTRY
   end Worker;
   Pool : array (1 .. 4) of Worker;
   SERVER_DECL
   task body Worker is
      Mine : LOCAL_TYPE := 1;
   begin
      accept Start (V : ENTRY_MODE Integer) do
         ACCEPT_BODY
      end Start;
      Sums.Add (Mine * Mine);
      EXTRA_ACCEPT
   end Worker;
   task body Setup is
   begin
      for I in Pool'Range loop
         CALL
      end loop;
   HANDLER
   end Setup;
begin
   MAIN_STMTS
   delay 0.1;
end Main;
"""

BASE = {"ENTRY_MODE": "in", "EXTRA_ENTRY": "", "SERVER_DECL": "task Setup;",
        "LOCAL_TYPE": "Integer", "ACCEPT_BODY": "Mine := V;", "EXTRA_ACCEPT": "",
        "CALL": "Pool (I).Start (I * 10);", "HANDLER": "", "MAIN_STMTS": "null;"}


def write(tmp_path: Path, **changes) -> Path:
    text = PROGRAM
    for key, value in {**BASE, **changes}.items():
        text = text.replace(key, value)
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(text)
    return src


def rewrite_src(src: Path):
    return rewrite.run(Options(paths=(str(src),)))


def refusal(out) -> str:
    """The calling server's refusal.  Its one-shot workers, once it stays a task, are
    the caller-runs scheme's to take or refuse beside it."""
    workers = {name for name, d in out.decisions.items() if d.scheme == "caller-runs-server"}
    msgs = [d.message for d in out.diagnostics if d.severity == "warning"
            and not any(d.message.startswith(f"task {w.split('.')[-1]} ") for w in workers)]
    if not any(d.rewritten for d in out.decisions.values()):
        assert not out.changes, "a refused task must change no file"
    assert len(msgs) == 1, msgs
    return msgs[0]


REFUSALS = {
    "out_parameter": ({"ENTRY_MODE": "in out", "ACCEPT_BODY": "Mine := V; V := 0;",
                       "CALL": "declare X : Integer := I; begin Pool (I).Start (X); end;"},
                      "parameter V of Start is in out: the worker sends data back"),
    "call_in_block": ({"CALL": "declare X : Integer := I; begin Pool (I).Start (X); end;"},
                      "an entry call inside a block"),
    "accept_calls": ({"ACCEPT_BODY": "Mine := V; Note;"},
                     "Worker's accept body (the worker's) does more than store"),
    # realcode7 (ase c19 config): the refusal is at a line of the worker's body
    "accept_prints": ({"ACCEPT_BODY": "Put_Line (\"got\");"},
                      "Worker's accept body (the worker's) does more than store"),
    "accept_writes_global": ({"ACCEPT_BODY": "Total := V;"},
                             "Worker's accept body (the worker's) assigns Total, which is "
                             "not a variable of the worker"),
    "call_in_handler": ({"HANDLER": "exception when others => Pool (1).Start (0);"},
                        "an entry call in Setup's exception handler"),
    "io_in_handler": ({"HANDLER": "exception when others => Put_Line (\"lost\");"},
                      "Ada.Text_IO.Put_Line: would run inside a protected action"),
    "conditional_call": ({"CALL": "select Pool (I).Start (I); else null; end select;"},
                         "conditional entry call"),
    "delay_between": ({"CALL": "Pool (I).Start (I); delay 0.001;"}, "delay"),
    "called_elsewhere": ({"MAIN_STMTS": "null;", "EXTRA_ENTRY": "",
                          "CALL": "Pool (I).Start (I);",
                          "SERVER_DECL": "task Setup;\n   task Other;\n   task body Other is "
                                         "begin Pool (1).Start (0); end Other;",
                          "EXTRA_ACCEPT": ""},
                         "is also called at"),
    # it crashed: both overloads' accepts were taken for each call (overlapping edits)
    "overloaded_entry": ({"EXTRA_ENTRY": "entry Start (V, W : Integer);",
                          "EXTRA_ACCEPT": "accept Start (V, W : Integer) do Mine := V + W; "
                                          "end Start;",
                          "CALL": "Pool (I).Start (I * 10); Pool (I).Start (I, 1);"},
                         "Worker.Start is overloaded"),
}


@pytest.mark.parametrize("name", sorted(REFUSALS))
def test_refusals_name_the_reason(name, tmp_path):
    changes, reason = REFUSALS[name]
    out = rewrite_src(write(tmp_path, **changes))
    msg = refusal(out) if name != "called_elsewhere" else next(
        d.message for d in out.diagnostics if "Setup" in d.message)
    assert msg.startswith("task Setup not rewritten") or "Setup" in msg, msg
    assert reason in msg, msg


def _server_type(tmp_path: Path, decl: str, **changes) -> Path:
    src = write(tmp_path, SERVER_DECL=decl, **changes)
    text = (src / "main.adb").read_text().replace("task body Setup is", "task body Setup_Type is")
    (src / "main.adb").write_text(text.replace("end Setup;", "end Setup_Type;"))
    return src


def test_task_type_server_with_one_object_becomes_a_protected_type(tmp_path):
    src = _server_type(tmp_path, "task type Setup_Type;\n   Setup : Setup_Type;",
                       EXTRA_ENTRY="entry Report (X : out Integer);",
                       EXTRA_ACCEPT="accept Report (X : out Integer) do X := Mine; end Report;",
                       MAIN_STMTS="for I in Pool'Range loop declare X : Integer; begin "
                                  "Pool (I).Report (X); Put_Line (Integer'Image (X)); end; "
                                  "end loop;")
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    path, (_old, new) = next(iter(out.changes.items()))
    text = new.decode()
    assert "protected type Setup_Type is" in text and "Setup : Setup_Type;" in text
    assert "Setup.Start (V);" in text
    path.write_bytes(new)
    after = run_program(src, "main", "")
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == before.stdout == "".join(f" {i * 10}\n" for i in range(1, 5))


TYPE_REFUSALS = {
    "array": ("task type Setup_Type;\n   Setups : array (1 .. 1) of Setup_Type;",
              "an array or record of it"),
    "allocator": ("task type Setup_Type;\n   type Ref is access Setup_Type;\n"
                  "   Setup : Ref := new Setup_Type;", "an access type to it"),
    "two_objects": ("task type Setup_Type;\n   Setup, Other : Setup_Type;",
                    "an object declaration the scheme cannot keep"),
    "abort": ("task type Setup_Type;\n   Setup : Setup_Type;\n"
              "   procedure Stop is begin abort Setup; end Stop;", "cannot be aborted"),
}


@pytest.mark.parametrize("name", sorted(TYPE_REFUSALS))
def test_task_type_server_refusals(name, tmp_path):
    decl, reason = TYPE_REFUSALS[name]
    msg = refusal(rewrite_src(_server_type(tmp_path, decl)))
    assert msg.startswith("task Setup_Type not rewritten") and reason in msg, msg


def test_task_type_server_object_declared_after_the_workers(tmp_path):
    src = _server_type(tmp_path, "task type Setup_Type;")
    main = src / "main.adb"
    main.write_text(main.read_text().replace("begin\n   null;\n   delay 0.1;",
                                             "   Setup : Setup_Type;\nbegin\n   null;\n"
                                             "   delay 0.1;"))
    msg = refusal(rewrite_src(src))
    assert "body cannot name Setup, the object of Setup_Type" in msg, msg


def test_worker_body_in_another_unit_is_refused(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "crew.ads").write_text("package Crew is\n   task type Worker is\n"
                                  "      entry Start (V : Integer);\n   end Worker;\n"
                                  "   Got : Integer := 0;\n   pragma Atomic (Got);\nend Crew;\n")
    (src / "crew.adb").write_text("package body Crew is\n   task body Worker is\n"
                                  "      Mine : Integer;\n   begin\n"
                                  "      accept Start (V : Integer) do\n         Mine := V;\n"
                                  "      end Start;\n      Got := Mine;\n   end Worker;\n"
                                  "end Crew;\n")
    (src / "main.adb").write_text("with Crew;\nprocedure Main is\n"
                                  "   Pool : array (1 .. 2) of Crew.Worker;\n   task Setup;\n"
                                  "   task body Setup is\n   begin\n"
                                  "      for I in Pool'Range loop\n         Pool (I).Start (I);\n"
                                  "      end loop;\n   end Setup;\nbegin\n   null;\nend Main;\n")
    msg = refusal(rewrite_src(src))
    assert "crew.adb" in msg and "cannot be named" in msg, msg


def test_arrival_order_where_nothing_can_tell(tmp_path):
    src = write(tmp_path, MAIN_STMTS="null;")
    out = rewrite_src(src)
    new = next(iter(out.changes.values()))[1].decode()
    assert "Is_Target" not in new and "protected Setup is" in new
    assert "Setup.Start (V);" in new


def test_identity_kept_where_workers_are_addressed_by_index(tmp_path):
    src = write(tmp_path, EXTRA_ENTRY="entry Report (X : out Integer);",
                EXTRA_ACCEPT="accept Report (X : out Integer) do X := Mine; end Report;",
                MAIN_STMTS="for I in Pool'Range loop declare X : Integer; begin "
                           "Pool (I).Report (X); Put_Line (Integer'Image (X)); end; end loop;")
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    path, (_old, new) = next(iter(out.changes.items()))
    assert "Is_Target (Start'Caller)" in new.decode()
    path.write_bytes(new)
    after = run_program(src, "main", "")
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == before.stdout == "".join(f" {i * 10}\n" for i in range(1, 5))


@pytest.mark.parametrize("rng", ["1 .. 4", "Index", "Index range 1 .. 4", "reverse Index",
                                 "Pool'Range"])
def test_loop_ranges(rng, tmp_path):
    """A for loop's range as bounds, a subtype mark (with or without a constraint), an
    attribute: each becomes the object's state (a subtype mark crashed the scheme)."""
    src = write(tmp_path, SERVER_DECL="subtype Index is Integer range 1 .. 4;\n   task Setup;",
                EXTRA_ENTRY="entry Report (X : out Integer);",
                EXTRA_ACCEPT="accept Report (X : out Integer) do X := Mine; end Report;",
                MAIN_STMTS="for I in Pool'Range loop declare X : Integer; begin "
                           "Pool (I).Report (X); Put_Line (Integer'Image (X)); end; end loop;")
    main = src / "main.adb"
    main.write_text(main.read_text().replace("for I in Pool'Range loop\n         Pool (I)",
                                             f"for I in {rng} loop\n         Pool (I)"))
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    assert not [d for d in out.diagnostics if d.severity == "warning"], out.diagnostics
    path, (_old, new) = next(iter(out.changes.items()))
    path.write_bytes(new)
    after = run_program(src, "main", "")
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == before.stdout == "".join(f" {i * 10}\n" for i in range(1, 5))


def test_accept_body_that_may_raise_abandons_the_object(tmp_path):
    src = write(tmp_path, LOCAL_TYPE="Positive")
    out = rewrite_src(src)
    path, (_old, new) = next(iter(out.changes.items()))
    text = new.decode()
    assert "procedure Abandon;" in text and "Setup.Abandon;" in text
    path.write_bytes(new)
    assert run_program(src, "main", "").returncode == 0


def test_a_scheme_bug_refuses_the_task_instead_of_crashing(tmp_path, monkeypatch):
    from rdv2po.schemes.calling import scheme as calling

    def broken(*_args, **_kw):
        raise KeyError("boom")

    monkeypatch.setattr(calling, "translate", broken)
    out = rewrite_src(write(tmp_path))
    msg = refusal(out)
    assert "internal error in rdv2po (KeyError" in msg and "left alone" in msg


RAISES_AFTER_LAST_CALL = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Seen : Integer := 0;
   pragma Atomic (Seen);
   procedure Run is
      task W1 is
         entry Start (V : Integer);
      end W1;
      task Setup;
      task body W1 is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Put_Line ("W1 got" & Integer'Image (Mine));
      end W1;
      task body Setup is
         Zero : Integer := 0;
         X : Integer := 1;
      begin
         W1.Start (10);
         X := X / Zero;
      HANDLER
      end Setup;
   begin
      null;
   end Run;
begin
   Run;
   Put_Line (Integer'Image (Seen));
end Main;
"""


@pytest.mark.parametrize("handler", ["", "exception when Constraint_Error => Seen := 1;",
                                     "exception when Program_Error => Seen := 2;",
                                     "exception when others => Seen := 3; raise;"])
def test_exception_after_a_call_ends_only_the_server(handler, tmp_path):
    """The worker had its message before the server raised: it goes on (the scheme
    used to keep it waiting for ever), and the server's handler, if any, runs where
    the server ran it; what the handler lets through ends the server silently."""
    src = tmp_path / "src"
    src.mkdir()
    program = RAISES_AFTER_LAST_CALL.replace("HANDLER", handler)
    (src / "main.adb").write_text(program)
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    assert not [d for d in out.diagnostics if d.severity == "warning"], out.diagnostics
    path, (_old, new) = next(iter(out.changes.items()))
    text = new.decode()
    assert ("Recover (Error);" in text) == bool(handler)
    path.write_bytes(new)
    after = run_program(src, "main", "")
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == before.stdout
    assert after.stdout.startswith("W1 got 10")


MIXED = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Got : Integer := 0;
   pragma Atomic (Got);
   procedure Run is
      task W1 is
         entry Start (V : Integer);
      end W1;
      task Boss is
         entry Finish (X : Integer);
      end Boss;
      task body W1 is
         Mine : Integer;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Got := Mine;
      end W1;
      task body Boss is
         R : Integer := 0;
      begin
         W1.Start (10);
         accept Finish (X : Integer) do
            ACCEPT_BODY
         end Finish;
      end Boss;
   begin
      for Divisor in reverse 0 .. 1 loop
         begin
            Boss.Finish (Divisor);
            Put_Line ("Finish" & Integer'Image (Divisor) & " accepted");
         exception
            when Constraint_Error => Put_Line ("Finish: Constraint_Error");
            when Tasking_Error => Put_Line ("Finish: Tasking_Error");
         end;
      end loop;
   end Run;
begin
   Run;
   Put_Line ("W1 got" & Integer'Image (Got));
end Main;
"""


def write_mixed(tmp_path: Path, accept_body: str) -> Path:
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(MIXED.replace("ACCEPT_BODY", accept_body))
    return src


@pytest.mark.parametrize("accept_body", ["R := 100 / X;", "R := X;"])
@pytest.mark.parametrize("indicator", ["", "not overriding "])
def test_mixed_task_accept_body_raising_reaches_caller_and_ends_server(accept_body, indicator,
                                                                        tmp_path):
    """Boss's own entry Finish becomes an entry of the object.  Main calls Finish (0),
    then Finish (1).  Dividing by zero in the accept body reaches main *and* ends Boss,
    so the second call raises Tasking_Error; without the division the first call is
    accepted, Boss ends after it, and the second call raises Tasking_Error too."""
    src = write_mixed(tmp_path, accept_body)
    main = src / "main.adb"
    main.write_text(main.read_text().replace("reverse 0 .. 1", "0 .. 1")
                    .replace("entry Finish (X", f"{indicator}entry Finish (X"))
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    assert not [d for d in out.diagnostics if d.severity == "warning"], out.diagnostics
    path, (_old, new) = next(iter(out.changes.items()))
    assert "raise Tasking_Error;" in new.decode()
    assert ("raise;  --  the caller saw it too" in new.decode()) == ("/" in accept_body)
    path.write_bytes(new)
    after = run_program(src, "main", "")
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == before.stdout
    first = "Constraint_Error" if "/" in accept_body else "0 accepted"
    assert f"Finish: {first}" in after.stdout or f"Finish {first}" in after.stdout
    assert "Finish: Tasking_Error" in after.stdout


MIXED_REFUSALS = {
    "count": ("R := Finish'Count;", "'Count in Boss, which also accepts entries"),
}


def test_mixed_task_accept_body_returning_early(tmp_path):
    """A return in Finish's accept body ends the rendezvous only: Boss goes on after the
    accept, and so does the object's entry, past the accept body's code (issue 35)."""
    src = write_mixed(tmp_path, "if X = 0 then\n               R := -1;\n"
                                "               return;\n            end if;\n"
                                "            R := X;")
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    assert not [d for d in out.diagnostics if d.severity == "warning"], out.diagnostics
    path, (_old, new) = next(iter(out.changes.items()))
    assert "goto Accepted;" in new.decode() and "<<Accepted>>" in new.decode()
    path.write_bytes(new)
    for config in ("", "pragma Detect_Blocking;\n"):
        after = run_program(src, "main", config)
        assert (after.returncode, after.stdout) == (before.returncode, before.stdout)


@pytest.mark.parametrize("name", sorted(MIXED_REFUSALS))
def test_mixed_task_refusals(name, tmp_path):
    """Boss alone: with it refused, its one-shot worker W1 is the caller-runs scheme's,
    and the next pass would judge Boss again as W1's caller."""
    body, reason = MIXED_REFUSALS[name]
    out = rewrite.run(Options(paths=(str(write_mixed(tmp_path, body)),)), select=("Boss",))
    msg = refusal(out)
    assert msg.startswith("task Boss not rewritten") and reason in msg, msg


def test_calling_server_handing_work_to_a_mixed_task(tmp_path):
    """Chief hands work to Boss through Finish, accepted once: Chief's translation turns
    that accept into a call, so Boss stays a task (both rewrites would touch it)."""
    src = write_mixed(tmp_path, "R := X;")
    main = src / "main.adb"
    text = main.read_text().replace("      task body W1 is", "      task Chief;\n"
                                    "      task body Chief is\n      begin\n"
                                    "         Boss.Finish (3);\n      end Chief;\n"
                                    "      task body W1 is")
    main.write_text(text.replace("for Divisor in reverse 0 .. 1 loop", "for Divisor in 1 .. 0 loop"))
    before = run_program(src, "main", "")
    out = rewrite.run(Options(paths=(str(src),)), select=("Boss", "Chief"))
    warnings = [d.message for d in out.diagnostics if d.severity == "warning"]
    assert any(w.startswith("task Boss not rewritten") and "Chief, a calling server too" in w
               for w in warnings), warnings
    for path, (_old, new) in out.changes.items():
        path.write_bytes(new)
    after = run_program(src, "main", "")
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == before.stdout


ACCEPT_RAISES = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Log : Integer := 0;
   pragma Atomic (Log);
   procedure Run is
      task W1 is
         entry Start (V : Integer);
      end W1;
      task Setup;
      task body W1 is
         Mine : Positive;
      begin
         accept Start (V : Integer) do
            Mine := V;
         end Start;
         Put_Line ("W1 got" & Integer'Image (Mine));
      exception
         when Constraint_Error => Put_Line ("W1: Constraint_Error");
      end W1;
      task body Setup is
      begin
         W1.Start (VALUE);
         Log := Log + 1;
      HANDLER
      end Setup;
   begin
      null;
   end Run;
begin
   Run;
   Put_Line ("Log" & Integer'Image (Log));
end Main;
"""


@pytest.mark.parametrize("value", ["0", "5"])
@pytest.mark.parametrize("handler", ["", "exception when Constraint_Error => Log := 10;"])
def test_worker_accept_body_that_raises_stops_the_server_before_it_goes_on(value, handler,
                                                                           tmp_path):
    """Mine : Positive := V raises in W1's accept body for V = 0: in the original Setup
    received the exception at its call and never ran Log := Log + 1 (the object used to
    run it before the worker's accept body); its handler, if any, sees the exception."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(ACCEPT_RAISES.replace("VALUE", value)
                                  .replace("HANDLER", handler))
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    assert not [d for d in out.diagnostics if d.severity == "warning"], out.diagnostics
    path, (_old, new) = next(iter(out.changes.items()))
    assert "Setup.Resume;" in new.decode()
    path.write_bytes(new)
    after = run_program(src, "main", "")
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == before.stdout
    want = {("0", ""): "Log 0", ("5", ""): "Log 1", ("0", "x"): "Log 10", ("5", "x"): "Log 1"}
    assert want[(value, "x" if handler else "")] in after.stdout


@pytest.mark.parametrize("pool", ["type Id is range 1 .. 4;\n   Pool : array (Id) of Worker;",
                                  "type Id is range 1 .. 4;\n   type Crew is array (Id range <>) "
                                  "of Worker;\n   Pool : Crew (1 .. 4);"])
def test_loop_over_the_range_of_an_array_with_an_index_type(pool, tmp_path):
    """GNAT names the type of I in 'for I in Pool'Range' only by its representation
    (short_short_integer); the component is of Pool's index type, read from Pool's
    declaration or its array type's (the scheme refused such a loop before)."""
    src = write(tmp_path, EXTRA_ENTRY="entry Report (X : out Integer);",
                EXTRA_ACCEPT="accept Report (X : out Integer) do X := Mine; end Report;",
                CALL="Pool (I).Start (Integer (I) * 10);",
                MAIN_STMTS="for I in Pool'Range loop declare X : Integer; begin "
                           "Pool (I).Report (X); Put_Line (Integer'Image (X)); end; end loop;")
    main = src / "main.adb"
    main.write_text(main.read_text().replace("Pool : array (1 .. 4) of Worker;", pool))
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    assert not [d for d in out.diagnostics if d.severity == "warning"], out.diagnostics
    path, (_old, new) = next(iter(out.changes.items()))
    assert "I, I_Bound : Id'Base;" in new.decode()
    path.write_bytes(new)
    after = run_program(src, "main", "")
    assert before.returncode == after.returncode == 0, after.stderr
    assert after.stdout == before.stdout == "".join(f" {i * 10}\n" for i in range(1, 5))


def test_a_calling_server_implementing_an_interface_is_refused(tmp_path):
    src = write(tmp_path, SERVER_DECL="type Iface is synchronized interface;\n"
                                      "   task Setup is new Iface with\n   end Setup;")
    msg = refusal(rewrite_src(src))
    assert "a task implementing interfaces" in msg, msg


def test_a_worker_entry_with_an_overriding_indicator(tmp_path):
    # 'not overriding entry Start' was read as an entry named "not overriding": an
    # internal error instead of a translation
    text = PROGRAM
    for key, value in BASE.items():
        text = text.replace(key, value)
    text = text.replace("      entry Start (V", "      not overriding entry Start (V")
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(text)
    before = run_program(src, "main", "")
    out = rewrite_src(src)
    path, (_old, new) = next(iter(out.changes.items()))
    assert "protected Setup is" in new.decode()
    path.write_bytes(new)
    assert run_program(src, "main", "").stdout == before.stdout


MUTUAL = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Left is
      entry Pass (N : Integer);
   end Left;

   task Right is
      entry Pass (N : Integer);
   end Right;

   task body Left is
      Held : Integer := 0;
   begin
      accept Pass (N : Integer) do
         Held := N;
      end Pass;
      Put_Line ("left" & Held'Image);
      Right.Pass (Held * 10);
   end Left;

   task body Right is
      Held : Integer := 0;
   begin
      Left.Pass (7);
      accept Pass (N : Integer) do
         Held := N;
      end Pass;
      Put_Line ("right" & Held'Image);
   end Right;
begin
   null;
end Main;
"""


def test_two_calling_servers_calling_each_other_say_neither_is_translated(tmp_path):
    """realcode4 mutual-calling-server-reason: each is refused because the other calls
    its entry; the reason says so as a condition ('translating X would'), and that
    the two keep each other tasks -- not that the other's translation happens."""
    (tmp_path / "main.adb").write_text(MUTUAL)
    out = rewrite.run(Options(paths=(str(tmp_path),)))
    warnings = [d.message for d in out.diagnostics if d.severity == "warning"]
    for me, other in (("Left", "Right"), ("Right", "Left")):
        mine = [w for w in warnings if w.startswith(f"task {me} not rewritten")]
        assert mine, warnings
        assert f"translating {other} would turn {me}'s accept into a call" in mine[0]
        assert f"{me} calls {other}'s entries too" in mine[0]
        assert "neither of the two is translated" in mine[0]
    assert out.rewritten == []

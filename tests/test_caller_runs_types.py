"""The caller-runs scheme on task types and on accepts before the server loop
(docs/caller-runs-scheme.md, "Task types" and "Accepts before the loop").

The corpus (caller_runs_types, caller_runs_types_refused) runs the translations
against the originals, plain and with pragma Detect_Blocking; these tests check
what it cannot show: the caller-runs scheme's own reasons (the server selection
reports the accepting scheme's), the generated declarations, objects reached
from other units, and the refusals that keep the master's wait.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
DB = "pragma Detect_Blocking;\n"


def _copy(tmp_path: Path, case: str) -> Path:
    shutil.copytree(CORPUS / case / "src", tmp_path / "src")
    return tmp_path


def _run(root: Path, scheme: str = "auto"):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def _sources(tmp_path: Path, files: dict[str, str]) -> Path:
    (tmp_path / "src").mkdir(parents=True)
    for name, body in files.items():
        (tmp_path / "src" / name).write_text(body.lstrip())
    return tmp_path


def _decision(out, task: str):
    return next(d for name, d in out.decisions.items() if name.endswith("." + task))


def _reasons(out, task: str) -> list[str]:
    d = _decision(out, task)
    assert not d.rewritten
    return [f"{o.loc.line}: {o.construct}: {o.reason}" for o in d.obstacles or (d,)]


def _new(out) -> str:
    return "\n".join(new.decode() for _old, new in out.changes.values())


def test_task_types_become_types_whose_objects_hold_their_turn(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_types"))
    for task in ("Sender", "Tally", "Gate"):
        d = _decision(out, task)
        assert d.scheme == "caller-runs-server" and d.rewritten, (task, d.reason)
    new = _new(out)
    # the type keeps its name and discriminant; each entry a procedure taking the object
    assert "package Sender_Objects is\n      type Sender (Line : Positive) is tagged limited " \
           "private;\n      procedure Start (Self : Sender; Name : String);" in new
    assert "   subtype Sender is Sender_Objects.Sender;" in new
    # calls keep their text: prefixed notation, through arrays and access values
    for call in ('One.Send ("at");', "Pool (I).Start (", 'Far.Start ("serial");',
                 "S.Count (N);", "T.Add (10);", 'Far.Try_Send ("timed", Within => 5.0'):
        assert call in new, call
    # the task's variables are the components, renamed where the procedures name them
    assert "         Tag : String (1 .. 4) := \"????\";\n         Sent : Natural := 0;\n" \
           "      end record;" in new
    assert "Sent : Natural renames Self.This.Sent;" in new
    assert "Line : Positive renames Self.Line;" in new


def test_only_a_type_that_can_wait_without_terminate_is_awaited(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_types"))
    new = _new(out)
    # Sender waits at accept Start (no terminate there): its finalization waits
    assert "type Sender (Line : Positive) is new Ada.Finalization.Limited_Controlled " \
           "with record" in new
    assert "entry Await_End when Over or else (not Busy and then Stage = 2) is" in new
    assert "\nwith Ada.Finalization;\nwith Ada.Text_IO;" in new
    # Tally can always terminate: a plain limited record, nothing waits for it
    assert "type Tally is tagged limited record" in new
    tally = new[new.index("package body Tally_Objects"):new.index("end Tally_Objects;")]
    assert "Finalize" not in tally and "Await_End" not in tally


def test_each_object_runs_the_start_up_code_when_it_is_made(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_types"))
    new = _new(out)
    at = new.index("   package body Greeter_Objects is")
    greeter = new[at:new.index("   end Greeter_Objects;", at)]
    assert "overriding procedure Initialize (Self : in out Greeter) is\n" \
           "         Turn : Greeter_Turn renames Self.This.Turn;\n" \
           "         Mine : Positive renames Self.This.Mine;\n      begin\n" \
           "         Put_Line (\"greeter\" & Positive'Image (Mine) & \" up\");" in greeter
    # a discriminant's value is the component's default; the type is not awaited
    assert "         Mine : Positive := Id;\n" in new and "Finalize" not in greeter


def test_an_accept_before_the_loop_is_a_stage_of_the_turn(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_types"))
    new = _new(out)
    at = new.index("   package body Gate is")
    gate = new[at:new.index("   end Gate;\n", at)]
    assert "Stage : Positive := 1;   -- 1 at accept Open, 2 at the server loop" in gate
    assert "entry Open when Over or else (not Busy and then Stage = 1) is" in gate
    assert "            Busy := True;\n            Stage := 2;\n         end Open;" in gate
    assert "entry Pass when Over or else (not Busy and then Stage = 2) is" in gate
    # Open's caller runs what the task did after that accept, before the loop
    assert 'Put_Line ("gate open with" & Integer\'Image (Key));' in \
        gate[gate.index("procedure Open"):gate.index("end Open;\n\n      procedure Pass")]


def test_each_obstacle_of_a_task_type_is_named(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_types_refused"), "caller-runs")
    [warmup] = _reasons(out, "Warmup")
    assert warmup.startswith("23: Heat : Integer := Ident (2);: an initial value of a task "
                             "type's variable computed when the task is activated"), warmup
    [herald] = _reasons(out, "Herald")
    assert herald.startswith("104: Crier : Herald;: an object of the task type made before "
                             "the task body is elaborated"), herald
    [keeper] = _reasons(out, "Keeper")
    assert keeper.startswith("151: Limit : constant Integer := Ident (3);: Ident is evaluated "
                             "there, after an object of the task type"), keeper
    [holder] = _reasons(out, "Holder")
    assert holder.startswith("79: H : Holder;: a component Weight : Integer := Ident (1); "
                             "whose default rdv2po does not show cannot raise"), holder
    [pinned] = _reasons(out, "Pinned")
    assert pinned.startswith("164: Same : Pinned renames P;: an aliased object of the task "
                             "type renamed"), pinned
    [scribe] = _reasons(out, "Scribe")
    assert scribe.startswith("128: Lines: a subprogram of the task type's body naming its "
                             "variable"), scribe
    assert not out.changes


DATA = """
procedure Main is
   task type Cell is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end Cell;
   task body Cell is
      X : Integer := 0;
   begin
      loop
         select
            accept Put (V : Integer) do
               X := V;
            end Put;
         or
            accept Get (V : out Integer) do
               V := X;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Cell;
   C : Cell;
   N : Integer;
begin
   C.Put (1);
   C.Get (N);
end Main;
"""


def test_a_type_the_accepting_scheme_takes_stays_with_it(tmp_path):
    out = _run(_sources(tmp_path, {"main.adb": DATA}))
    d = _decision(out, "Cell")
    assert d.scheme == "accepting-server" and d.rewritten


KEYS_SPEC = """
package Keys is
   task type Sender (Line : Positive) is
      entry Start (Name : String);
      entry Key (C : Character);
      entry Stop;
   end Sender;
   type Sender_Access is access Sender;
end Keys;
"""

KEYS_BODY = """
with Ada.Text_IO; use Ada.Text_IO;
package body Keys is
   task body Sender is
      Tag : String (1 .. 3) := "???";
      Keys_Sent : Natural := 0;
   begin
      accept Start (Name : String) do
         Tag := Name (Name'First .. Name'First + 2);
      end Start;
      loop
         select
            accept Key (C : Character) do
               Put_Line (Tag & Positive'Image (Line) & ": " & C);
            end Key;
            Keys_Sent := Keys_Sent + 1;
         or
            accept Stop do
               Put_Line (Tag & " sent" & Natural'Image (Keys_Sent));
            end Stop;
            exit;
         end select;
      end loop;
   end Sender;
end Keys;
"""

KEYS_MAIN = """
with Ada.Text_IO; use Ada.Text_IO;
with Keys; use Keys;
procedure Main is
   procedure Type_In (S : Sender; Text : String) is
   begin
      for C of Text loop
         S.Key (C);
      end loop;
   end Type_In;
   Serial : Sender_Access := new Sender (1);
   Socket : Sender (2);
begin
   Serial.Start ("serial");
   Socket.Start ("socket");
   Type_In (Serial.all, "ab");
   Type_In (Socket, "cd");
   Serial.Stop;
   Socket.Stop;
   begin
      Socket.Key ('x');
   exception
      when Tasking_Error => Put_Line ("stopped: Tasking_Error");
   end;
   Put_Line ("PASSED");
end Main;
"""


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
def test_a_task_type_of_a_package_is_taken_with_its_clients(tmp_path, config):
    root = _sources(tmp_path, {"keys.ads": KEYS_SPEC, "keys.adb": KEYS_BODY,
                               "main.adb": KEYS_MAIN})
    want = run_program(root / "src", "main", config).stdout
    assert want.endswith("soc sent 2\nstopped: Tasking_Error\nPASSED\n"), want
    out = _run(root, "caller-runs")
    assert _decision(out, "Sender").rewritten
    rewrite.write(out)
    spec = (root / "src" / "keys.ads").read_text()
    # the protocol is private: clients see the type and the procedures
    assert "      type Sender (Line : Positive) is tagged limited private;\n" in spec
    assert spec.index("private\n") < spec.index("protected type Sender_Turn")
    assert (root / "src" / "main.adb").read_text() == KEYS_MAIN.lstrip()
    assert run_program(root / "src", "main", config).stdout == want


REFUSED = """
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Unchecked_Deallocation;
procedure Main is
   task type Echo is
      entry Start;
      entry Put (S : String);
   end Echo;
   type Echo_Access is access Echo;
   procedure Free is new Ada.Unchecked_Deallocation (Echo, Echo_Access);
   task body Echo is
   begin
      accept Start;
      loop
         select
            accept Put (S : String) do
               Put_Line (S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Echo;
   package Holder is
      Kept : Echo;
      procedure Touch;
   end Holder;
   package body Holder is
      procedure Touch is null;
   end Holder;
   P : Echo_Access := new Echo;
begin
   Holder.Kept.Start;
   P.Start;
   P.Put ("x");
   Free (P);
end Main;
"""


def test_freeing_objects_and_objects_of_a_package_declaration_are_refused(tmp_path):
    out = _run(_sources(tmp_path, {"main.adb": REFUSED}), "caller-runs")
    reasons = _reasons(out, "Echo")
    assert any(r.startswith("9: procedure Free is new Ada...: frees objects of "
                            "the task type") for r in reasons), reasons
    # activated when Holder's body begins, after what rdv2po does not follow
    assert any(r.startswith("24: Kept : Echo;: an object of the task type in the declaration "
                            "of a package with a body") for r in reasons), reasons
    assert not out.changes


def test_without_an_accept_before_the_loop_the_same_objects_are_taken(tmp_path):
    # Echo can then always terminate: nothing waits for its objects, wherever declared
    text = REFUSED.replace("      entry Start;\n", "").replace("      accept Start;\n", "") \
        .replace("   Holder.Kept.Start;\n   P.Start;\n", "   Holder.Kept.Put (\"k\");\n") \
        .replace("   procedure Free is new Ada.Unchecked_Deallocation (Echo, Echo_Access);\n",
                 "").replace("   Free (P);\n", "")
    root = _sources(tmp_path, {"main.adb": text})
    want = run_program(root / "src", "main").stdout
    out = _run(root, "caller-runs")
    assert _decision(out, "Echo").rewritten
    rewrite.write(out)
    assert run_program(root / "src", "main", DB).stdout == want == "k\nx\n"


LATE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Counter is
      entry Add (N : Integer);
   end Counter;
   type Small is range 0 .. 100;
   task body Counter is
      Total : Small := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Total := Total + Small (N);
               Put_Line (Small'Image (Total));
            end Add;
         or
            terminate;
         end select;
      end loop;
   end Counter;
   C : Counter;
begin
   C.Add (1);
end Main;
"""


def test_a_variable_of_a_type_declared_after_the_task_type_is_refused(tmp_path):
    out = _run(_sources(tmp_path, {"main.adb": LATE}), "caller-runs")
    [reason] = _reasons(out, "Counter")
    assert reason.startswith("8: Small: declared after the task type"), reason
    moved = LATE.replace("   type Small is range 0 .. 100;\n", "") \
        .replace("procedure Main is\n", "procedure Main is\n   type Small is range 0 .. 100;\n")
    out = _run(_sources(tmp_path / "moved", {"main.adb": moved}), "caller-runs")
    assert _decision(out, "Counter").rewritten


STAGES = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Start;
      entry Put (S : String);
   end Server;
   task body Server is
   begin
      accept Start;
      select
         accept Put (S : String) do
            Put_Line (S);
         end Put;
      or
         delay 0.1;
      end select;
      loop
         select
            accept Start;
         or
            accept Put (S : String) do
               Put_Line (S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Start;
end Main;
"""


def test_a_select_before_the_loop_is_refused(tmp_path):
    out = _run(_sources(tmp_path, {"main.adb": STAGES}), "caller-runs")
    reasons = _reasons(out, "Server")
    assert any(r.startswith("10: select accept Put (S : String) do...: a select, or an "
                            "accept inside another statement, before the server loop")
               for r in reasons), reasons
    # Start, accepted before and in the loop, is no obstacle
    assert not any("Start" in r.split(":")[1] for r in reasons), reasons


QUIET = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Base : Integer := 1;
   task type Server is
      entry Start;
      entry Put (S : String);
   end Server;
   task body Server is
   begin
      accept Start;
      loop
         select
            accept Put (S : String) do
               Put_Line (S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Server;
   S : Server;
   Same : Integer renames Base;
   package Inner is
      Limit : constant Integer := 3;
      procedure Show;
   end Inner;
   package body Inner is
      procedure Show is
      begin
         Put_Line (Integer'Image (Limit + Same));
      end Show;
   end Inner;
begin
   S.Start;
   S.Put ("x");
   Inner.Show;
end Main;
"""


def test_declarations_that_cannot_raise_may_follow_an_awaited_object(tmp_path):
    root = _sources(tmp_path, {"main.adb": QUIET})
    out = _run(root, "caller-runs")
    assert _decision(out, "Server").rewritten
    # a package body with statements might raise: the object might never be activated
    busy = QUIET.replace("      end Show;\n   end Inner;", "      end Show;\n   begin\n"
                         "      Put_Line (\"inner\");\n   end Inner;")
    out = _run(_sources(tmp_path / "busy", {"main.adb": busy}), "caller-runs")
    [reason] = _reasons(out, "Server")
    assert reason.startswith("27: package body Inner is procedure Show...: a package body with "
                             "statements, after an object of the task type"), reason


CLERKS = QUIET.replace("   Same : Integer renames Base;\n", """   Same : Integer renames Base;
   subtype Small is Integer range 1 .. 3;
   task type Clerk (Id : Positive := Base) with Priority => Base is
      entry Serve (Small);
   end Clerk;
   task body Clerk is
   begin
      accept Serve (1) do
         S.Put ("clerk" & Positive'Image (Id));
      end Serve;
   end Clerk;
""")


def test_a_task_type_declared_after_an_awaited_object_cannot_raise(tmp_path):
    # its discriminant default and Priority are evaluated for each Clerk, not here
    clerks = CLERKS.replace("   S.Put (\"x\");\n", "   declare\n      C : Clerk;\n   begin\n"
                            "      C.Serve (1);\n   end;\n   S.Put (\"x\");\n")
    root = _sources(tmp_path, {"main.adb": clerks})
    want = run_program(root / "src", "main").stdout
    out = _run(root, "caller-runs")
    assert _decision(out, "Server").rewritten
    rewrite.write(out)
    assert run_program(root / "src", "main", DB).stdout == want == "clerk 1\nx\n 4\n"


def test_a_task_types_entry_family_bounds_are_evaluated_where_it_is_declared(tmp_path):
    bounded = CLERKS.replace("entry Serve (Small);", "entry Serve (Integer range 1 .. Base);")
    out = _run(_sources(tmp_path, {"main.adb": bounded}), "caller-runs")
    [reason] = _reasons(out, "Server")
    assert reason.startswith("24: task type Clerk (Id : Positive :=...: Base is evaluated "
                             "there, after an object of the task type"), reason


BOXES = {
    "record": "   type Box is record\n      Data : String (LOW .. 3) := (others => 'x');\n"
              "   end record;\n",
    "protected": "   protected type Box is\n      procedure Put;\n   private\n"
                 "      Data : String (LOW .. 3) := (others => 'x');\n   end Box;\n"
                 "   protected body Box is\n      procedure Put is\n      begin\n"
                 "         Data (1) := 'y';\n      end Put;\n   end Box;\n",
}


@pytest.mark.parametrize("kind", sorted(BOXES))
def test_a_components_constraint_after_an_awaited_object_is_evaluated_there(tmp_path, kind):
    # the components' constraints are elaborated with the type (RM 3.8(18)): with a
    # variable bound it may raise, and the object would never be activated
    def program(low: str) -> str:
        return QUIET.replace("   Same : Integer renames Base;\n", "   Same : Integer renames "
                             "Base;\n" + BOXES[kind].replace("LOW", low))
    out = _run(_sources(tmp_path / "static", {"main.adb": program("1")}), "caller-runs")
    assert _decision(out, "Server").rewritten
    out = _run(_sources(tmp_path / "dynamic", {"main.adb": program("Base")}), "caller-runs")
    [reason] = _reasons(out, "Server")
    assert ": Base is evaluated there, after an object of the task type" in reason, reason


def test_one_shot_servers_are_taken_as_stages_ending_the_task(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_one_shot"))
    for task in ("Once", "Reply"):
        d = _decision(out, task)
        assert d.scheme == "caller-runs-server" and d.rewritten, (task, d.reason)
    new = _new(out)
    assert "Stage : Positive := 1;   -- 1 at accept Put, 2 at accept Get\n" in new
    # the caller of the last accept runs what followed it, and the task is completed
    assert "               Put_Line (\"once done\");\n               Ended := True;   -- the " \
           "task's end\n" in new
    # a task type's one-shot objects are awaited: their master waited for the tasks
    assert "entry Await_End when Over is" in new
    assert "Turn.Finish (Ended => True);   -- the task's end" in new


def test_a_calling_servers_one_shot_workers_stay_tasks(tmp_path):
    out = _run(_copy(tmp_path, "calling_server_straight"))
    assert _decision(out, "Setup").scheme == "calling-server"
    assert _decision(out, "Setup").rewritten
    assert not any(name.endswith((".Alpha", ".Beta", ".Gamma")) and d.scheme ==
                   "caller-runs-server" for name, d in out.decisions.items())


ONE_SHOT_REFUSED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   A : Integer := 2;
   task Pause is
      entry Go;
   end Pause;
   task body Pause is
      C : Integer := A;
      A : Integer := 3;
   begin
      accept Go do
         Put_Line (Integer'Image (C + A));
      end Go;
      delay 0.01;
   end Pause;
begin
   Pause.Go;
   Put_Line ("called");    -- seen before the task's end: its delay is the task's
end Main;
"""


def test_what_a_one_shot_server_cannot_keep_is_named(tmp_path):
    out = _run(_sources(tmp_path, {"main.adb": ONE_SHOT_REFUSED}))
    reasons = _reasons(out, "Pause")
    # computed in Start, after A of the task body is declared, C would read that one
    assert any(r.startswith("8: A: an initial value computed when the task is activated "
                            "names what the task body declares there or after it")
               for r in reasons), reasons
    assert any(r.startswith("14: delay 0.01;: after the task's last accept, a delay")
               for r in reasons), reasons
    assert not out.changes


def test_the_task_bodys_handler_is_the_servers_last_work(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_handlers"))
    for task in ("Once", "Server", "Meter"):
        d = _decision(out, task)
        assert d.scheme == "caller-runs-server" and d.rewritten, (task, d.reason)
    new = _new(out)
    # in the accept body: the handler, the server completed, the caller sees it
    assert ("when E : Bad =>\n"
            "                     begin\n"
            "                        Put_Line (\"once: \" & Exception_Name (E));\n"
            "                     exception\n"
            "                        when others =>   -- the server dies of it, silently\n"
            "                           null;\n"
            "                     end;\n"
            "                     Turn.Finish (Ended => True);\n"
            "                     raise;\n") in new
    # after the accept: the handler, then the server is completed, silently
    at = new.index("         procedure Put (N : Integer) is", new.index("package body Server"))
    server = new[at:new.index("end Put;", at)]
    assert "               when Constraint_Error =>\n                  begin\n" in server
    assert "                  Ended := True;\n               when others =>\n" \
           "                  Ended := True;\n            end;\n            Turn.Finish (Ended);" \
           in server
    # a task type's handler names the object's variable and discriminant
    assert "Level : Integer renames Self.This.Level;" in new


HANDLER_REFUSED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Count : Integer := 0;
   task Server is
      entry Put (Count : Integer);
   end Server;
   task body Server is
   begin
      loop
         select
            accept Put (Count : Integer) do
               Put_Line (Integer'Image (Count));
            end Put;
         or
            terminate;
         end select;
      end loop;
   exception
      when others =>
         Main.Count := 1;
         delay 0.1;
         Put_Line (Integer'Image (Count));
   end Server;
begin
   Server.Put (1);
end Main;
"""


def test_what_a_handler_cannot_keep_is_named(tmp_path):
    out = _run(_sources(tmp_path, {"main.adb": HANDLER_REFUSED}), "caller-runs")
    reasons = _reasons(out, "Server")
    assert any(r.startswith("21: delay 0.1;: in the task body's exception handler, a delay")
               for r in reasons), reasons
    # copied into Put, where the formal Count hides the variable the handler named
    assert any(r.startswith("22: Count: names like a formal of Put") for r in reasons), reasons
    assert not out.changes


SEVERAL = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Twice is
      entry Put (S : String);
      entry Get (N : out Integer);
   end Twice;
   task body Twice is
      Count : Integer := 0;
   begin
      accept Put (S : String) do
         Put_Line ("first: " & S);
         Count := S'Length;
      end Put;
      accept Put (S : String) do
         Put_Line ("second: " & S);
         Count := Count + S'Length;
      end Put;
      loop
         select
            accept Get (N : out Integer) do
               N := Count;
            end Get;
         or
            accept Put (S : String) do
               Put_Line ("more: " & S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Twice;
   N : Integer;
begin
   Twice.Put ("a");
   Twice.Put ("bb");
   Twice.Get (N);
   Put_Line (Integer'Image (N));
   Twice.Put ("ccc");
end Main;
"""


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
def test_an_entry_accepted_at_several_places_runs_the_code_taken(tmp_path, config):
    root = _sources(tmp_path, {"main.adb": SEVERAL})
    want = run_program(root / "src", "main", config).stdout
    assert want == "first: a\nsecond: bb\n 3\nmore: ccc\n"
    out = _run(root, "caller-runs")
    assert _decision(out, "Twice").rewritten
    new = _new(out)
    assert "entry Put (Place : out Positive)\n            when Over or else (not Busy and " \
           "then (Stage in 1 | 2 | 3))\n         is" in new
    assert "         Turn.Put (Place);\n         case Place is\n            when 1 =>" in new
    rewrite.write(out)
    assert run_program(root / "src", "main", config).stdout == want


def test_a_conditional_call_of_an_entry_of_several_places_is_refused(tmp_path):
    text = SEVERAL.replace('   Twice.Put ("ccc");', '   select\n      Twice.Put ("ccc");\n'
                           '   else\n      null;\n   end select;')
    out = _run(_sources(tmp_path, {"main.adb": text}), "caller-runs")
    [reason] = _reasons(out, "Twice")
    assert "conditional call of Twice.Put: the entry is accepted at several places" in reason


ATTRIBUTES = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Echo is
      entry Put (S : String);
   end Echo;
   task Other;
   task body Echo is
   begin
      loop
         select
            accept Put (S : String) do
               Put_Line (S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Echo;
   task body Other is
   begin
      null;
   end Other;
   E : Echo;
begin
   E.Put ("x");
   while not Other'Terminated loop
      delay 0.01;
   end loop;
   Put_Line ("other done");
end Main;
"""


def test_a_task_attribute_of_an_object_of_the_type_is_refused(tmp_path):
    # of another task: no obstacle
    out = _run(_sources(tmp_path, {"main.adb": ATTRIBUTES}), "caller-runs")
    assert _decision(out, "Echo").rewritten
    text = ATTRIBUTES.replace("   E.Put (\"x\");\n", "   E.Put (\"x\");\n   if E'Callable then\n"
                              "      Put_Line (\"callable\");\n   end if;\n")
    out = _run(_sources(tmp_path / "own", {"main.adb": text}), "caller-runs")
    # of an object of the type: the type's function answers it (attributes.py)
    assert _decision(out, "Echo").rewritten
    assert "if E.Is_Callable then" in _new(out)
    # of what may be one but GNAT's cross references do not tie to the type: refused
    text = ATTRIBUTES.replace("   E : Echo;\n", "   E : Echo;\n   function Pick (N : Integer) "
                              "return access Echo is (E'Unrestricted_Access);\n").replace(
        "   E.Put (\"x\");\n", "   E.Put (\"x\");\n   if Pick (1)'Callable then\n"
        "      Put_Line (\"callable\");\n   end if;\n")
    out = _run(_sources(tmp_path / "far", {"main.adb": text}), "caller-runs")
    reasons = _reasons(out, "Echo")
    assert any(": Pick (1)'Callable: 'Callable of what may be an object of the task type" in r
               for r in reasons), reasons


def test_objects_in_a_package_declaration_are_followed_only_without_a_body(tmp_path):
    """An object in a package's declaration is activated when the package body's
    statements begin (RM 9.2): followed where the package has no body and nothing
    after the object can raise (corpus caller_runs_package_objects translates)."""
    src = _copy(tmp_path / "case", "caller_runs_package_objects")
    out = _run(src, "caller-runs")
    assert _decision(out, "Echo").rewritten
    # the library package followed by a declaration that may raise: never activated then
    lib = tmp_path / "lib"
    shutil.copytree(src, lib)
    holders = lib / "src" / "holders.ads"
    holders.write_text(holders.read_text().replace(
        "   Rounds : constant := 3;", "   Rounds : constant Integer := Integer'Value (\"3\");"))
    [reason] = _reasons(_run(lib, "caller-runs"), "Echo")
    assert reason.startswith("6: Rounds : constant Integer := Integer...: Value is "
                             "evaluated there, after an object of the task type"), reason
    # a nested package: what follows it in Main's declarative part counts too
    nested = tmp_path / "nested"
    shutil.copytree(src, nested)
    main = nested / "src" / "main.adb"
    main.write_text(main.read_text().replace(
        "   Lines : constant := 2;", "   Lines : constant Integer := Integer'Value (\"2\");"))
    [reason] = _reasons(_run(nested, "caller-runs"), "Echo")
    assert reason.startswith("12: Lines : constant Integer := Integer...: Value is "
                             "evaluated there, after an object of the task type"), reason


DEFAULTED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Echo is
      entry Start;
      entry Put (S : String);
   end Echo;

   task body Echo is
   begin
      accept Start;
      loop
         select
            accept Put (S : String) do
               Put_Line (S);
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Echo;

   function Boom return Integer is
   begin
      raise Program_Error;
      return 0;
   end Boom;

   type Rec is record
      A : Integer := Boom;
   end record;
begin
   declare
      E : Echo;
      R : Rec;
   begin
      E.Start;
      E.Put ("x");
   end;
exception
   when Program_Error =>
      Put_Line ("raised");
end Main;
"""


def test_an_object_whose_default_initialization_may_raise_may_not_follow(tmp_path):
    """R's default initialization calls Boom, which raises: E is never activated and
    the original prints "raised"; the translation's Finalize waited for ever at
    Start (it was translated: a wrong translation).  Without the default the same
    declarations translate."""
    out = _run(_sources(tmp_path / "boom", {"main.adb": DEFAULTED}), "caller-runs")
    [reason] = _reasons(out, "Echo")
    assert reason.startswith("34: R : Rec;: an object of type Rec, whose default "
                             "initialization rdv2po does not know to evaluate nothing, "
                             "after an object of the task type"), reason
    quiet = DEFAULTED.replace("A : Integer := Boom;", "A : Integer;\n      B : Natural;")
    out = _run(_sources(tmp_path / "quiet", {"main.adb": quiet}), "caller-runs")
    assert _decision(out, "Echo").rewritten


def test_a_subtypes_objects_are_followed_and_its_frees_refused(tmp_path):
    """Objects of a subtype of the type are its objects: followed to their
    activation (corpus caller_runs_subtype_objects translates), so a raising
    declaration after one is refused, and so is freeing objects through the subtype."""
    main = CORPUS / "caller_runs_subtype_objects" / "src" / "main.adb"
    out = _run(_copy(tmp_path / "case", "caller_runs_subtype_objects"), "caller-runs")
    assert _decision(out, "Echo").rewritten
    raising = main.read_text().replace("      P : Pair;\n",
                                       "      P : Pair := (Integer'Value (\"1\"), 2);\n")
    [reason] = _reasons(_run(_sources(tmp_path / "raising", {"main.adb": raising}),
                             "caller-runs"), "Echo")
    assert reason.startswith("46: P : Pair := (Integer'Value (\"1\"), 2);: Value is "
                             "evaluated there, after an object of the task type"), reason
    freed = main.read_text().replace(
        "with Ada.Text_IO; use Ada.Text_IO;\n",
        "with Ada.Text_IO; use Ada.Text_IO;\nwith Ada.Unchecked_Deallocation;\n").replace(
        "   subtype Same_Echo is Echo;\n",
        "   subtype Same_Echo is Echo;\n   type Echo_Access is access Same_Echo;\n"
        "   procedure Free is new Ada.Unchecked_Deallocation (Same_Echo, Echo_Access);\n")
    reasons = _reasons(_run(_sources(tmp_path / "freed", {"main.adb": freed}),
                            "caller-runs"), "Echo")
    assert any("frees objects of the task type" in r for r in reasons), reasons


NAMED = """
with Ada.Text_IO;
procedure Main is
   task type Logger (Id : Integer) is
      entry Log (S : String);
      entry Stop;
   end Logger;

   task body Logger is
   begin
      loop
         select
            accept Log (S : String) do
               Ada.Text_IO.Put_Line (Integer'Image (Id) & ": " & S);
            end Log;
         or
            accept Stop;
            exit;
         end select;
      end loop;
   end Logger;

   L1 : Logger (Id => 1);
   L2 : Logger (Id => 2);
   L3 : Logger ({third});
begin
   L1.Log ("a");
   L2.Log ("b");
   L3.Log ("c");
   L1.Stop;
   L2.Stop;
   L3.Stop;
end Main;
"""


@pytest.mark.parametrize("config", ["", DB], ids=["plain", "detect_blocking"])
def test_a_discriminant_named_in_an_association_is_not_evaluated(tmp_path, config):
    """``Logger (Id => 1)``: Id names the discriminant; only the 1 is evaluated."""
    root = _sources(tmp_path, {"main.adb": NAMED.format(third="Id => 3")})
    want = run_program(root / "src", "main", config).stdout
    out = _run(root)
    assert _decision(out, "Logger").rewritten, _decision(out, "Logger").reason
    rewrite.write(out)
    assert run_program(root / "src", "main", config).stdout == want


def test_a_discriminant_computed_after_an_awaited_object_is_still_refused(tmp_path):
    """The value after ``=>`` is still judged: a function of the sources may raise."""
    root = _sources(tmp_path, {"main.adb": NAMED.format(third="Id => Integer'Value (\"3\")")})
    reasons = _reasons(_run(root, "caller-runs"), "Logger")
    assert any("Value is evaluated there" in r for r in reasons), reasons
    assert not any("Id is evaluated" in r or "type Id" in r for r in reasons), reasons


PARTIAL_SPEC = """
package Counters is
   type Counter is limited private;
   procedure Increase (C : Counter; N : Integer);
private
   task type Counter is
      entry Add (N : Integer);
   end Counter;
end Counters;
"""

PARTIAL_BODY = """
with Ada.Text_IO; use Ada.Text_IO;
package body Counters is
   procedure Increase (C : Counter; N : Integer) is
   begin
      C.Add (N);
   end Increase;

   task body Counter is
      Sum : Integer := 0;
   begin
      loop
         select
            accept Add (N : Integer) do
               Sum := Sum + N;
               Put_Line ("sum" & Integer'Image (Sum));
            end Add;
         or
            terminate;
         end select;
      end loop;
   end Counter;
end Counters;
"""

PARTIAL_MAIN = """
with Ada.Text_IO; use Ada.Text_IO;
with Counters;
procedure Main is
   type Logger (Id : Positive);
   type Logger_Ref is access Logger;
   task type Logger (Id : Positive) is
      entry Log (S : String);
   end Logger;
   task body Logger is
   begin
      loop
         select
            accept Log (S : String) do
               Put_Line (Integer'Image (Id) & ": " & S);
            end Log;
         or
            terminate;
         end select;
      end loop;
   end Logger;
   Mine : Logger (1);
   Other : constant Logger_Ref := new Logger (2);
   C : Counters.Counter;
begin
   Mine.Log ("one");
   Other.Log ("two");
   Counters.Increase (C, 5);
   Counters.Increase (C, 7);
end Main;
"""


@pytest.mark.parametrize("config", ["", DB])
def test_a_task_type_completing_an_incomplete_or_private_type_is_derived(tmp_path, config):
    files = {"counters.ads": PARTIAL_SPEC, "counters.adb": PARTIAL_BODY,
             "main.adb": PARTIAL_MAIN}
    orig = _sources(tmp_path / "orig", files)
    want = run_program(orig / "src", "main", config).stdout
    assert want == " 1: one\n 2: two\nsum 5\nsum 12\n", want
    out = _run(_sources(tmp_path / "new", files), scheme="caller-runs")
    for task in ("Logger", "Counter"):
        assert _decision(out, task).rewritten, _reasons(out, task)
    new = _new(out)
    # a subtype does not complete the partial view; a derived type does
    assert "type Logger (Id : Positive) is new Logger_Objects.Logger (Id => Id) " \
           "with null record;" in new
    assert "type Counter is new Counter_Objects.Counter with null record;" in new
    assert "subtype Logger is" not in new and "subtype Counter is" not in new
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    assert run_program(tmp_path / "new" / "src", "main", config).stdout == want


def test_a_task_type_without_a_partial_view_keeps_a_subtype(tmp_path):
    text = PARTIAL_MAIN.replace("   type Logger (Id : Positive);\n", "").replace(
        "   type Logger_Ref is access Logger;\n", "").replace(
        "   Other : constant Logger_Ref := new Logger (2);\n", "").replace(
        '   Other.Log ("two");\n', "")
    text = text.replace("with Counters;\n", "").replace("   C : Counters.Counter;\n", "")
    text = "\n".join(ln for ln in text.splitlines() if "Counters.Increase" not in ln) + "\n"
    out = _run(_sources(tmp_path, {"main.adb": text}), scheme="caller-runs")
    assert _decision(out, "Logger").rewritten
    assert "subtype Logger is Logger_Objects.Logger;" in _new(out)


def test_a_subprogram_named_like_an_entry_of_a_completing_task_type_is_refused(tmp_path):
    # the derived type would inherit Add (Self : Counter; N : Integer), which the
    # package's own Add overrides: C.Add (N) in its body would call itself
    spec = PARTIAL_SPEC.replace("procedure Increase", "procedure Add")
    body = PARTIAL_BODY.replace("procedure Increase", "procedure Add").replace(
        "end Increase;", "end Add;")
    main = PARTIAL_MAIN.replace("Counters.Increase", "Counters.Add")
    out = _run(_sources(tmp_path, {"counters.ads": spec, "counters.adb": body,
                                   "main.adb": main}), scheme="caller-runs")
    reasons = _reasons(out, "Counter")
    assert any("named like an entry of the task type" in r for r in reasons), reasons
    assert _decision(out, "Logger").rewritten

"""'Callable and 'Terminated of servers the caller-runs scheme translates
(schemes/caller_runs/attributes.py, docs/caller-runs-scheme.md "Task
attributes").  The corpus cases caller_runs_attributes (translated) and
caller_runs_attributes_refused run against the originals; these tests name
what each becomes, and each refusal's reason under the caller-runs scheme
alone (the server selection reports the accepting scheme's where it came
closer)."""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import case_files as _case, in_dir, reasons_of as _reasons, \
    rewrite_files
from rdv2po import rewrite


def _run(tmp_path: Path, files: dict[str, str]):
    return rewrite_files(tmp_path, files, "caller-runs")


def test_attributes_become_functions_of_the_package_and_of_the_type(tmp_path):
    out, got = _run(tmp_path, _case("caller_runs_attributes"))
    assert all(got[t].rewritten for t in ("Logger", "Counter", "Job")), got
    in_dir(tmp_path, lambda: rewrite.write(out))
    text = (tmp_path / "src" / "main.adb").read_text()
    code = "\n".join(ln.split("--")[0] for ln in text.splitlines())
    assert "'Callable" not in code and "'Terminated" not in code
    for use in ("Logger.Is_Callable", "while not Logger.Is_Terminated loop",
                "Counter.Is_Terminated", "One.Is_Callable", "Row (I).Is_Terminated",
                "while Far.all.Is_Callable loop", "Far.Is_Terminated"):
        assert use in text, use
    assert "function Is_Callable return Boolean;   --  was Logger'Callable" in text
    assert "function Is_Terminated (Self : Job) return Boolean;" in text
    assert "return not Self.This.Turn.Completed;" in text
    assert text.count("function Completed return Boolean is") == 3


def test_a_server_not_named_by_an_attribute_gets_no_function(tmp_path):
    out, got = _run(tmp_path, _case("caller_runs_one_shot"))
    assert got["Once"].rewritten
    in_dir(tmp_path, lambda: rewrite.write(out))
    text = (tmp_path / "src" / "main.adb").read_text()
    assert "Is_Callable" not in text and "Completed" not in text


def test_each_refusal_names_its_reason(tmp_path):
    _out, got = _run(tmp_path, _case("caller_runs_attributes_refused"))
    want = {
        "Mirror": "in the task's own body",
        "Gate": "the guards of the server's select may all be closed",
        "Keeper": "the program has controlled types",
        "Parent": "a task depending on the server",
        "Named": "a package is not a task",
    }
    for task, reason in want.items():
        assert not got[task].rewritten, task
        assert reason in _reasons(got[task]), (task, _reasons(got[task]))


GREETER = """with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type Greeter is
      entry Greet;
   end Greeter;

   task body Greeter is
   begin
      Put_Line ("ready");
      accept Greet do
         Put_Line ("hello");
      end Greet;
   end Greeter;

   procedure Meet is
      G : Greeter;
      Up : constant Boolean := G'Callable;
   begin
      G.Greet;
      Put_Line (Boolean'Image (Up and G'Callable));
   end Meet;
begin
   Meet;
end Main;
"""


def test_a_type_with_start_up_code_is_not_asked_in_a_declarative_part(tmp_path):
    _out, got = _run(tmp_path, {"main.adb": GREETER})
    reasons = _reasons(got["Greeter"])
    assert "in a declarative part, of a task type with start-up code" in reasons, reasons
    # the use in the statements is not refused for it
    assert reasons.count("in a declarative part") == 1, reasons


# A server that leaves its loop, asked in the Finalize of an object declared before
# it: the package's turn object would be finalized first (Program_Error), and the
# task is terminated then (RM 7.6.1).
FINALIZED = """with Ada.Text_IO; use Ada.Text_IO;
WITH_FINALIZATION
procedure Main is
   procedure Logging is
      task Logger is
         entry Log (N : Integer);
         entry Stop;
      end Logger;
      package Probes is
         type Probe is new CONTROLLED with null record;
         overriding procedure Finalize (P : in out Probe);
      end Probes;
      package body Probes is
         overriding procedure Finalize (P : in out Probe) is
         begin
            Put_Line ("finalized, terminated " & Boolean'Image (Logger'Terminated));
         end Finalize;
      end Probes;
      X : Probes.Probe;
      task body Logger is
      begin
         loop
            select
               accept Log (N : Integer) do
                  Put_Line ("log" & Integer'Image (N));
               end Log;
            or
               accept Stop;
               exit;
            end select;
         end loop;
      end Logger;
   begin
      Logger.Log (1);
      Logger.Stop;
   end Logging;
begin
   Logging;
end Main;
"""


def _finalized(with_clause: str, controlled: str) -> dict[str, str]:
    return {"main.adb": FINALIZED.replace("WITH_FINALIZATION", with_clause)
            .replace("CONTROLLED", controlled)}


def test_a_server_that_completes_is_not_asked_in_a_program_with_controlled_types(tmp_path):
    _out, got = _run(tmp_path, _finalized("with Ada.Finalization;",
                                          "Ada.Finalization.Limited_Controlled"))
    assert not got["Logger"].rewritten
    assert "the program has controlled types" in _reasons(got["Logger"])


def test_a_comment_inside_the_name_of_ada_finalization_does_not_hide_it(tmp_path):
    _out, got = _run(tmp_path, _finalized(
        "with Ada.  --  the controlled types\n     Finalization;",
        "Ada.  --  ours\n           Finalization.Limited_Controlled"))
    assert not got["Logger"].rewritten
    assert "the program has controlled types" in _reasons(got["Logger"])


def test_the_same_server_asked_without_controlled_types_is_translated(tmp_path):
    plain = FINALIZED.replace("WITH_FINALIZATION\n", "").replace(
        "      package Probes is", "      Asked : Boolean;\n      package Probes is").replace(
        "X : Probes.Probe;", "").replace("      Logger.Stop;\n",
                                          "      Logger.Stop;\n      Asked := Logger'Terminated;\n")
    plain = plain[:plain.index("      package Probes is")] + plain[plain.index("      task body"):]
    _out, got = _run(tmp_path, {"main.adb": plain})
    assert got["Logger"].rewritten, _reasons(got["Logger"])


# Another library unit reads the server's 'Callable while it is elaborated: the
# function answering it would be in the server's package body, which that unit's
# elaboration then needs first; GNAT's binder found a circularity (review).
SERVERS = """package Servers is
   task S is
      entry Put (N : Integer);
   end S;
end Servers;
"""
SERVERS_BODY = """with Ada.Text_IO;
package body Servers is
   task body S is
   begin
      loop
         select
            accept Put (N : Integer) do
               Ada.Text_IO.Put_Line (Integer'Image (N));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end S;
end Servers;
"""
PROBE = """package Probe is
   pragma Elaborate_Body;
   Early : Boolean := False;
   function Now return Boolean;
end Probe;
"""
PROBE_BODY = """with Servers;
package body Probe is
   function Now return Boolean is
   begin
      return Servers.S'Callable;
   end Now;
begin
   Early := Servers.S'Callable;
end Probe;
"""
PROBE_MAIN = """with Ada.Text_IO; use Ada.Text_IO;
with Probe;
procedure Main is
begin
   Put_Line (Boolean'Image (Probe.Early) & Boolean'Image (Probe.Now));
end Main;
"""


def _probe(body: str) -> dict[str, str]:
    return {"servers.ads": SERVERS, "servers.adb": SERVERS_BODY, "probe.ads": PROBE,
            "probe.adb": body, "main.adb": PROBE_MAIN}


def test_an_attribute_read_while_another_unit_is_elaborated_is_refused(tmp_path):
    _out, got = _run(tmp_path, _probe(PROBE_BODY))
    assert not got["S"].rewritten
    assert "read while another library unit is elaborated" in _reasons(got["S"])


def test_an_attribute_read_in_another_unit_s_function_is_translated(tmp_path):
    called = PROBE_BODY.replace("begin\n   Early := Servers.S'Callable;\n", "")
    _out, got = _run(tmp_path, _probe(called))
    assert got["S"].rewritten, _reasons(got["S"])

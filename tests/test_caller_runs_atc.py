"""Asynchronous selects and the caller-runs scheme (schemes/caller_runs/abortable.py,
docs/caller-runs-scheme.md "Asynchronous selects").  A server is refused only where
the abortable part of some asynchronous select may reach a call of its entries, or
reaches what the call graph cannot follow (an entry triggering one: triggers.py,
test_caller_runs_triggers.py).
The corpus cases caller_runs_atc (translated) and caller_runs_atc_refused run against
the originals; these tests name each decision under the caller-runs scheme alone."""

from __future__ import annotations

from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import copy_case_sources as _copy, decision_of as _decision, in_dir, \
    main_source as _sources, refusal_lines
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

DB = "pragma Detect_Blocking;\n"


def _run(root: Path):
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))






def test_an_atc_in_the_accept_body_and_one_calling_no_entry_are_translated(tmp_path):
    root = _copy(tmp_path, "caller_runs_atc")
    want = run_program(root / "src", "main").stdout
    out = _run(root)
    for task in ("Searcher", "Counter"):
        assert _decision(out, task).rewritten, _decision(out, task)
    in_dir(root, lambda: rewrite.write(out))
    text = (root / "src" / "main.adb").read_text()
    assert "task Searcher" not in text and "then abort" in text
    assert run_program(root / "src", "main").stdout == want
    assert run_program(root / "src", "main", DB).stdout == want


RAISES = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Late : exception;
   task Worker is
      entry Work (N : Integer; R : out Integer);
   end Worker;
   task body Worker is
   begin
      loop
         select
            accept Work (N : Integer; R : out Integer) do
               R := N;
               select
                  delay 0.5;
                  raise Late;
               then abort
                  if N > 1 then
                     delay 5.0;
                  end if;
                  R := N * 2;
               end select;
            end Work;
         or
            terminate;
         end select;
      end loop;
   end Worker;
   R : Integer := 0;
begin
   Worker.Work (1, R);
   Put_Line ("work 1:" & Integer'Image (R));
   begin
      Worker.Work (2, R);
   exception
      when Late => Put_Line ("late");
   end;
   begin
      Worker.Work (3, R);
   exception
      when Tasking_Error => Put_Line ("worker gone");
   end;
end Main;
"""


def test_the_trigger_raising_out_of_the_accept_body_gives_the_turn_back(tmp_path):
    root = _sources(tmp_path, RAISES)
    want = run_program(root / "src", "main").stdout
    assert want == "work 1: 2\nlate\nworker gone\n"
    out = _run(root)
    assert _decision(out, "Worker").rewritten
    in_dir(root, lambda: rewrite.write(out))
    text = (root / "src" / "main.adb").read_text()
    assert "            end select;\n         exception\n            when others =>\n" \
           "               Turn.Finish (Ended => True);\n               raise;\n" in text
    assert run_program(root / "src", "main").stdout == want
    assert run_program(root / "src", "main", DB).stdout == want


def test_servers_an_abortable_part_reaches_are_refused_with_the_path(tmp_path):
    out = _run(_copy(tmp_path, "caller_runs_atc_refused"))
    assert refusal_lines(out, "Logger", construct=True) == [
        "92: select ... then abort: its abortable part calls Logger.Log "
        "(src/main.adb:96:14): a caller aborted while it runs the server's code would "
        "leave the server's turn taken for ever"]
    [store] = refusal_lines(out, "Store", construct=True)
    assert "calls Save (src/main.adb:97:7), which calls Store.Put (src/main.adb:87:13)" \
        in store, store
    # Clock's entry triggering a select is split since triggers.py
    # (test_caller_runs_triggers.py): its abortable part reaches no entry
    assert _decision(out, "Clock").rewritten
    assert _decision(out, "Tally").rewritten


SERVER = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Srv is
      entry Put (N : Integer);
   end Srv;
   task body Srv is
   begin
      loop
         select
            accept Put (N : Integer) do
               Put_Line ("put" & Integer'Image (N));
            end Put;
         or
            terminate;
         end select;
      end loop;
   end Srv;
   procedure Send is
   begin
      Srv.Put (1);
   end Send;
   procedure Quiet is
   begin
      null;
   end Quiet;
DECLS
begin
   select
      delay 5.0;
   then abort
      PART
   end select;
   Srv.Put (2);
end Main;
"""


def _server(tmp_path: Path, decls: str, part: str):
    return _run(_sources(tmp_path, SERVER.replace("DECLS", decls).replace("PART", part)))


def test_an_abortable_part_calling_no_entry_leaves_the_server_translated(tmp_path):
    out = _server(tmp_path, "", "Quiet;")
    assert _decision(out, "Srv").rewritten


def test_an_access_to_subprogram_call_in_an_abortable_part_refuses_the_server(tmp_path):
    decls = ("   type Action is access procedure;\n"
             "   Act : Action := Quiet'Access;\n")
    [reason] = refusal_lines(_server(tmp_path, decls, "Act.all;"), "Srv", construct=True)
    assert "access-to-subprogram value" in reason and "turn taken for ever" in reason


def test_a_generic_formal_subprogram_in_an_abortable_part_refuses_the_server(tmp_path):
    decls = ("   generic\n      with procedure Act;\n   procedure Twice;\n"
             "   procedure Twice is\n   begin\n      Act;\n      Act;\n   end Twice;\n"
             "   procedure Quiet_Twice is new Twice (Quiet);\n")
    [reason] = refusal_lines(_server(tmp_path, decls, "Quiet_Twice;"), "Srv", construct=True)
    assert "generic formal subprogram" in reason, reason


def test_a_package_elaborated_in_an_abortable_part_is_followed(tmp_path):
    part = ("declare\n         package Inner is\n         end Inner;\n"
            "         package body Inner is\n         begin\n            Send;\n"
            "         end Inner;\n      begin\n         null;\n      end;")
    [reason] = refusal_lines(_server(tmp_path, "", part), "Srv", construct=True)
    assert "which calls Srv.Put" in reason, reason


def test_a_task_created_in_an_abortable_part_refuses_the_server(tmp_path):
    part = ("declare\n         task Helper;\n         task body Helper is\n"
            "         begin\n            null;\n         end Helper;\n      begin\n"
            "         null;\n      end;")
    reasons = refusal_lines(_server(tmp_path, "", part), "Srv", construct=True)
    assert any("aborted with the part" in r for r in reasons), reasons

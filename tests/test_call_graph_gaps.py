"""Calls the call graph must follow though no call statement of the server names
them: the elaboration of a package declared in a called subprogram, in a block or
as a subunit, and of an instance of a generic package (its specification and its
body); calls through access-to-subprogram values held in components, arrays or
returned by functions; the subprograms a type's representation clauses and aspects
name (stream attributes, a storage pool, Constant_Indexing).

Accepting scheme: Srv's accept body reaches Block only through such a path.  Block
delays: inside the protected action the accepting scheme makes, that is a bounded
error (Program_Error under Detect_Blocking, which the review's repros in
/work/helpers/review4/accepting_* showed), so that scheme must refuse Srv.  With a
Block that does not block the same program is translated by it and prints the same.

Caller-runs scheme: Srv's loop, after the accept, reaches Block the same way, and
Block calls Client.Back; Client, the caller, would run that code itself and wait
for itself (review4/caller_runs_*), so Srv must not be translated by caller-runs.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

ACCEPTING = """with Ada.Text_IO; use Ada.Text_IO;
WITHS
procedure Main is
   Count : Integer := 0;
   procedure Block (N : Integer) is
   begin
      BLOCK
      Count := Count + N;
   end Block;
DECLS
   task Srv is
      entry E (N : Integer);
   end Srv;
   task body Srv is
   begin
      loop
         select
            accept E (N : Integer) do
               STMT
            end E;
         or
            terminate;
         end select;
      end loop;
   end Srv;
TAIL
begin
   Srv.E (1);
   Put_Line ("done" & Integer'Image (Count));
end Main;
"""
CALLER_RUNS = """with Ada.Text_IO; use Ada.Text_IO;
WITHS
procedure Main is
   task Client is
      entry Back;
   end Client;
   procedure Block (N : Integer) is
   begin
      BLOCK
   end Block;
DECLS
   task Srv is
      entry E (N : Integer);
   end Srv;
   task body Srv is
      Last : Integer := 0;
   begin
      loop
         select
            accept E (N : Integer) do
               Last := N;
            end E;
            STMT
         or
            terminate;
         end select;
      end loop;
   end Srv;
TAIL
   task body Client is
   begin
      Srv.E (1);
      accept Back;
   end Client;
begin
   Put_Line ("done");
end Main;
"""
F = """   function F return Integer is
   begin
      Block (1);
      return 1;
   end F;"""
# name -> (declarations before Srv, the statement reaching Block (N: a value), the
# declarations after Srv, the with clauses, subunits)
PATHS = {
    "subprogram_package_body": ("""   procedure P is
      package Inner is
         X : Integer := 0;
      end Inner;
      package body Inner is
      begin
         Block (1);
      end Inner;
   begin
      null;
   end P;""", "P;", "", "", {}),
    "block_package_body": ("", "declare package Inner is X : Integer := 0; end Inner; "
                           "package body Inner is begin Block (1); end Inner; "
                           "begin null; end;", "", "", {}),
    "package_body_subunit": ("   procedure P is separate;", "P;", "", "", {
        "main-p.adb": "separate (Main)\nprocedure P is\n   package Inner is\n"
                      "      X : Integer := 0;\n   end Inner;\n"
                      "   package body Inner is separate;\nbegin\n   null;\nend P;\n",
        "main-p-inner.adb": "separate (Main.P)\npackage body Inner is\nbegin\n"
                            "   Block (1);\nend Inner;\n"}),
    "generic_package_body": ("""   generic
   package G is
      X : Integer := 0;
   end G;
   package body G is
   begin
      Block (1);
   end G;""", "declare package I is new G; begin null; end;", "", "", {}),
    "generic_package_spec": (F + """
   generic
   package G is
      X : Integer := F;
   end G;""", "declare package I is new G; begin null; end;", "", "", {}),
}


def _program(template: str, block: str, path: str) -> tuple[str, dict[str, str]]:
    decls, stmt, tail, withs, subunits = PATHS[path]
    if template is CALLER_RUNS:
        stmt = stmt.replace("(N)", "(Last)")
    main = template.replace("WITHS", withs).replace("BLOCK", block) \
        .replace("DECLS", decls).replace("STMT", stmt).replace("TAIL", tail)
    return main, subunits


def _write(root: Path, template: str, block: str, path: str) -> None:
    root.mkdir(parents=True)
    main, subunits = _program(template, block, path)
    (root / "main.adb").write_text(main)
    for name, body in subunits.items():
        (root / name).write_text(body)


def _decide(tmp_path: Path, template: str, block: str, path: str, scheme: str):
    _write(tmp_path / "src", template, block, path)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    # None: no scheme took Srv (its code waits for a task: no server of theirs)
    return out, next((d for name, d in out.decisions.items() if name.endswith(".Srv")), None)


@pytest.mark.parametrize("path", sorted(PATHS))
def test_a_delay_reached_from_an_accept_body_keeps_the_accepting_scheme_off(tmp_path, path):
    _out, d = _decide(tmp_path, ACCEPTING, "delay 0.01;", path, "server")
    assert d is None or not (d.rewritten and d.scheme == "accepting-server"), d


@pytest.mark.parametrize("path", sorted(PATHS))
def test_a_wait_for_the_caller_keeps_the_caller_runs_scheme_off(tmp_path, path):
    _out, d = _decide(tmp_path, CALLER_RUNS, "Client.Back;", path, "caller-runs")
    assert d is None or not d.rewritten, d


@pytest.mark.parametrize("path", ["subprogram_package_body", "generic_package_spec"])
def test_the_same_harmless_path_is_translated_and_runs_the_same(tmp_path, path):
    orig = tmp_path / "orig"
    _write(orig, ACCEPTING, "null;", path)
    want = run_program(orig, "main").stdout
    assert want == "done 1\n"
    out, d = _decide(tmp_path / "new", ACCEPTING, "null;", path, "server")
    assert d.rewritten and d.scheme == "accepting-server", d
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    assert "task body Srv" not in (tmp_path / "new" / "src" / "main.adb").read_text()
    assert run_program(tmp_path / "new" / "src", "main").stdout == want
    assert run_program(tmp_path / "new" / "src", "main",
                       "pragma Detect_Blocking;\n").stdout == want

"""The with clauses a rewrite adds: after configuration pragmas, and never twice.

A duplicate ``with`` is only redundant, but ``-gnatwr -gnatwe`` builds reject
it and each further pass added one more; a ``with`` put before a
configuration pragma makes GNAT reject the file, and the task was refused.
"""

from __future__ import annotations

from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

# Pass 1 translates Outer and leaves Inner (its text is inside Outer's); pass 2 Inner.
NESTED = """\
with Ada.Text_IO; use Ada.Text_IO;

procedure Main is
   task Outer is
      entry Start (N : in out Integer);
   end Outer;

   task body Outer is
   begin
      accept Start (N : in out Integer) do
         declare
            task Inner is
               entry Double (X : in out Integer);
            end Inner;

            task body Inner is
            begin
               accept Double (X : in out Integer) do
                  X := 2 * X;
               end Double;
            end Inner;
         begin
            Inner.Double (N);
         end;
      end Start;
   end Outer;

   V : Integer := 21;
begin
   Outer.Start (V);
   Put_Line ("V =" & Integer'Image (V));
end Main;
"""

# The server scheme adds Ada.Exceptions for a nested accept.
NESTED_ACCEPT = """\
pragma Ada_2012;
with Ada.Text_IO; use Ada.Text_IO;
with Ada.Exceptions;
procedure Main is
   task T is
      entry Outer (X : out Integer);
      entry Inner (Y : Integer);
   end T;
   task body T is
   begin
      loop
         select
            accept Outer (X : out Integer) do
               accept Inner (Y : Integer) do
                  X := Y;
               end Inner;
            end Outer;
         or
            terminate;
         end select;
      end loop;
   end T;
   task Helper;
   task body Helper is
   begin
      T.Inner (7);
   end Helper;
   V : Integer;
begin
   T.Outer (V);
   Put_Line (Integer'Image (V) & " " & Ada.Exceptions.Exception_Name (Program_Error'Identity));
end Main;
"""


def _write(root: Path, source: str) -> Path:
    src = root / "src"
    src.mkdir()
    (src / "main.adb").write_text(source)
    return src


def _pass(root: Path, scheme: str) -> list[str]:
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), scheme))
    assert not [d for d in out.diagnostics if d.severity == "error"]
    if out.changes:
        rewrite.write(out)
    return sorted(q for q, d in out.decisions.items() if d.rewritten)


def _withs(src: Path) -> list[str]:
    return [ln.split(";")[0] for ln in (src / "main.adb").read_text().splitlines()
            if ln.startswith("with ")]


def test_second_pass_adds_no_duplicate_with(tmp_path):
    src = _write(tmp_path, NESTED)
    # one run rewrites both (the second pass inside it reads the first one's text)
    assert _pass(tmp_path, "general") == ["Main.Outer", "Main.Outer.Inner"]
    assert _pass(tmp_path, "general") == []
    withs = _withs(src)
    assert len(withs) == len(set(withs)) and "with Ada.Finalization" in withs, withs
    assert run_program(src, "main").stdout == "V = 42\n"


def test_own_with_on_a_later_line_is_seen(tmp_path):
    src = _write(tmp_path, NESTED_ACCEPT)
    original = run_program(src, "main").stdout
    assert _pass(tmp_path, "server") == ["Main.T"]
    text = (src / "main.adb").read_text()
    assert text.startswith("pragma Ada_2012;\n")
    assert _withs(src).count("with Ada.Exceptions") == 1, text
    assert run_program(src, "main").stdout == original


def test_with_clauses_go_after_configuration_pragmas(tmp_path):
    src = _write(tmp_path, "pragma Queuing_Policy (FIFO_Queuing);\n" + NESTED)
    assert _pass(tmp_path, "general") == ["Main.Outer", "Main.Outer.Inner"]
    lines = (src / "main.adb").read_text().splitlines()
    assert lines[0] == "pragma Queuing_Policy (FIFO_Queuing);"
    assert run_program(src, "main").stdout == "V = 42\n"

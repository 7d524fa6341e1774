"""The variables a scheme moves off an eliminated task's stack must be of static size
and small (common/sizes.py; review task-variables-move-to-masters-stack): a 4 MB table
failed the task's activation in the original and fitted in the translation.  Here the
calling scheme (the corpus pair task_stack_variables(_refused) shows the accepting
and caller-runs schemes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
procedure Main is
   Got : Integer := 0 with Atomic;
   type Big is array (1 .. 1_000_000) of Integer;
   type Small is array (1 .. 1_000) of Integer;
   type Vec (Len : Natural) is record
      Data : String (1 .. Len);
   end record;
   N : Natural := 10;
   procedure Run is
      task Worker is
         entry Start (N : Integer);
      end Worker;
      task Setup;
      task body Worker is
         Mine : Integer := 0;
      begin
         accept Start (N : Integer) do
            Mine := N;
         end Start;
         Got := Mine;
      end Worker;
      task body Setup is
         DECL
      begin
         Worker.Start (1);
      end Setup;
   begin
      null;
   end Run;
begin
   Run;
end Main;
"""


def _decision(tmp_path: Path, decl: str):
    (tmp_path / "src").mkdir(parents=True)
    (tmp_path / "src" / "main.adb").write_text(TEMPLATE.replace("DECL", decl).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    return next(d for name, d in out.decisions.items() if name.endswith(".Setup"))


@pytest.mark.parametrize("decl, why", [
    ("Table : Big;", "Table may take up to 16000000 bytes"),
    ("A : Small; B, C, D, E : Small;",
     "brings the task's moved variables to 80000 bytes"),
    ("V : Vec (1_000_000);", "V may take up to 1000032 bytes"),
    ("S : String (1 .. N);", "rdv2po cannot size S statically"),
])
def test_a_large_or_unsized_variable_is_refused(tmp_path, decl, why):
    d = _decision(tmp_path, decl)
    assert not d.rewritten and d.scheme == "calling-server", d
    assert why in d.reason, d


@pytest.mark.parametrize("decl", [
    "Table : Small; Count : Integer := 0;",
    "V : Vec (Len => 80); Name : String (1 .. 20);",
])
def test_small_static_variables_are_translated(tmp_path, decl):
    d = _decision(tmp_path, decl)
    assert d.rewritten and d.scheme == "calling-server", d


NESTED = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Server is
      entry Hello;
   end Server;
   task body Server is
      task Helper;
      task body Helper is
      begin
         null;
      end Helper;
   begin
      accept Hello do
         Put_Line ("hello");
      end Hello;
   end Server;
begin
   Server.Hello;
end Main;
"""


def test_a_task_declared_in_the_body_is_no_internal_error(tmp_path):
    """ACATS c9a009c: ``task Helper;`` in the body, held by the parser as an object
    declaration without a subtype, stopped the caller-runs scheme's sizing."""
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(NESTED)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "caller-runs"))
    d = out.decisions["Main.Server"]
    assert not d.rewritten and "internal error" not in str(d), d


CODE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Summer is
      entry Sum (N : Positive; Total : out Long_Integer);
   end Summer;
   task body Summer is
   begin
      loop
         select
            accept Sum (N : Positive; Total : out Long_Integer) do
               declare
                  Table : array (1 .. SIZE) of Long_Integer;
                  T : Long_Integer := 0;
               begin
                  for I in Table'Range loop
                     Table (I) := Long_Integer (I mod N);
                     T := T + Table (I);
                  end loop;
                  Total := T;
               end;
            end Sum;
         or
            terminate;
         end select;
      end loop;
   end Summer;
   Total : Long_Integer;
begin
   Summer.Sum (7, Total);
   Put_Line ("total" & Total'Img);
end Main;
"""


@pytest.mark.parametrize("scheme", ["auto", "caller-runs"])
def test_a_large_object_of_the_code_is_refused(tmp_path, scheme):
    # review13 accept-body-locals-on-caller-stack: the 4 MB table overflowed the
    # server's stack in the original (it hung), and fitted on the caller's
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(CODE.replace("SIZE", "500_000").lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    d = out.decisions["Main.Summer"]
    assert not d.rewritten
    reasons = " | ".join(o.reason for o in d.obstacles or (d,))
    assert "an object the task's code declares, on the task's own stack, would be on its " \
        "callers' stacks" in reasons and "Table may take up to 8000000 bytes" in reasons, reasons


@pytest.mark.parametrize("scheme", ["auto", "caller-runs"])
def test_a_small_object_of_the_code_is_translated(tmp_path, scheme):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(CODE.replace("SIZE", "1_000").lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    assert out.decisions["Main.Summer"].rewritten, out.decisions["Main.Summer"].reason


PRINTER = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task KIND Printer is
      entry Start (Count : Positive);
   end Printer;
   task body Printer is
      Prefix : String := "line";
   begin
      accept Start (Count : Positive) do
         for I in 1 .. Count loop
            Put_Line (Prefix & Integer'Image (I));
         end loop;
      end Start;
   end Printer;
   OBJECT
begin
   CALLER.Start (2);
end Main;
"""


def test_a_string_given_its_bounds_by_a_literal_is_sized(tmp_path):
    # realcode8 string-literal-init: 'Prefix : String := "line";' was unsized
    src = PRINTER.replace("KIND ", "").replace("OBJECT", "").replace("CALLER", "Printer")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(src.lstrip())
    want = run_program(tmp_path / "src", "main").stdout
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    assert out.decisions["Main.Printer"].rewritten, out.decisions["Main.Printer"].reason
    rewrite.write(out)
    assert run_program(tmp_path / "src", "main", "pragma Detect_Blocking;\n").stdout == want \
        == "line 1\nline 2\n"


def test_a_task_types_variable_bounded_by_its_value_is_refused(tmp_path):
    # a component of the objects' record needs its bounds written
    src = PRINTER.replace("KIND ", "type ").replace("OBJECT", "P : Printer;") \
        .replace("CALLER", "P")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(src.lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    d = out.decisions["Main.Printer"]
    assert not d.rewritten
    assert "its bounds come from its initial value" in " | ".join(
        o.reason for o in d.obstacles or (d,)), d

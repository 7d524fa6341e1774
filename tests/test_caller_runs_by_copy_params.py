"""Out and in out entry parameters of record and constrained array types under the
caller-runs scheme (schemes/caller_runs/by_copy_params.py): GNAT passes them to an
entry by reference, to a procedure by copy when small.  Taken where the two cannot
be told apart; each refusal below names one way they can: an exception after the
formal was written, a predicate checked when an out formal is copied in, a second name of the
actual (another actual, a nested body, a package's variable, 'Address, a
renaming, an instance that keeps it).  The corpus case caller_runs_composite_params
runs a taken server against the original.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """
with System;
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Rec is record
      A, B : Integer := 0;
   end record;
   type Der is new Rec;
   Bad : exception;
   task Server is
      entry Bump (R : MODE TYPE; N : Integer);
   end Server;
   task body Server is
   begin
      loop
         select
            accept Bump (R : MODE TYPE; N : Integer) do
BODY
            end Bump;
         or
            terminate;
         end select;
      end loop;
   end Server;
   V : TYPE;
LOCALS
begin
   Server.Bump (ACTUAL, 1);
   Put_Line (Integer'Image (V.A));
end Main;
"""

ASSIGN_LAST = """               Put_Line ("bump" & Integer'Image (N));
               R.A := R.A + N;"""
ASSIGN_THEN_RAISE = """               R.A := R.A + N;
               if R.A > N then
                  raise Bad;
               end if;"""


def _decision(tmp_path: Path, body: str = ASSIGN_LAST, mode: str = "in out",
              typ: str = "Rec", actual: str = "V", locals_: str = ""):
    src = tmp_path / "src"
    src.mkdir(parents=True)
    text = PROGRAM.replace("MODE", mode).replace("TYPE", typ).replace("BODY", body) \
        .replace("ACTUAL", actual).replace("LOCALS", locals_)
    (src / "main.adb").write_text(text)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    return {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}["Server"]


def _reasons(d) -> str:
    return " | ".join(o.reason for o in d.obstacles or (d,))


def test_assigned_last_is_taken(tmp_path):
    d = _decision(tmp_path)
    assert d.rewritten, _reasons(d)


def test_assigned_then_raising_is_refused(tmp_path):
    d = _decision(tmp_path, ASSIGN_THEN_RAISE)
    assert "the accept body may raise after it may have written it" in _reasons(d)


def test_a_derived_record_is_followed_to_its_parent(tmp_path):
    # a type derived from a record was not recognised: taken, it lost the assignment
    d = _decision(tmp_path, ASSIGN_THEN_RAISE, typ="Der")
    assert "an in out parameter of a record or constrained array type (Der)" in _reasons(d)


PART = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Raw is record
      A, B : Integer;
   end record
   ASPECT;
   task Server is
      entry Fill (R : out Raw; N : Integer);
   end Server;
   task body Server is
   begin
      loop
         select
            accept Fill (R : out Raw; N : Integer) do
               Put_Line ("b" & Integer'Image (R.B));
               R.A := N;
            end Fill;
         or
            terminate;
         end select;
      end loop;
   end Server;
   V : Raw := (0, 7);
begin
   Server.Fill (V, 1);
   Put_Line (Integer'Image (V.A) & Integer'Image (V.B));
end Main;
"""


def test_an_out_record_named_before_it_is_assigned_whole_is_taken_in_out(tmp_path):
    # by reference the formal is V: R.B reads 7, and V.B keeps it; a procedure's out
    # formal of a type without defaults would start uninitialized and be copied back
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PART.replace("ASPECT", ""))
    want = run_program(src, "main").stdout
    assert want == "b 7\n 1 7\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    in_dir(tmp_path, lambda: rewrite.write(out))
    new = (src / "main.adb").read_text()
    assert "procedure Fill (R : in out Raw; N : Integer);" in new
    assert "procedure Fill (R : in out Raw; N : Integer) is" in new
    assert run_program(src, "main").stdout == want
    assert run_program(src, "main", "pragma Detect_Blocking;\n").stdout == want


def test_an_out_record_checked_when_copied_in_is_refused(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PART.replace("ASPECT", "with Dynamic_Predicate => Raw.A > 0"))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    d = {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}["Server"]
    assert "but copying in checks its predicate or invariant" in _reasons(d)


def test_an_out_record_assigned_whole_first_is_taken(tmp_path):
    d = _decision(tmp_path, "               R := (N, N);\n               null;", mode="out")
    assert d.rewritten, _reasons(d)


def test_an_elementary_in_actual_naming_it_is_a_value(tmp_path):
    # N is copied as the call starts, by reference or by copy alike (Adder in the
    # corpus case: one record for two record formals, refused)
    d = _decision(tmp_path, actual="V, 1);\n   Server.Bump (V, V.A);\n   Server.Bump (V")
    assert d.rewritten, _reasons(d)


def test_a_component_actual_is_refused(tmp_path):
    d = _decision(tmp_path, actual="W.B",
                  locals_="   type Box is record B : Rec; end record;\n   W : Box;")
    assert "not a whole variable" in _reasons(d)


def test_a_package_variable_is_refused(tmp_path):
    d = _decision(tmp_path, actual="Kept",
                  locals_="   package Store is\n      Kept : Rec;\n   end Store;\n   use Store;")
    assert "not declared in a subprogram or task body" in _reasons(d)


def test_a_variable_a_nested_body_names_is_refused(tmp_path):
    shown = "   procedure Show is\n   begin\n      Put_Line (Integer'Image (V.B));\n" \
            "   end Show;"
    d = _decision(tmp_path, locals_=shown)
    assert "named outside the body declaring it" in _reasons(d)


def test_a_renamed_variable_is_refused(tmp_path):
    d = _decision(tmp_path, locals_="   W : Rec renames V;")
    assert "named outside the body declaring it" in _reasons(d)


def test_a_variable_whose_address_is_taken_is_refused(tmp_path):
    d = _decision(tmp_path, locals_="   use type System.Address;\n"
                                    "   Same : Boolean := V'Address = V'Address;")
    assert "'Address or 'Access" in _reasons(d) or "named outside" in _reasons(d)


GENERIC = """   generic
      X : in out Rec;
   package Keep is
      KEPT
   end Keep;
   package body Keep is
   begin
      X.B := 5;
   end Keep;
   package Kept is new Keep (V);"""


def test_an_instance_that_only_elaborates_is_taken(tmp_path):
    d = _decision(tmp_path, locals_=GENERIC.replace("KEPT", ""))
    assert d.rewritten, _reasons(d)


def test_an_instance_that_keeps_a_renaming_is_refused(tmp_path):
    d = _decision(tmp_path, locals_=GENERIC.replace("KEPT", "Y : Rec renames X;"))
    assert "named outside the body declaring it" in _reasons(d)


def test_an_assertion_after_the_write_is_refused(tmp_path):
    d = _decision(tmp_path, ASSIGN_LAST + "\n               pragma Assert (R.A > N);")
    assert "the accept body may raise after it may have written it" in _reasons(d)


def test_a_type_named_like_another_is_still_checked(tmp_path):
    # two types named Rec: the name alone could not tell, and the check was skipped
    other = "   package Other is\n      type Rec is record C : Integer; end record;\n" \
            "   end Other;"
    d = _decision(tmp_path, ASSIGN_THEN_RAISE, locals_=other)
    assert "the accept body may raise after it may have written it" in _reasons(d)


def test_a_view_conversion_of_a_variable_is_taken(tmp_path):
    # converted to Rec and back: the same components, no value changes
    d = _decision(tmp_path, actual="Rec (D)", locals_="   D : Der;")
    assert d.rewritten, _reasons(d)


OWN_ACCEPT = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Rec is record
      A, B : Integer;
   end record;
   task Server is
      entry Take (R : out Rec);
   end Server;
   task body Server is
      Next : Integer := 0;
   begin
      loop
         select
            accept Take (R : out Rec) do
               Next := Next + 1;
               Put_Line ("hands out" & Integer'Image (Next));
               R := (Next, Next * 2);
            end Take;
         or
            terminate;
         end select;
      end loop;
   end Server;
OUTER
   task Worker is
      entry Redo (J : Rec);
   end Worker;
   task body Worker is
INNER
   begin
      for K in 1 .. 2 loop
         Server.Take (Current);
         Put_Line ("got" & Integer'Image (Current.B));
      end loop;
      accept Redo (J : Rec) do
         Current := J;
      end Redo;
      Put_Line ("redoes" & Integer'Image (Current.B));
   end Worker;
begin
   Worker.Redo ((7, 9));
end Main;
"""


def _own_accept(tmp_path: Path, outer: str, inner: str, run: bool = False):
    src = tmp_path / "src"
    src.mkdir(parents=True)
    (src / "main.adb").write_text(OWN_ACCEPT.replace("OUTER", outer).replace("INNER", inner))
    before = run_program(src, "main", "") if run else None
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    if run:
        for path, (_old, new) in out.changes.items():
            path.write_bytes(new)
        after = run_program(src, "main", "")
        assert before.returncode == after.returncode == 0, after.stderr
        assert after.stdout == before.stdout and "redoes 9" in after.stdout
    return {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}["Server"]


def test_a_variable_the_calling_task_s_own_accept_names_is_taken(tmp_path):
    """Worker's accept Redo assigns Current, the actual of its call Server.Take: Worker
    executes that accept itself, so never while it waits in the call (real code: a
    worker taking jobs from a queue task, and told to redo one)."""
    d = _own_accept(tmp_path, "", "      Current : Rec;", run=True)
    assert d.rewritten, _reasons(d)


def test_a_variable_another_task_s_accept_names_is_refused(tmp_path):
    """Beside it: Main's variable, passed by Worker and assigned in Worker's accept,
    is not Worker's own (Main's other tasks may see it at any moment)."""
    d = _own_accept(tmp_path, "   Current : Rec;", "")
    assert "not declared in a subprogram or task body" in _reasons(d) or \
        "named outside the body declaring it" in _reasons(d), _reasons(d)


SUBTYPES = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   type Vec is array (Positive range <>) of Character;
   type Pair is record
      A, B : Integer;   --  plain, not tagged
   end record;
   DECLS
   task Server is
      entry Mark (S : out Name);
   end Server;
   task body Server is
   begin
      loop
         select
            accept Mark (S : out Name) do
               WRITE
            end Mark;
         or
            terminate;
         end select;
      end loop;
   end Server;
   V : Name := INIT;
begin
   Server.Mark (V);
   SHOW
end Main;
"""
# by reference only the component written changes; a procedure's out formal passed by
# copy would start uninitialized and be copied back whole
KINDS = {
    "String subtype": ("subtype Name is String (1 .. 4);", "S (2) := 'x';", '"abcd"',
                       "Put_Line (String (V));", "axcd\n"),
    "array subtype": ("subtype Name is Vec (1 .. 4);", "S (2) := 'x';", "('a', 'b', 'c', 'd')",
                      "Put_Line (String (V));", "axcd\n"),
    "commented record": ("subtype Name is Pair;", "S.A := 1;", "(0, 9)",
                         "Put_Line (Integer'Image (V.A) & Integer'Image (V.B));", " 1 9\n"),
}


@pytest.mark.parametrize("kind", sorted(KINDS))
def test_constrained_arrays_and_records_however_written_are_copied_in(tmp_path, kind):
    decls, write, init, show, want = KINDS[kind]
    text = SUBTYPES.replace("DECLS", decls).replace("WRITE", write) \
        .replace("INIT", init).replace("SHOW", show)
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(text)
    assert run_program(src, "main").stdout == want
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    d = {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}["Server"]
    assert d.rewritten, _reasons(d)
    in_dir(tmp_path, lambda: rewrite.write(out))
    assert "procedure Mark (S : in out Name)" in (src / "main.adb").read_text()
    assert run_program(src, "main").stdout == want
    assert run_program(src, "main", "pragma Detect_Blocking;\n").stdout == want


def test_a_record_of_a_library_is_checked_as_one_of_the_sources(tmp_path):
    # rdv2po cannot see Complex's declaration: it may be a record passed by copy
    text = SUBTYPES.replace("   DECLS\n", "").replace("with Ada.Text_IO;", (
        "with Ada.Numerics.Complex_Types; use Ada.Numerics.Complex_Types;\nwith Ada.Text_IO;")) \
        .replace("out Name", "out Complex").replace("V : Name", "V : Complex") \
        .replace("WRITE", "S.Re := 1.0;\n               raise Program_Error;") \
        .replace("INIT", "(0.0, 9.0)").replace("SHOW", "null;")
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(text)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    d = {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}["Server"]
    assert "the accept body may raise after it may have written it" in _reasons(d)


RAISE_AFTER_WRITE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   DECLS
   Bad : exception;
   task Server is
      entry Bump (R : in out Name);
   end Server;
   task body Server is
   begin
      loop
         select
            accept Bump (R : in out Name) do
               R (1) := 2;
               raise Bad;
            end Bump;
         or
            terminate;
         end select;
      end loop;
   end Server;
   V : Name := (1, 1);
begin
   begin
      Server.Bump (V);
   exception
      when Bad => Put_Line ("raised");
   end;
   Put_Line (Integer'Image (V (1)));
end Main;
"""


@pytest.mark.parametrize("decls", [
    # a type of the sources named like one of Standard's
    "type String is array (1 .. 2) of Integer;\n   subtype Name is String;",
    # a box in a comment is no unconstrained index
    "type Name is array (1 .. 2 -- not <> here\n   ) of Integer;",
    # a derived type's constraint makes it a constrained array
    "type Vec is array (Positive range <>) of Integer;\n   type Name is new Vec (1 .. 2);"])
def test_constrained_arrays_however_declared_are_checked(tmp_path, decls):
    # the accept writes the formal and raises: by reference the write stays
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(RAISE_AFTER_WRITE.replace("DECLS", decls))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    d = {n.rsplit(".", 1)[-1]: d for n, d in out.decisions.items()}["Server"]
    assert "the accept body may raise after it may have written it" in _reasons(d)

"""Calls the call graph must follow though no call statement of the server names
them: the elaboration of a package declared in a called subprogram, in a block or
as a subunit, and of an instance of a generic package (its specification and its
body); calls through access-to-subprogram values held in components, arrays or
returned by functions; the subprograms a type's representation clauses and aspects
name (stream attributes, a storage pool, Constant_Indexing); the actuals a generic
outside the sources calls (Ada.Containers.Vectors' "="); the iterator operations of a
generalized loop; task creation by a declaration (not an allocator).

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
    "access_component": ("""   type PA is access procedure (N : Integer);
   type Rec is record
      Act : PA;
   end record;
   R : constant Rec := (Act => Block'Access);""", "R.Act (N);", "", "", {}),
    "access_array": ("""   type PA is access procedure (N : Integer);
   type Tab is array (1 .. 1) of PA;
   Table : constant Tab := (1 => Block'Access);""", "Table (1) (N);", "", "", {}),
    "access_function_result": ("""   type PA is access procedure (N : Integer);
   function Get return PA is (Block'Access);""", "Get.all (N);", "", "", {}),
    "constant_indexing": ("""   package Pk is
      type C is tagged null record
        with Constant_Indexing => Get;
      function Get (X : C; I : Integer) return Integer;
   end Pk;
   Obj : Pk.C;""", "declare X : Integer := Obj (N); begin null; end;", """   package body Pk is
      function Get (X : C; I : Integer) return Integer is
      begin
         Block (I);
         return I;
      end Get;
   end Pk;""", "", {}),
    "stream_attribute": ("""   package Pk is
      type T is null record;
      procedure W (S : access Ada.Streams.Root_Stream_Type'Class; X : T);
      for T'Write use W;
   end Pk;
   package Null_Streams is
      type Null_Stream is new Ada.Streams.Root_Stream_Type with null record;
      overriding procedure Read
        (S : in out Null_Stream; Item : out Ada.Streams.Stream_Element_Array;
         Last : out Ada.Streams.Stream_Element_Offset);
      overriding procedure Write
        (S : in out Null_Stream; Item : Ada.Streams.Stream_Element_Array) is null;
   end Null_Streams;
   package body Null_Streams is
      overriding procedure Read
        (S : in out Null_Stream; Item : out Ada.Streams.Stream_Element_Array;
         Last : out Ada.Streams.Stream_Element_Offset) is
      begin
         Last := Item'First;
      end Read;
   end Null_Streams;
   NS : aliased Null_Streams.Null_Stream;
   Obj : Pk.T;""", "Pk.T'Write (NS'Access, Obj);", """   package body Pk is
      procedure W (S : access Ada.Streams.Root_Stream_Type'Class; X : T) is
      begin
         Block (1);
      end W;
   end Pk;""", "with Ada.Streams;", {}),
    "storage_pool": ("""   package Pools is
      type Pool is new System.Storage_Pools.Root_Storage_Pool with null record;
      overriding procedure Allocate
        (P : in out Pool; A : out System.Address;
         S : System.Storage_Elements.Storage_Count;
         Al : System.Storage_Elements.Storage_Count);
      overriding procedure Deallocate
        (P : in out Pool; A : System.Address;
         S : System.Storage_Elements.Storage_Count;
         Al : System.Storage_Elements.Storage_Count) is null;
      overriding function Storage_Size
        (P : Pool) return System.Storage_Elements.Storage_Count is (1000);
   end Pools;
   Area : System.Storage_Elements.Storage_Array (1 .. 1000);
   package body Pools is
      overriding procedure Allocate
        (P : in out Pool; A : out System.Address;
         S : System.Storage_Elements.Storage_Count;
         Al : System.Storage_Elements.Storage_Count) is
      begin
         Block (1);
         A := Area (17)'Address;
      end Allocate;
   end Pools;
   My_Pool : Pools.Pool;
   type IA is access Integer;
   for IA'Storage_Pool use My_Pool;
   Ptr : IA;""", "Ptr := new Integer'(5);", "", "with System.Storage_Pools; "
                  "with System.Storage_Elements;", {}),
    "generic_package_with_actuals": ("""   generic
      M : Integer;
   package G is
      X : Integer := M;
   end G;
   package body G is
   begin
      Block (M);
   end G;""", "declare package I is new G (M => N); begin null; end;", "", "", {}),
    "container_actual": ("""   function Eq (L, R : Integer) return Boolean is
   begin
      Block (1);
      return L = R;
   end Eq;
   package Vecs is new Ada.Containers.Vectors (Positive, Integer, Eq);
   V : Vecs.Vector := Vecs.To_Vector (1, 1);""",
                         "if V.Contains (N) then null; end if;", "",
                         "with Ada.Containers.Vectors;", {}),
    "generalized_iterator": ("""   function Has (C : Natural) return Boolean is (C /= 0);
   package Its is new Ada.Iterator_Interfaces (Natural, Has);
   type It is new Its.Forward_Iterator with null record;
   overriding function First (I : It) return Natural is (1);
   overriding function Next (I : It; C : Natural) return Natural;
   function Next (I : It; C : Natural) return Natural is
   begin
      Block (C);
      return 0;
   end Next;
   function Iterate return Its.Forward_Iterator'Class is (It'(null record));""",
                             "for C in Iterate loop null; end loop;", "",
                             "with Ada.Iterator_Interfaces;", {}),
}
W = """   task type W;
   task body W is
   begin
      null;
   end W;
   type Holder is limited record
      T : W;
   end record;
   function Make return Holder is
   begin
      return (T => <>);
   end Make;"""
# task creation no allocator writes: potentially blocking in itself (RM 9.5.1(14));
# the accepting scheme took such servers (Program_Error under Detect_Blocking in
# System.Tasking.Stages.Create_Task), the caller-runs scheme is not concerned
CREATION = {
    "task_object_in_callee": (W + """
   procedure P is
      X : W;
   begin
      null;
   end P;""", "P;", "", "", {}),
    "task_holder_in_block": (W, "declare H : Holder; begin null; end;", "", "", {}),
    "task_function_result_renamed": (W, "declare H : Holder renames Make; begin null; end;",
                                     "", "", {}),
}
# harmless paths beside them: an attribute of an access-to-subprogram array names
# no subprogram it designates; a stream attribute of a type without a clause
HARMLESS = {
    "task_type_named": (W, "declare C : Natural := W'Size; begin Block (1); end;", "", "", {}),
    "container_loops": ("""   package Vecs is new Ada.Containers.Vectors (Positive, Integer);
   V : Vecs.Vector := Vecs.To_Vector (1, 1);
   A : constant array (1 .. 1) of Integer := (others => 1);""",
                        "for E of V loop Block (E); end loop; "
                        "for C in V.Iterate loop null; end loop; "
                        "for E of A loop null; end loop; "
                        "for I in 1 .. N - 1 loop null; end loop;", "",
                        "with Ada.Containers.Vectors;", {}),
    "access_attribute": ("""   type PA is access procedure (N : Integer);
   type Tab is array (1 .. 1) of PA;
   Table : constant Tab := (1 => Block'Access);""",
                         "Block (Table'Length);", "", "", {}),
}


def _program(template: str, block: str, path: str) -> tuple[str, dict[str, str]]:
    decls, stmt, tail, withs, subunits = {**PATHS, **CREATION, **HARMLESS}[path]
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


@pytest.mark.parametrize("path", sorted(PATHS) + sorted(CREATION))
def test_a_delay_reached_from_an_accept_body_keeps_the_accepting_scheme_off(tmp_path, path):
    _out, d = _decide(tmp_path, ACCEPTING, "delay 0.01;", path, "server")
    assert d is None or not (d.rewritten and d.scheme == "accepting-server"), d


@pytest.mark.parametrize("path", sorted(PATHS))
def test_a_wait_for_the_caller_keeps_the_caller_runs_scheme_off(tmp_path, path):
    _out, d = _decide(tmp_path, CALLER_RUNS, "Client.Back;", path, "caller-runs")
    assert d is None or not d.rewritten, d


@pytest.mark.parametrize("path", ["subprogram_package_body", "generic_package_spec",
                                  "stream_attribute", "access_attribute",
                                  "task_type_named", "container_loops",
                                  "container_actual"])
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

"""Calls no statement writes (translator/frontend/implicit.py): a subtype's
Dynamic_Predicate, a subprogram's Pre or a parameter's default, a type's
Type_Invariant, a component's default.  The server's code runs them where it names
the subtype, the subprogram, the object; the blocking and reach checks and the
termination proofs must follow them like written calls.

Each program's server, after its accept, runs Work, which reaches Spin only through
such a call.  Spin's loop is not proved to end (given a natural number, it never
does: the original prints "main done" while its task spins, a translation running
Spin in the caller or in its protected action would hang first, as the review's
repros did).  So each is refused by both schemes; with a Spin without a loop, each
is translated and prints the same, plain and with Detect_Blocking.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

MAIN = """pragma Assertion_Policy (Check);
with Ada.Text_IO; use Ada.Text_IO;
with Preds; use Preds;
procedure Main is
   procedure Work (Limit : Integer) is
      M : Integer := 0;
   begin
      WORK
      M := Limit;
   end Work;

   task Server is
      entry Go (N : Integer);
   end Server;
   task body Server is
      Limit : Integer := 0;
   begin
      loop
         select
            accept Go (N : Integer) do
               Limit := N;
            end Go;
            Work (Limit);
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Go (3);
   delay 0.2;
   Put_Line ("main done");
end Main;
"""
SPEC = """pragma Assertion_Policy (Check);
package Preds is
   function Spin (X : Integer) return Boolean;
   subtype Checked is Integer with Dynamic_Predicate => Spin (Checked);
   procedure Note (X : Integer) with Pre => Spin (X);
   procedure Mark (X : Integer; Y : Boolean := Spin (-1));
   type Account is private with Type_Invariant => Spin (Balance (Account));
   function Balance (A : Account) return Integer;
   procedure Deposit (A : in out Account; V : Integer);
   type Pair is record
      First : Integer := 0;
      Valid : Boolean := Spin (-1);
   end record;
private
   type Account is record
      Value : Integer := 0;
   end record;
end Preds;
"""
BODY = """package body Preds is
   function Spin (X : Integer) return Boolean is
      N : Integer := X;
   begin
      SPIN
      return True;
   end Spin;
   procedure Note (X : Integer) is
   begin
      null;
   end Note;
   procedure Mark (X : Integer; Y : Boolean := Spin (-1)) is
   begin
      null;
   end Mark;
   function Balance (A : Account) return Integer is (A.Value);
   procedure Deposit (A : in out Account; V : Integer) is
   begin
      A.Value := A.Value + V;
   end Deposit;
end Preds;
"""
# Work's statements, each reaching Spin only through a call it does not write
WORK = {
    "predicate": "declare C : Checked := 1; begin C := -Limit; end;",
    "precondition": "Note (-Limit);",
    "parameter_default": "Mark (-Limit);",
    "type_invariant": "declare A : Account; begin Deposit (A, Limit); end;",
    "component_default": "declare P : Pair; begin P.First := Limit; end;",
}
ENDLESS = "while N >= 0 loop N := N * 1; end loop;"


def _write(root: Path, work: str, spin: str) -> None:
    root.mkdir(parents=True)
    (root / "main.adb").write_text(MAIN.replace("WORK", work))
    (root / "preds.ads").write_text(SPEC)
    (root / "preds.adb").write_text(BODY.replace("SPIN", spin))


def _rewrite(tmp_path: Path, work: str, spin: str, scheme: str):
    _write(tmp_path / "src", work, spin)
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def _server(out):
    return next(d for name, d in out.decisions.items() if name.endswith(".Server"))


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
@pytest.mark.parametrize("variant", sorted(WORK))
def test_an_endless_subprogram_reached_by_an_unwritten_call_is_refused(tmp_path, variant,
                                                                       scheme):
    d = _server(_rewrite(tmp_path, WORK[variant], ENDLESS, scheme))
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any("loop" in r and ("not prove" in r or "may never end" in r)
               for r in reasons), reasons


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
@pytest.mark.parametrize("variant", ["predicate", "precondition"])
def test_the_same_calls_of_a_subprogram_that_ends_are_taken(tmp_path, variant, scheme):
    orig = tmp_path / "orig"
    _write(orig, WORK[variant], "N := N + 1;")
    want = run_program(orig, "main").stdout
    assert want == "main done\n"
    out = _rewrite(tmp_path / "new", WORK[variant], "N := N + 1;", scheme)
    assert _server(out).rewritten, [o.reason for o in _server(out).obstacles]
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    assert "task body Server" not in (tmp_path / "new" / "src" / "main.adb").read_text()
    assert run_program(tmp_path / "new" / "src", "main").stdout == want
    assert run_program(tmp_path / "new" / "src", "main",
                       "pragma Detect_Blocking;\n").stdout == want


# A controlled type's Adjust runs where its object is assigned (RM 7.6): in the
# accept body, so inside the accepting scheme's protected action, where its entry
# call is a bounded error (Program_Error under Detect_Blocking, as main had it).
CONTROLLED_SPEC = """with Ada.Finalization;
package Ctl is
   protected Gate is
      entry Pass;
   private
      Open : Boolean := True;
   end Gate;
   type T is new Ada.Finalization.Controlled with record
      V : Integer := 0;
   end record;
   overriding procedure Adjust (X : in out T);
   function Make (V : Integer) return T;
   G : T;
end Ctl;
"""
CONTROLLED_BODY = """package body Ctl is
   protected body Gate is
      entry Pass when Open is
      begin
         null;
      end Pass;
   end Gate;
   procedure Adjust (X : in out T) is
   begin
      ADJUST
      X.V := X.V + 1;
   end Adjust;
   function Make (V : Integer) return T is (Ada.Finalization.Controlled with V => V);
end Ctl;
"""
CONTROLLED_MAIN = """with Ada.Text_IO; use Ada.Text_IO;
with Ctl; use Ctl;
procedure Main is
   task Server is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end Server;
   task body Server is
   begin
      loop
         select
            accept Put (V : Integer) do
               G := Make (V);
            end Put;
         or
            accept Get (V : out Integer) do
               V := G.V;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
   X : Integer;
begin
   Server.Put (3);
   Server.Get (X);
   Put_Line (Integer'Image (X));
end Main;
"""


def _controlled(root: Path, adjust: str) -> None:
    root.mkdir(parents=True)
    (root / "main.adb").write_text(CONTROLLED_MAIN)
    (root / "ctl.ads").write_text(CONTROLLED_SPEC)
    (root / "ctl.adb").write_text(CONTROLLED_BODY.replace("ADJUST", adjust))


def test_an_adjust_that_blocks_is_refused_in_a_protected_action(tmp_path):
    _controlled(tmp_path / "src", "Gate.Pass;")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="server"))
    d = _server(out)
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any("Adjust" in r and "potentially blocking" in r for r in reasons), reasons


def test_an_adjust_that_does_not_block_is_taken(tmp_path):
    _controlled(tmp_path / "orig", "null;")
    want = run_program(tmp_path / "orig", "main").stdout
    _controlled(tmp_path / "new" / "src", "null;")
    out = in_dir(tmp_path / "new", lambda: rewrite.run(Options(paths=("src",)),
                                                        scheme="server"))
    assert _server(out).rewritten, [o.reason for o in _server(out).obstacles]
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    assert run_program(tmp_path / "new" / "src", "main",
                       "pragma Detect_Blocking;\n").stdout == want


# A storage pool's Allocate runs at each allocator of an access type it serves
# (RM 13.11): here in the accept body, so in the accepting scheme's protected action.
POOL = {
    "pools.ads": """with System.Storage_Pools; use System.Storage_Pools;
with System.Storage_Elements; use System.Storage_Elements;
with System;
package Pools is
   protected Gate is
      entry Pass;
   private
      Open : Boolean := True;
   end Gate;
   type Arena is new Root_Storage_Pool with record
      Used : Storage_Offset := 0;
   end record;
   overriding procedure Allocate (Pool : in out Arena; Address : out System.Address;
      Size : Storage_Count; Alignment : Storage_Count);
   overriding procedure Deallocate (Pool : in out Arena; Address : System.Address;
      Size : Storage_Count; Alignment : Storage_Count);
   overriding function Storage_Size (Pool : Arena) return Storage_Count;
   Heap : Arena;
   type Int_Ptr is access Integer with Storage_Pool => Heap;
end Pools;
""",
    "pools.adb": """package body Pools is
   protected body Gate is
      entry Pass when Open is
      begin
         null;
      end Pass;
   end Gate;
   Store : Storage_Array (1 .. 4096);
   for Store'Alignment use 16;
   procedure Allocate (Pool : in out Arena; Address : out System.Address;
      Size : Storage_Count; Alignment : Storage_Count) is
   begin
      Gate.Pass;
      Pool.Used := (Pool.Used + Alignment - 1) / Alignment * Alignment;
      Address := Store (Store'First + Pool.Used)'Address;
      Pool.Used := Pool.Used + Size;
   end Allocate;
   procedure Deallocate (Pool : in out Arena; Address : System.Address;
      Size : Storage_Count; Alignment : Storage_Count) is
   begin
      null;
   end Deallocate;
   function Storage_Size (Pool : Arena) return Storage_Count is (Store'Length);
end Pools;
""",
    "main.adb": """with Ada.Text_IO; use Ada.Text_IO;
with Pools; use Pools;
procedure Main is
   task Server is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end Server;
   task body Server is
      P : Int_Ptr;
   begin
      loop
         select
            accept Put (V : Integer) do
               P := new Integer'(V);
            end Put;
         or
            accept Get (V : out Integer) do
               V := P.all;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
   X : Integer;
begin
   Server.Put (3);
   Server.Get (X);
   Put_Line (Integer'Image (X));
end Main;
""",
}


# Ada 2022: Point'Image calls Point's Put_Image, named by an aspect (RM 4.10).
IMAGE = {
    "imgs.ads": """pragma Ada_2022;
with Ada.Strings.Text_Buffers;
package Imgs is
   protected Gate is
      entry Pass;
   private
      Open : Boolean := True;
   end Gate;
   type Point is record
      X : Integer := 0;
   end record with Put_Image => Show;
   procedure Show (Buffer : in out Ada.Strings.Text_Buffers.Root_Buffer_Type'Class; P : Point);
end Imgs;
""",
    "imgs.adb": """pragma Ada_2022;
package body Imgs is
   protected body Gate is
      entry Pass when Open is
      begin
         null;
      end Pass;
   end Gate;
   procedure Show (Buffer : in out Ada.Strings.Text_Buffers.Root_Buffer_Type'Class; P : Point) is
   begin
      Gate.Pass;  --  writes nothing: a Put on Buffer would be a dispatching call
   end Show;
end Imgs;
""",
    "main.adb": """pragma Ada_2022;
with Ada.Text_IO; use Ada.Text_IO;
with Imgs; use Imgs;
procedure Main is
   task Server is
      entry Put (V : Integer);
      entry Get (L : out Natural);
   end Server;
   task body Server is
      P : Point := (X => 0);
      N : Natural := 0;
   begin
      loop
         select
            accept Put (V : Integer) do
               P.X := V;
               N := Point'Image (P)'Length;
            end Put;
         or
            accept Get (L : out Natural) do
               L := N;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
   X : Natural;
begin
   Server.Put (3);
   Server.Get (X);
   Put_Line (Integer'Image (X));
end Main;
""",
}


@pytest.mark.parametrize("body", ["Gate.Pass;", "null;"])
@pytest.mark.parametrize("program", ["pool", "put_image"])
def test_an_operation_the_language_calls_is_followed(tmp_path, program, body):
    files, called = {"pool": (POOL, "Allocate"), "put_image": (IMAGE, "Show")}[program]
    for root in (tmp_path / "orig", tmp_path / "new" / "src"):
        root.mkdir(parents=True)
        for name, text in files.items():
            (root / name).write_text(text.replace("Gate.Pass;", body, 1)
                                     if name.endswith(".adb") else text)
    out = in_dir(tmp_path / "new", lambda: rewrite.run(Options(paths=("src",)),
                                                        scheme="server"))
    d = _server(out)
    if body != "null;":
        assert not d.rewritten
        assert any(called in o.reason for o in d.obstacles), d.obstacles
        return
    assert d.rewritten, [o.reason for o in d.obstacles]
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    want = run_program(tmp_path / "orig", "main").stdout
    assert run_program(tmp_path / "new" / "src", "main",
                       "pragma Detect_Blocking;\n").stdout == want


# The loop's exit test reads M, stepped up by one each pass: the ranking proof holds
# for the statements written; but assigning C checks Checked's predicate, whose Back
# steps M down again: the loop never ends.
COUNTER_SET_BACK = """pragma Assertion_Policy (Check);
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   procedure Work (Limit : Integer) is
      M : Integer := 0;
      function Back (X : Integer) return Boolean is
      begin
         M := M - 1;
         return X >= 0;
      end Back;
      subtype Checked is Integer with Dynamic_Predicate => Back (Checked);
      C : Checked := 1;
   begin
      loop
         M := M + 1;
         C := M + 1;
         exit when M > Limit;
      end loop;
   end Work;

   task Server is
      entry Go (N : Integer);
   end Server;
   task body Server is
      Limit : Integer := 0;
   begin
      loop
         select
            accept Go (N : Integer) do
               Limit := N;
            end Go;
            Work (Limit);
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Go (3);
   delay 0.2;
   Put_Line ("main done");
end Main;
"""


@pytest.mark.parametrize("scheme", ["server", "caller-runs"])
def test_a_loop_whose_predicate_check_changes_its_counter_is_not_proved(tmp_path, scheme):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(COUNTER_SET_BACK)
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))
    d = _server(out)
    assert not d.rewritten
    assert any("loop" in o.reason for o in d.obstacles), d.obstacles

"""Guards that cannot raise (common/raising.py): static arithmetic, bounds and lengths
are let through, arithmetic on variables and anything that can fail is not.

The unit tests name each kind of operand through ``kind_of`` as GNAT's cross
references would (quiet.Quiet.kind_of); the translation tests compile real
servers, so the names are resolved by GNAT.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend import syntax
from rdv2po.frontend.analysis import Options
from rdv2po.schemes.common.raising import cannot_raise

OWN = {"count", "seated", "last", "x", "y", "b", "q", "items", "p"}
KINDS = {"n": "number", "m": "number", "seat": "static", "index": "bounds",
         "items": "static", "q": "bounds", "integer": "static", "p": None}


def _expression(text: str) -> syntax.Node:
    data = f"procedure T is begin B := {text}; end T;".encode()
    tree = syntax._parser().parse(data)
    stmt = next(n for n in syntax.walk(tree.root_node) if n.type == "assignment_statement")
    return stmt.named_children[-1]


def _quiet(text: str) -> bool:
    def plain(ident):
        return syntax.text(ident).lower() in OWN | set(KINDS) - {"p"}

    def kind_of(ident):
        return KINDS.get(syntax.text(ident).lower())
    return cannot_raise(_expression(text), plain, {"put"}, kind_of)


@pytest.mark.parametrize("expr", [
    "Seated < N - 1",             # a named number minus a literal: static
    "Count <= N * M + 1",         # static arithmetic of named numbers
    "Last <= Q'Last",             # the bound of an array object: reads it
    "Count < Index'Last",         # the bound of a subtype
    "Count < Items'Length",       # the length of a statically constrained array
    "Count < Items'Length - 1",   # and static arithmetic on it
    "Count < Seat'Last - N",      # bounds of a static subtype are static
    "X < -1",                     # a negative literal
    "X in 1 .. N - 1",            # a membership with static bounds
    "Count < 2 ** 4",
    "Count mod 4 = 0",            # mod by a literal, as before
    "Put'Count = 0 and then X > Y",
    "X < Integer'Last",
])
def test_what_cannot_raise(expr):
    assert _quiet(expr)


@pytest.mark.parametrize("expr", [
    "X + 1 < Y",                  # a variable plus one can overflow
    "Count < Y - 1",
    "-X < 0",                     # negation of Integer'First overflows
    "abs X > 0",
    "Count < Index'Last + 1",     # a non-static bound plus one can overflow
    "Count < Q'Length",           # a length converted to Count's type can overflow
    "Count < P'Last",             # through an access value: P.all'Last
    "X / N > 0",                  # division of a variable
    "X * 2 < 10",
    "Count < Items'First (1)",    # a dimension argument
    "F (X)",                      # a call
    "Q (X) > 0",                  # indexing
    "Count < N - Y",
])
def test_what_can_raise(expr):
    assert not _quiet(expr)


TEMPLATE = """
procedure Main is
   N : constant := 4;
   subtype Seat is Positive range 1 .. N;
   type Buffer is array (Positive range <>) of Integer;
   task T is
      entry Put (V : Integer);
      entry Get (V : out Integer);
   end T;
   task body T is
      Items : array (1 .. N) of Integer := (others => 0);
      Open : Buffer (1 .. N + 1) := (others => 0);
      Count : Natural := 0;
      X : Integer := 0;
   begin
      loop
         select
            when {guard} =>
               accept Put (V : Integer) do
                  X := V;
               end Put;
               Count := Count + 1;
         or
            accept Get (V : out Integer) do
               V := X + Items (1) + Open (1);
            end Get;
         or
            terminate;
         end select;
      end loop;
   end T;
   V : Integer;
begin
   T.Put (1);
   T.Get (V);
end Main;
"""


def _rewrite(tmp_path: Path, guard: str):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(TEMPLATE.format(guard=guard).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    return out.decisions["Main.T"]


@pytest.mark.parametrize("guard", ["Count < N - 1", "Count <= Items'Last",
                                   "Count < Items'Length", "Count < Seat'Last",
                                   "Count < Open'Length - 1", "Count < Seat'Last - N + 3"])
def test_a_guard_that_cannot_raise_is_translated(tmp_path, guard):
    decision = _rewrite(tmp_path, guard)
    assert decision.rewritten, decision


@pytest.mark.parametrize("guard", ["Count + 1 < N", "X - 1 < Count", "Count < Items (1)"])
def test_a_guard_that_can_raise_is_refused(tmp_path, guard):
    decision = _rewrite(tmp_path, guard)
    assert not decision.rewritten
    assert "can raise" in str(decision), decision

"""The one structure of a task body (body_structure.py): what it finds is what a walk
over the body's own nodes finds, on every task body of the corpus, and its typed views
hold the parts a scheme reads."""

from __future__ import annotations

import textwrap

import pytest

from corpus_harness import CORPUS
from rdv2po.frontend import sources, syntax
from rdv2po.frontend.body_structure import (Accept, Block, Branches, Loop, Select,
                                            body_structure, own_nodes)
from rdv2po.frontend.structure import exits_of, main_loop

SYNC = ("accept_statement", "selective_accept")


def _bodies():
    for path in sorted(CORPUS.glob("*/src/*.ad[bs]")):
        src, _ = sources.load(path)
        tree = syntax.parse(src)
        for node in syntax.walk(tree.root_node):
            if node.type == "task_body":
                yield f"{path.parent.parent.name}/{path.name}:{node.start_point[0] + 1}", node


BODIES = list(_bodies())


def test_the_corpus_has_task_bodies():
    assert len(BODIES) > 100


@pytest.mark.parametrize("where,body", BODIES, ids=[w for w, _ in BODIES])
def test_the_structure_finds_what_the_body_holds(where, body):
    s = body_structure(body)
    own = list(own_nodes(body))
    assert [x.node for x in s.syncs] == [n for n in own if n.type in SYNC]
    assert s.handlers == [n for n in own if n.type == "exception_handler"]
    statements = [n for n in own if n.parent is not None and (
        n.parent.type == "sequence_of_statements"
        or n.parent.type == "accept_alternative" and n.type == "accept_statement")]
    assert [x.node for x in s.walk()] == statements
    for x in s.walk():
        assert x.sync == (x.node.type in SYNC or any(n.type in SYNC for n in own_nodes(x.node)))


def _structure(body_text: str):
    data = textwrap.dedent(body_text).encode()
    tree = syntax._parser().parse(data)
    body = next(n for n in syntax.walk(tree.root_node) if n.type == "task_body")
    return body_structure(body)


BODY = """
    task body S is
       N : Integer := 0;
    begin
       accept Start;
       Outer : for I in 1 .. 3 loop
          if N > 1 then
             accept A;
          elsif N = 0 then
             null;
          else
             select
                when N > 0 => accept B (X : Integer) do N := X; end B; N := 1;
             or
                delay 1.0;
             or
                terminate;
             end select;
          end if;
          case N is
             when 1 | 2 => accept A;
             when others => exit Outer;
          end case;
          declare
             Y : Integer;
          begin
             accept F (1) (X : Integer) do accept A; end F;
          exception
             when others => null;
          end;
          while N < 3 loop N := N + 1; exit Outer when N = 2; exit; end loop;
       end loop Outer;
    exception
       when others => null;
    end S;
    """


def test_the_typed_views_hold_the_parts_a_scheme_reads():
    s = _structure(BODY)
    assert [d.type for d in s.declarations] == ["object_declaration"]
    assert len(s.statements.handlers) == 1
    start, loop = s.statements.items
    assert isinstance(start, Accept) and start.top and not start.in_loop and start.do is None
    assert isinstance(loop, Loop) and loop.label == "outer" and loop.for_spec is not None
    assert loop.cond is None and loop.sync
    assert main_loop(s) == (loop, 1)
    branches, case, block, inner = loop.body.items
    assert isinstance(branches, Branches) and [a.condition is None for a in branches.arms] \
        == [False, False, True]
    select = branches.arms[2].body.items[0]
    assert isinstance(select, Select) and select.in_loop and select.else_part is None
    assert [a.kind for a in select.alternatives] == ["accept", "delay", "terminate"]
    b = select.alternatives[0]
    assert syntax.text(b.guard) == "N > 0" and b.accept.in_select and not b.accept.top
    assert [x.type for x in b.after.items] == ["assignment_statement"]
    assert isinstance(case, Branches) and syntax.text(case.selector) == "N" and case.has_else
    assert isinstance(block, Block) and len(block.declarations) == 1
    assert len(block.body.handlers) == 1
    f = block.body.items[0]
    assert isinstance(f, Accept) and syntax.text(f.index) == "1" and f.formal is not None
    nested = f.do.items[0]
    assert isinstance(nested, Accept) and not nested.top and nested.in_loop
    assert isinstance(inner, Loop) and inner.cond is not None and not inner.sync
    # exits leaving the server loop: the labelled ones, not the inner loop's own
    lines = [loc.line for loc in exits_of(loop, lambda n: _Loc(n.start_point[0] + 1))]
    assert lines == [22, 31]


class _Loc:
    def __init__(self, line):
        self.line = line

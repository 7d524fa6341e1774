"""Code put on one line by a translation (frontend/syntax.py: one_line for a node,
squeeze for rendered text): the gaps between tokens become one blank, comments go,
and string and character literals stay as written -- their blanks are values.

corpus/one_line_literals runs translations that depend on it."""

from __future__ import annotations

import pytest

from rdv2po.frontend.syntax import _parser, first_child, one_line, squeeze, walk

CONDITION = (
    b'procedure M is\n'
    b'begin\n'
    b'   loop\n'
    b'      exit when Last = "x  y"   -- two blanks\n'
    b'        or else Last = Character\'(\' \') & "say ""a  b"""\n'
    b"        or X'Last = 'q';\n"
    b'   end loop;\n'
    b'end M;\n'
)
FLAT = "Last = \"x  y\" or else Last = Character'(' ') & \"say \"\"a  b\"\"\" or X'Last = 'q'"


def _condition():
    tree = _parser().parse(CONDITION)
    exit_stmt = next(n for n in walk(tree.root_node) if n.type == "exit_statement")
    return first_child(exit_stmt, "expression")


def test_a_node_on_one_line_keeps_its_literals_and_drops_its_comments():
    assert one_line(_condition()) == FLAT


def test_rendered_text_squeezed_is_the_same_line():
    cond = _condition()
    assert squeeze(CONDITION[cond.start_byte:cond.end_byte].decode()) == FLAT


@pytest.mark.parametrize("code, line", [
    ("A  :=  B\n   +  C;", "A := B + C;"),                       # nothing to keep
    ('Put ("  ");  -- blanks\n', 'Put ("  ");'),
    ("T'(' ')", "T'(' ')"),                                      # tick, then a literal
    ("C = '''' or C = ' '", "C = '''' or C = ' '"),              # quote and blank
    ('"-- not a comment"  &  S', '"-- not a comment" & S'),
])
def test_squeeze(code, line):
    assert squeeze(code) == line


def test_a_shortened_line_is_cut_after_a_whole_token():
    """realcode7: ``is new Util.Picker (Colo`` (an identifier cut) names nothing."""
    cond = _condition()
    ends, pos, last = {}, 0, None       # where each token of FLAT ends: the token
    for n in walk(cond):
        if n.child_count or n.type == "comment":
            continue
        pos += (last is not None and n.start_byte > last) + len(n.text)
        ends[pos] = n.text.decode()
        last = n.end_byte
    for limit in range(12, len(FLAT)):
        short = one_line(cond, limit=limit)
        assert short.endswith("...") and len(short) <= limit, (limit, short)
        assert FLAT.startswith(short[:-3]) and len(short) - 3 in ends, (limit, short)
        # nor after a selected component's dot or an attribute's tick
        assert ends[len(short) - 3] not in (".", "'"), (limit, short)
    assert one_line(cond, limit=len(FLAT)) == FLAT
    assert one_line(cond, limit=3) == "Last..."     # at least one token


def test_an_instance_is_cut_after_the_generic_s_name():
    tree = _parser().parse(b"package Colours is new Util.Picker (Colour_Names);\n")
    inst = next(n for n in walk(tree.root_node) if n.type == "generic_instantiation")
    assert one_line(inst, limit=40) == "package Colours is new Util.Picker (..."

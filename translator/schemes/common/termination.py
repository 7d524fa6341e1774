"""Is a loop proved to end?  Both eliminating schemes run code the task ran after its
caller went on -- in the caller (caller-runs) or in its protected action (accepting) --
and a loop there that never ends would keep that caller for ever, where the original
caller went on.

Proved for a ``while`` loop one of whose ``and`` conjuncts compares a signed integer
local with a bound the loop does not change, the local stepped towards the bound by
one unconditional statement of the loop (an overflow or range check failing ends it
too); and for a plain loop left by ``exit when M > B`` (ranking.py).  Both proofs
read the loop's own statements only, so each holds where the loop is in a subprogram
or task body whose objects no other task reaches (no address, access value, Atomic
or Volatile mark, or task or protected unit beside them), calls no subprogram and no
operator of the sources (which could change its locals or mean other arithmetic),
and bounds it by objects of that unit or constants.  Every loop nested in it is
judged on its own.
"""

from __future__ import annotations

import re
from pathlib import Path

from ...frontend.ali import Entity
from ...frontend.denotes import entity_kind, standard_name
from ...frontend.implicit import hidden_of
from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from . import ranking
from .locals import attribute_name, entity_at, local_or_constant, shares, unit_of
from .startup import renamed_operator


SUPPRESSING = re.compile(r"\bpragma\s+suppress\s*\(\s*(overflow_check|range_check|all_checks)\b",
                         re.IGNORECASE)
# procedures, functions (also generic and abstract ones) and entries
SUBPROGRAMS = frozenset("UVuvxyY")


def ends(ws: Workspace, fu: FileUnit, loop: Node) -> bool:
    """Is the loop proved to end, whatever other tasks do?"""
    unit = unit_of(loop)
    if unit is None or shares(fu, unit) or _calls_the_sources(ws, fu, loop) or \
            _arithmetic_of_the_sources(ws) or _checks_suppressed(ws) or \
            any(n.type == "goto_statement" for n in walk(loop)):
        return False
    return _counted(ws, fu, loop, unit) or ranking.ends(ws, fu, loop, unit)


def unprovable(ws: Workspace) -> str | None:
    """Why no loop of the program is proved to end, if that holds for the whole
    program: the reason a refusal gives instead of naming the loop's counter."""
    if _arithmetic_of_the_sources(ws):
        return ('the program declares a "+", "-" or "*" of its own, so the proofs\' '
                'arithmetic may not be the program\'s')
    if _checks_suppressed(ws):
        return "overflow or range checks are suppressed, so a counter may wrap round"
    return None


def ranged(loop: Node) -> bool:
    """A ``for`` loop over a range or subtype (``for I in ...``): it ends by itself."""
    scheme = first_child(loop, "iteration_scheme")
    return scheme is not None and first_child(scheme, "loop_parameter_specification") \
        is not None


def leaves_early(loop: Node) -> bool:
    """Does the loop hold an exit, return or goto (a ``for`` loop then may end before
    its last iteration: when what it polls says so)?"""
    return any(n.type in ("exit_statement", "simple_return_statement",
                          "extended_return_statement", "goto_statement")
               for n in walk(loop))


def over_iterator(ws: Workspace, fu: FileUnit, loop: Node) -> bool:
    """Is it a ``for`` loop over an iterator rather than a discrete range or an array's
    components?  An iterator's Next (a type of the sources, or a container the loop
    itself grows) decides when it ends, which may be never."""
    scheme = first_child(loop, "iteration_scheme")
    spec = first_child(scheme, "loop_parameter_specification") if scheme else None
    if spec is not None:
        if first_child(spec, "range_g") is not None:
            return False
        names = [c for c in spec.named_children[1:] if c.type != "comment"]
        ent = _denoted(ws, fu, names[0]) if names else None
        return not (ent is None and names and _standard(fu, names[0]) or
                    ent is not None and entity_kind(ent) == "a type")
    spec = first_child(scheme, "iterator_specification") if scheme else None
    if spec is None:
        return False
    kinds = [c.type for c in spec.children]
    after = spec.children[kinds.index("of") + 1:] if "of" in kinds else []
    ent = _denoted(ws, fu, after[0]) if after else None
    return ent is None or ent.kind not in ("a", "s")


def goes_back(top: Node, goto: Node) -> bool:
    """Does the goto jump to a label written before it (a loop of its own)?"""
    target = first_child(goto, "identifier")
    name = text(target).lower() if target is not None else None
    return any(n.type == "label" and n.start_byte < goto.start_byte and
               any(text(i).lower() == name for i in n.named_children) for n in walk(top))


def _denoted(ws: Workspace, fu: FileUnit, name: Node) -> Entity | None:
    """The entity a name (an identifier or an expanded name) denotes."""
    if name.type == "selected_component":
        name = name.named_children[-1]
    return entity_at(ws, fu, name) if name.type == "identifier" else None


def _standard(fu: FileUnit, name: Node) -> bool:
    return name.type == "identifier" and fu.resolved and standard_name(text(name).lower())


def _calls_the_sources(ws: Workspace, fu: FileUnit, loop: Node) -> bool:
    """Does the loop call a subprogram or operator of the sources, written or not (a
    predicate checked, a default evaluated: frontend/implicit.py)?"""
    if hidden_of(ws, fu, loop):
        return True
    ours = {u.base for u in ws.units()}
    for n in walk(loop):
        if n.type == "identifier" or (not n.is_named and n.child_count == 0):
            found = ws.xref.at(fu.pos(n))
            if any(ent.kind in SUBPROGRAMS and ent.file in ours for ent, _k in found):
                return True
    return False


def _checks_suppressed(ws: Workspace) -> bool:
    """Does a pragma of the sources or of a configuration pragma file suppress overflow
    or range checks?  Both proofs count on a counter that steps past the end of its
    range raising (ending the loop), not wrapping round below its bound (erroneous,
    RM 11.5(26), and GNAT's code then loops).  The build's -gnatp is not seen."""
    texts = [fu.src.data.decode("latin-1") for fu in ws.units()]
    for switch in ws.config:
        try:
            texts.append(Path(switch.split("=", 1)[-1]).read_text(errors="replace"))
        except OSError:
            return True
    return any(SUPPRESSING.search(t) for t in texts)


def _arithmetic_of_the_sources(ws: Workspace) -> bool:
    """Does the program declare a "+", "-" or "*" of its own?  Constants the proofs
    compute (outside the loop) would then not mean what they read.  A renaming of a
    predefined or language-defined operator (``renames Ada.Calendar."+"``) is that
    operator: it adds what its unit says (integers as Standard does)."""
    return any(text(c).strip('"') in ("+", "-", "*") and not _renames_language(ws, fu, c)
               for fu in ws.units() for s in fu.nodes_of_type("function_specification")
               for c in s.children if c.type == "string_literal")


def _renames_language(ws: Workspace, fu: FileUnit, name: Node) -> bool:
    """Is the operator declared at ``name`` a renaming of a predefined or
    language-defined one (GNAT's cross references followed through renamings)?"""
    decl = name.parent.parent if name.parent is not None else None
    if decl is None or decl.type != "subprogram_renaming_declaration":
        return False
    base, line, col = fu.pos(name)          # GNAT places it inside the quotes
    ent = ws.xref.declared_at((base, line, col + 1)) or ws.xref.declared_at((base, line, col))
    return ent is not None and renamed_operator(ws, ent) is not ent


def _counted(ws: Workspace, fu: FileUnit, loop: Node, unit: Node) -> bool:
    """A while loop with a counter stepping towards a bound that stays put."""
    scheme = first_child(loop, "iteration_scheme")
    cond = first_child(scheme, "expression") if scheme is not None else None
    body = first_child(loop, "sequence_of_statements")
    if cond is None or body is None or any(c.type in ("or", "xor") for c in cond.children):
        return False
    parts: list[list[Node]] = [[]]
    for c in cond.children:
        if c.type in ("and", "then"):
            if parts[-1]:
                parts.append([])
        else:
            parts[-1].append(c)
    return any(_steps(ws, fu, body, unit, p) for p in parts)


def _steps(ws: Workspace, fu: FileUnit, body: Node, unit: Node, part: list[Node]) -> bool:
    if len(part) != 3 or part[1].type != "relational_operator" or part[0].type != "term" \
            or [c.type for c in part[0].children] != ["identifier"]:
        return False
    var, op, bound = text(part[0]).lower(), text(part[1]), part[2]
    ent = entity_at(ws, fu, part[0].children[0])
    if ent is None or ent.kind != "i" or op not in ("<", "<=", ">", ">=") or \
            ranking.aliased(ws, fu, ent, unit):
        return False
    idents = [n for n in walk(bound) if n.type == "identifier"
              and not attribute_name(n)]
    names = {text(n).lower() for n in idents}
    if var in names or any(_changed(body, n) for n in names) or \
            not all(_kept(ws, fu, unit, n) for n in idents) or \
            any(_modified_in(ws, fu, body, n) for n in idents):
        return False
    sets = [a for a in walk(body) if a.type == "assignment_statement"
            and text(a.named_children[0]).lower() == var]
    if len(sets) != 1 or sets[0].parent != body or _passed(body, var):
        return False
    # GNAT's changes of the counter in the loop: that assignment alone (an expanded
    # name, Blk.J := 0, is another change the names above do not show)
    if _modified_in(ws, fu, body, part[0].children[0]) != [sets[0].named_children[0]]:
        return False
    rhs = " ".join(text(sets[0].named_children[1]).lower().split())
    step = re.fullmatch(re.escape(var) + r" ([-+/]) (\d+)", rhs)
    if step is None:
        return False
    sign, k = step.group(1), int(step.group(2))
    if sign == "/":
        low = text(bound).strip()
        return op in (">", ">=") and k >= 2 and low.isdigit() and int(low) >= (op == ">=")
    return k >= 1 and (sign == "+") == (op in ("<", "<="))


def _modified_in(ws: Workspace, fu: FileUnit, body: Node, ident: Node) -> list[Node]:
    """The identifiers at which GNAT lists a change of the object ``ident`` names,
    within ``body`` (the node at each, or the body itself where none is found)."""
    ent = entity_at(ws, fu, ident)
    out = []
    for r in ent.refs if ent is not None else ():
        off = fu.offset_of_gnat(r.line, r.col) if r.kind == "m" and r.file == fu.base \
            else None
        if off is not None and body.start_byte <= off < body.end_byte:
            out.append(fu.ident_at_gnat(r.line, r.col) or body)
    return out


def _kept(ws: Workspace, fu: FileUnit, unit: Node, ident: Node) -> bool:
    """Can no other task change what the bound names: an object of the unit, a
    constant, or no object (a type, a literal)?"""
    ent = entity_at(ws, fu, ident)
    if ent is None or not ent.kind.islower():
        return ent is not None
    return local_or_constant(ws, fu, unit, ent) and not ranking.aliased(ws, fu, ent, unit)


def _changed(body: Node, name: str) -> bool:
    """Is the object named assigned, or handed to a call, in the loop's statements?"""
    for a in walk(body):
        if a.type == "assignment_statement":
            target = next((n for n in walk(a.named_children[0]) if n.type == "identifier"),
                          None)
            if target is not None and text(target).lower() == name:
                return True
    return _passed(body, name)


def _passed(body: Node, name: str) -> bool:
    return any(n.type == "identifier" and text(n).lower() == name
               for c in walk(body) if c.type == "procedure_call_statement"
               for n in walk(c))

"""A separate task body under the general scheme.

GNAT finds a subunit by its name (``P.W`` in ``p-w.adb``), and after the
rewrite ``W`` names the protected type, so the subunit file receives the
protected body -- ``separate (P) protected body W is ... end W;`` -- and
the task's code, now ``task body W_Agent``, takes the place of the stub in
the parent, after ``protected body W is separate;``.  The subunit's with
clauses go to the parent's context clause; its use clauses go into the
agent body's declarations, where they apply to the same code as before.
"""

from __future__ import annotations

from ...write.edits import Edit, apply
from ...frontend.syntax import one_line, text
from ..common.fragments import Source, reindent
from .names import Names


def swap(nd, po_lines: list[str], body_edits: list[Edit], n: Names, origin: str,
         hidden: tuple[str, list[str], list[str]] | None = None) -> list[Edit]:
    """``hidden``: (the task's name, the declarations of the rendezvous object and the
    agent, the object's body) when the task's declaration became a public object of
    its name: the subunit then holds that object's body, and the rest stands in the
    parent, before the agent's body."""
    stub_fu, stub = nd.stub
    body, body_fu = nd.body, nd.body_fu
    src = Source(body_fu)
    indent = src.line_indent(body.start_byte)
    po_text = "\n".join(po_lines[:1] + [indent + ln if ln else "" for ln in po_lines[1:]])
    out = [Edit(body_fu.src.path, body.start_byte, body.end_byte, po_text, origin)]
    agent = _agent_text(body_fu, body, body_edits)
    uses = _context(body_fu, "use_clause")
    if uses:
        agent = _with_uses(agent, uses)
    stub_src = Source(stub_fu)
    stub_col = stub_src.column(stub.start_byte)
    moved = reindent(agent, src.column(body.start_byte), stub_col).lstrip(" ")
    pad = " " * stub_col
    stub_text = f"protected body {n.po_type} is separate;\n\n{pad}{moved}"
    if hidden is not None:
        name, decls, po_body = hidden
        lines = decls + [f"protected body {name} is separate;", ""] + po_body + [""]
        stub_text = "\n".join((pad + ln if ln else "") for ln in lines) + "\n" + pad + moved
        stub_text = stub_text[stub_col:]
    out.append(Edit(stub_fu.src.path, stub.start_byte, stub.end_byte, stub_text,
                    origin + " (task body moved from its subunit)"))
    withs = _context(body_fu, "with_clause")
    if withs:
        root = stub_fu.tree.root_node
        cu = next(c for c in root.named_children if c.type == "compilation_unit")
        out.append(Edit(stub_fu.src.path, cu.start_byte, cu.start_byte,
                        "".join(f"{w}\n" for w in withs), origin + " (context)"))
    return out


def _agent_text(fu, body, edits: list[Edit]) -> str:
    """The task body's text with the agent's edits applied."""
    mine = [Edit(e.path, e.start - body.start_byte, e.end - body.start_byte, e.text, e.origin)
            for e in edits if e.path == fu.src.path
            and body.start_byte <= e.start and e.end <= body.end_byte]
    data = fu.src.data[body.start_byte:body.end_byte]
    new = apply(data, mine, fu.src.encoding, "lf")
    return new.decode("latin-1" if fu.src.encoding == "latin-1" else "utf-8").replace("\r\n", "\n")


def _context(fu, kind: str) -> list[str]:
    root = fu.tree.root_node
    cu = next((c for c in root.named_children if c.type == "compilation_unit"), None)
    return [one_line(c) for c in (cu.children if cu else ()) if c.type == kind]


def _with_uses(agent: str, uses: list[str]) -> str:
    """Use clauses as the first declarations of the agent body."""
    head, sep, rest = agent.partition(" is\n")
    if not sep:
        return agent
    first = next((ln for ln in rest.split("\n") if ln.strip()), "")
    pad = first[:len(first) - len(first.lstrip())]
    return head + sep + "".join(f"{pad}{u}\n" for u in uses) + rest

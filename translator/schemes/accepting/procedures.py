"""Entries no caller can tell from protected procedures.

An entry whose barrier is ``True`` in the translation never queues a call
(RM 9.5.3(8): an open entry is selected at once), so its callers see what a
protected procedure gives them -- unless the program looks at the entry as an
entry: a conditional or timed call, a requeue, an asynchronous select's
trigger (all need an entry, or a procedure implemented by one, RM 9.7.2,
9.7.4, 9.5.4), ``'Count``, a renaming or generic actual (through which any of
those may come), a call through an interface.  And a call from inside a
protected action: an entry call there is potentially blocking (RM 9.5.1),
``Program_Error`` under ``pragma Detect_Blocking`` as in the original, where
a protected procedure call is not.

So an entry becomes a procedure only when GNAT's cross references show every
reference to it to be its declaration, its accepts, or a plain call
statement from code that cannot run inside a protected action: a task body,
elaboration code, or a subprogram all of whose references are calls from
such code (followed up to the callers; a primitive operation of a tagged
type, which dispatching and finalization call unseen, and a subprogram
named otherwise than by a call, say as a generic actual or by 'Access, do
not qualify).
"""

from __future__ import annotations

from ...frontend.ali import Entity
from ...frontend.calls import call_context
from ...frontend.syntax import Node, ancestors
from ...frontend.decls import name_node
from ...frontend.workspace import FileUnit, Workspace

# Reference kinds (GNAT lib-xref.ads) that say where an entity is declared and
# completed, not how it is used: body or accept, completion, end of spec, end
# label, end of body, the formal parameters (> in, < out, = in out, ^ access).
_DECLARING = set("bcelt><=^")
_PROTECTED = {"protected_body", "entry_body", "single_protected_declaration",
              "protected_type_declaration"}
_SUBPROGRAM = {"subprogram_body", "expression_function_declaration"}
# dispatching calls and finalization reach these without a reference to them
_PRIMITIVE = set("pP")


class Callers:
    """Which code may run inside a protected action, asked by call site."""

    def __init__(self, ws: Workspace):
        self.ws = ws
        self._unsafe: set[tuple] = set()     # subprograms that may run in a protected action
        self._seen: set[tuple] = set()       # those met in the current question
        self._primitive: set[tuple] | None = None

    def plain_calls_only(self, entry_key: tuple) -> bool:
        """Is every reference to the entry at ``entry_key`` (a cross-reference key) its
        declaration, one of its accepts or a plain call outside any protected action?"""
        ent = self.ws.xref.entities.get(entry_key)
        self._seen = set()
        if ent is None or ent.kind != "Y":
            return False
        for ref in ent.refs:
            if ref.kind in _DECLARING:
                continue
            if ref.kind != "s":
                return False       # 'Count, a renaming, a family member, an actual
            fu, node = self._node_at(ref.file, ref.line, ref.col)
            if node is None or not self._plain_call(node) or not self._outside(fu, node):
                return False
        return True

    def _node_at(self, file: str, line: int, col: int) -> tuple[FileUnit | None, Node | None]:
        loc = self.ws.loc_of(file, line, col)
        fu = self.ws.by_display.get(loc.path) if loc is not None else None
        return (fu, fu.ident_at(loc.line, loc.col)) if fu is not None else (None, None)

    @staticmethod
    def _plain_call(ident: Node) -> bool:
        ctx = call_context(ident)
        if ctx is None or ctx[0] != "simple":
            return False            # conditional, timed, requeue, or no call at all
        stmt = ctx[1]
        return stmt.parent is None or stmt.parent.type != "triggering_alternative"

    def _outside(self, fu: FileUnit, node: Node) -> bool:
        """Can the code at ``node`` never run inside a protected action?"""
        for a in ancestors(node):
            if a.type in _PROTECTED:
                return False
            if a.type == "task_body":
                return True          # run by that task, never inside a protected action
            if a.type in _SUBPROGRAM:
                return not _protected_operation(a) and self._subprogram_outside(fu, a)
            if a.type == "package_body" and self._generic_package(fu, a):
                return False         # its instances may stand anywhere
        return True                  # elaboration of a library package

    def _subprogram_outside(self, fu: FileUnit, body: Node) -> bool:
        ent = self._entity_of(fu, body)
        if ent is None:
            return False
        if ent.key in self._unsafe:
            return False
        if ent.key in self._seen:
            return True     # met before in this question: its callers are being looked at
        self._seen.add(ent.key)
        if self._only_called_outside(ent):
            return True
        self._unsafe.add(ent.key)
        return False

    def _only_called_outside(self, ent: Entity) -> bool:
        if self._is_primitive(ent):
            return False
        for ref in ent.refs:
            if ref.kind in _DECLARING:
                continue
            if ref.kind != "s":
                return False          # 'Access, an actual, a renaming, a dispatching call
            fu, node = self._node_at(ref.file, ref.line, ref.col)
            if node is None or not self._outside(fu, node):
                return False
        return True

    def _entity_of(self, fu: FileUnit, body: Node) -> Entity | None:
        """The subprogram a body completes (or declares), by GNAT's references at its
        name."""
        name = name_node(body)
        if name is None:
            return None
        ident = name if name.type == "identifier" else \
            next((n for n in reversed(name.named_children) if n.type == "identifier"), None)
        if ident is None:
            return None
        pos = fu.pos(ident)
        own = self.ws.xref.declared_at(pos)
        if own is not None:
            return own
        for ent, kind in self.ws.xref.at(pos):
            if kind in ("b", "c"):
                return ent
        return None

    def _is_primitive(self, ent: Entity) -> bool:
        if self._primitive is None:
            self._primitive = {(r.file, r.line, r.col) for e in self.ws.xref.entities.values()
                               for r in e.refs if r.kind in _PRIMITIVE}
        places = {ent.key} | {(r.file, r.line, r.col) for r in ent.refs if r.kind in "bc"}
        return bool(places & self._primitive)

    def _generic_package(self, fu: FileUnit, body: Node) -> bool:
        ent = self._entity_of(fu, body)
        if ent is None:
            return True
        spec = self._node_at(ent.file, ent.line, ent.col)[1]
        return spec is None or any(a.type.startswith("generic") for a in ancestors(spec))


def _protected_operation(body: Node) -> bool:
    """A subprogram body of a protected body (it runs inside a protected action)."""
    for a in ancestors(body):
        if a.type in _PROTECTED:
            return True
        if a.type in _SUBPROGRAM or a.type in ("task_body", "package_body"):
            return False
    return False

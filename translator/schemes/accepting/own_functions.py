"""The task body's own expression functions a guard may call: those whose call
cannot raise and reads nothing but the task's own state.

A guard such as ``when not Is_Full =>`` with ``function Is_Full return
Boolean is (Top = Capacity);`` declared in the task body evaluates the
expression ``Top = Capacity`` -- the same as writing it in the guard.  The
function becomes an operation of the protected body (accepting/scheme.py),
which a barrier may call.  The call is taken as its expression when:

- the function is an expression function declared in the task body itself,
  without parameters (no actual is converted) and without aspects (a
  precondition or postcondition is checked at the call and may fail);
- its result subtype is Standard's Boolean (GNAT records no reference to it,
  so a user's type of that name is told apart): returning the value checks
  nothing;
- its expression cannot raise (raising.cannot_raise, with the same test for
  the names it reads), and every object it names is declared in the task
  body: a barrier is evaluated again only when the object changes, so one
  reading a variable outside the task could miss that variable's change;
- it calls itself neither directly nor through another such function (the
  recursion would never end).
"""

from __future__ import annotations

from ...frontend.syntax import Node, first_child, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ..common.startup import is_object
from ..common.raising import cannot_raise

FUNCTION = "V"      # GNAT's letter for a function


class OwnFunctions:
    """``quiet(entity)``: is a call of this function a quiet read of the task's
    state (the module's list)?  ``plain_name(identifier)`` is the scheme's test for
    the names a guard may read; it is asked again for the function's own names."""

    def __init__(self, ws: Workspace, fu: FileUnit, body: Node, operations: list[Node],
                 plain_name):
        self.ws, self.fu, self.body, self.plain_name = ws, fu, body, plain_name
        self.declarations: dict[tuple, Node] = {}
        for op in operations:
            if op.type != "expression_function_declaration":
                continue
            spec = first_child(op, "function_specification")
            ident = first_child(spec, "identifier") if spec is not None else None
            ent = ws.xref.declared_at(fu.pos(ident)) if ident is not None else None
            if ent is not None:
                self.declarations[ent.key] = op
        self.visiting: set[tuple] = set()

    def quiet(self, ent) -> bool:
        return self.declarations.get(ent.key) is not None and ent.kind == FUNCTION \
            and self.obstacle(ent) is None

    def obstacle(self, ent) -> str | None:
        """Why a call of the task's own function ``ent`` is not taken as its expression
        (None: it is)."""
        decl = self.declarations.get(ent.key)
        if decl is None or ent.kind != FUNCTION:
            return "it is not an expression function of the task body"
        if ent.key in self.visiting:
            return "it calls itself"
        spec = first_child(decl, "function_specification")
        if first_child(spec, "formal_part") is not None:
            return "it has parameters (converting an actual may raise)"
        if first_child(decl, "aspect_specification") is not None:
            return "it has aspects (a precondition or postcondition may fail)"
        if not self._boolean_result(spec):
            return "its result subtype is not Standard's Boolean (returning may check it)"
        expr = next((c for c in decl.named_children if c.type not in
                     ("function_specification", "aspect_specification")), None)
        outside = self._read_outside(expr) if expr is not None else None
        if outside is not None:
            return (f"it reads {outside}, a variable declared outside the task: a barrier "
                    "is evaluated again only when the object changes, and would miss a "
                    f"change of {outside}")
        self.visiting.add(ent.key)
        try:
            if expr is None or not cannot_raise(expr, self.plain_name, set()):
                return ("its expression can raise: in the task the exception ends it at "
                        "its select, in a barrier it reaches that entry's callers only")
        finally:
            self.visiting.discard(ent.key)
        return None

    def called(self, guard: Node):
        """The first call in ``guard`` of a function of the task body whose call is not
        taken as its expression: (name, reason), or None."""
        for n in walk(guard):
            if n.type != "identifier":
                continue
            for ent, _kind in self.ws.xref.at(self.fu.pos(n)):
                if ent.key in self.declarations:
                    reason = self.obstacle(ent)
                    if reason is not None:
                        return text(n), reason
        return None

    def _boolean_result(self, spec: Node) -> bool:
        result = first_child(spec, "result_profile")
        marks = list(result.named_children) if result is not None else []
        return len(marks) == 1 and marks[0].type == "identifier" \
            and text(marks[0]).lower() == "boolean" and not self.ws.xref.at(self.fu.pos(marks[0]))

    def _read_outside(self, expr: Node) -> str | None:
        for n in walk(expr):
            if n.type != "identifier":
                continue
            for ent, _kind in self.ws.xref.at(self.fu.pos(n)):
                if is_object(ent) and not self._declared_inside(ent):
                    return text(n)
        return None

    def _declared_inside(self, ent) -> bool:
        if self.ws.by_base.get(ent.file) is not self.fu:
            return False
        off = self.fu.offset_of_gnat(ent.line, ent.col)
        return off is not None and self.body.start_byte <= off < self.body.end_byte

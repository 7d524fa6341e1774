"""What a call or construct in the server's code may do, through the subprograms
in the sources: nothing that blocks, text output, other language-defined I/O
(input, files, directories), something unknown, a delay, or wait for another
task.  The caller-runs scheme runs the server's code in the caller's thread
outside any protected action, so I/O is fine there; what it must not run is a
wait whose partner may be the very caller.

Text output (``Put``, ``Put_Line``, ``New_Line``, ``Flush`` of the Text_IO
family and GNAT.IO) waits for no task and no input: it is told apart from the
rest of I/O because the scheme takes it after the accept, in the server loop,
where input is not taken (a prompt the caller prints after its call would wait
for the answer the server's Get_Line waits for).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ...frontend.blocking import pretty, unit_kind
from ...frontend.syntax import Node, ancestors, first_child, text, walk
from ...frontend.workspace import Workspace
from ...model import Call, Construct, Location, Subprogram

SAFE, OUTPUT, IO, DELAY, UNKNOWN, WAIT = "safe", "output", "io", "delay", "unknown", "wait"
RANK = {SAFE: 0, OUTPUT: 1, IO: 2, DELAY: 3, UNKNOWN: 4, WAIT: 5}
# the Text_IO family: Ada.Text_IO, its Wide and Wide_Wide forms, their generic children
# (Integer_IO, Unbounded_IO...), Ada.Integer_Text_IO and the like, and GNAT.IO
TEXT_UNITS = re.compile(r"ada\.(wide_)*text_io(\..*)?|ada\.\w+_text_io|gnat\.io")
# of those, what writes (to a file or a string) or names an output file
OUTPUTS = {"put", "put_line", "new_line", "new_page", "flush", "standard_output",
           "standard_error", "current_output", "current_error", "set_output", "set_error"}
# moving on in a file: output in an output file, input in an input file
POSITIONS = {"set_col", "set_line"}
OUTPUT_FILES = {"standard_output", "standard_error", "current_output", "current_error"}
# units whose operations act on the calling task by default (a Task_Id parameter
# defaulted to Current_Task: attributes, priorities, execution time, handlers) or
# suspend it: run by the caller, they act on the caller
PER_TASK = ("ada.task_identification", "ada.task_attributes", "ada.dynamic_priorities",
            "ada.execution_time", "ada.task_termination", "ada.asynchronous_task_control",
            "ada.synchronous_task_control", "ada.dispatching", "system.task_info",
            "gnat.threads", "gnat.task_lock")
WAITS = {"abort": "an abort statement", "conditional_entry_call": "a conditional entry call",
         "timed_entry_call": "a timed entry call"}


@dataclass(frozen=True)
class Reach:
    kind: str                  # SAFE, IO, DELAY, UNKNOWN or WAIT
    path: tuple[str, ...]      # from the call to what makes it that kind

    def chain(self) -> str:
        return " -> ".join(self.path)


NOTHING = Reach(SAFE, ())


def worst(a: Reach, b: Reach) -> Reach:
    return b if RANK[b.kind] > RANK[a.kind] else a


class Reaches:
    """``ws``: the workspace, to read a call's actuals (Set_Col of an output file
    writes text); without it, such calls are I/O."""
    def __init__(self, subprograms: tuple[Subprogram, ...], task_types: set[str],
                 ws: Workspace | None = None):
        self.subs = {s.body: s for s in subprograms}
        self.task_types = {t.lower() for t in task_types}
        self.ws = ws
        self._memo: dict[Location, Reach] = {}

    def construct(self, c: Construct) -> Reach:
        if c.kind == "delay":
            return Reach(DELAY, ("a delay statement",))
        if c.kind in WAITS:
            return Reach(WAIT, (WAITS[c.kind],))
        if c.kind == "allocator":
            words = c.text.lower().replace("(", " ").replace("'", " ").split()
            if len(words) > 1 and words[0] == "new" and words[1].split(".")[-1] in self.task_types:
                return Reach(WAIT, (f"'{c.text}' (task creation)",))
        return NOTHING

    def call(self, call: Call) -> Reach:
        name = pretty(call.target)
        if call.kind in ("entry", "protected_entry"):
            return Reach(WAIT, (f"entry call {call.name}",))
        if "current_task" in call.target.lower() or \
                call.unit.lower().startswith(PER_TASK):
            # the server's code would see the caller's identity, not the server's
            return Reach(WAIT, (name,))
        if call.body is not None and call.body in self.subs:
            below = self._body(call.body)
            return Reach(below.kind, (name,) + below.path) if below.kind != SAFE else NOTHING
        kind = unit_kind(call.unit)
        if kind == "io" and (_writes_text(call) or self._positions_output(call)):
            return Reach(OUTPUT, (name,))
        return Reach({"io": IO, "safe": SAFE}.get(kind, UNKNOWN), (name,))

    def _body(self, body: Location) -> Reach:
        if body in self._memo:
            return self._memo[body]
        self._memo[body] = NOTHING          # a cycle adds nothing new
        sub = self.subs[body]
        found = NOTHING
        for c in sub.constructs:
            if not self._dead(c.loc):
                found = worst(found, self.construct(c))
        for call in sub.calls:
            if not self._dead(call.loc):
                found = worst(found, self.call(call))
        self._memo[body] = found
        return found


    def _dead(self, loc: Location) -> bool:
        """Is ``loc`` in the statements of an ``if`` (or ``elsif``) whose condition is a
        Boolean constant declared False (``if Trace_File then``): code that never runs."""
        fu = self.ws.by_display.get(loc.path) if self.ws is not None else None
        off = fu.offset(loc.line, loc.col) if fu is not None and fu.tree is not None \
            else None
        if off is None:
            return False
        node = fu.tree.root_node.descendant_for_byte_range(off, off + 1)
        for a in ancestors(node) if node is not None else ():
            p = a.parent
            if a.type == "sequence_of_statements" and p is not None and \
                    p.type in ("if_statement", "elsif_statement_item"):
                seqs = [c for c in p.named_children if c.type == "sequence_of_statements"]
                cond = first_child(p, "expression")
                if seqs and seqs[0] == a and cond is not None and self._false(fu, cond):
                    return True
        return False

    def _false(self, fu, cond: Node) -> bool:
        names = [n for n in walk(cond) if n.is_named and n.type not in
                 ("expression", "term", "selected_component")]
        if len(names) != 1 or names[0].type != "identifier":
            return False
        found = self.ws.xref.at(fu.pos(names[0]))
        ent = found[0][0] if found else None
        where = next((u for u in self.ws.units() if ent is not None and u.base == ent.file),
                     None)
        ident = where.ident_at_gnat(ent.line, ent.col) if where is not None else None
        decl = next((a for a in ancestors(ident) if a.type == "object_declaration"),
                    None) if ident is not None else None
        if decl is None or not any(c.type == "constant" for c in decl.children):
            return False
        words = " ".join(text(decl).lower().replace(";", " ").split())
        return words.endswith(": constant boolean := false") and "," not in words

    def _positions_output(self, call: Call) -> bool:
        """``Set_Col (Standard_Output, 5)``, ``Set_Line (3)``: moving on in an output
        file writes line terminators and spaces (RM A.10.5); of an input file, it
        reads.  Output when the file is Text_IO's Standard_Output, Standard_Error,
        Current_Output or Current_Error, or not given (the default output)."""
        if self.ws is None or TEXT_UNITS.fullmatch(call.unit.lower()) is None or \
                call.target.lower().rsplit(".", 1)[-1] not in POSITIONS:
            return False
        fu = self.ws.by_display.get(call.loc.path)
        ident = fu.ident_at(call.loc.line, call.loc.col) if fu is not None else None
        stmt = next((a for a in ancestors(ident) if a.type == "procedure_call_statement"),
                    None) if ident is not None else None
        part = first_child(stmt, "actual_parameter_part") if stmt is not None else None
        assocs = [a for a in part.named_children if a.type == "parameter_association"] \
            if part is not None else []
        first = assocs[0] if assocs else None
        choice = first_child(first, "component_choice_list") if first is not None else None
        named_file = next((a for a in assocs if _formal(a) == "file"), None)
        if named_file is None and len(assocs) == 1 and (choice is None or _formal(first) == "to"):
            return True
        file = named_file or (first if choice is None and len(assocs) == 2 else None)
        expr = first_child(file, "expression") if file is not None else None
        return expr is not None and self._output_file(fu, expr)

    def _output_file(self, fu, expr: Node) -> bool:
        names = [n for n in walk(expr) if n.is_named and n.type not in
                 ("expression", "term", "selected_component")]
        if not names or any(n.type != "identifier" for n in names) or \
                text(names[-1]).lower() not in OUTPUT_FILES:
            return False
        found = self.ws.xref.at(fu.pos(names[-1]))
        return bool(found) and TEXT_UNITS.fullmatch(
            self.ws.xref.unit_of_file(found[0][0].file).lower()) is not None


def _formal(assoc: Node) -> str:
    choice = first_child(assoc, "component_choice_list")
    return text(choice).strip().lower() if choice is not None else ""


def _writes_text(call: Call) -> bool:
    return TEXT_UNITS.fullmatch(call.unit.lower()) is not None and \
        call.target.lower().rsplit(".", 1)[-1] in OUTPUTS

"""'Callable and 'Terminated of a server the caller-runs scheme translates.

The turn keeps whether the server has completed (``Over``): its last code ran
(after the loop, after the last accept of a one-shot server), its code raised,
or its activation failed.  The package (or the type's package) answers the two
attributes from it, with functions declared only where the program asks::

    Logger'Callable      ->  Logger.Is_Callable      (not Over)
    Logger'Terminated    ->  Logger.Is_Terminated    (Over)
    Pool (I)'Terminated  ->  Pool (I).Is_Terminated  (an object of a task type,
    P.all'Callable       ->  P.all.Is_Callable        prefixed notation)

Why the values are the original's:

* A server that ends only at a terminate alternative: it terminates when its
  master has completed and every other dependent of that master has terminated
  or waits at a terminate alternative (RM 9.3(6)).  Whoever evaluates the
  attribute runs, so it is neither, and it can name the server only from within
  that master (an access value cannot leave its type's scope unchecked): it sees
  the server not terminated and, waiting at its select, not completed (RM 9.9):
  ``False`` and ``True``, as the package answers.
* A server that completes (``Over`` set): the caller running its last code sets
  it before it returns.  The task ran that code after its caller went on, so a
  test made then could see either value; True is the schedule where the task
  ran to its end at once.  Nothing can make the task's termination later: the
  scheme takes no code after the accept that waits, and a task of the server's
  own would be a dependent: declarations of tasks in its body are refused
  (shape.py), and so is the attribute where the body declares an object of a
  task type.
* Objects finalized after the master's tasks have terminated (RM 7.6.1) would see
  them terminated, and a Finalize may run after the package's turn object is
  finalized (an object declared before the package): refused in a program with
  controlled types, whichever way the server ends.
* A select whose guards may all be closed raised Program_Error in the task,
  which completed; the turn only stays closed: refused there.

Refused, naming the place: 'Identity, 'Priority, 'Storage_Size and abort (a
package is no task; but an abort of the single server alone, aborts.py, whose
sites these conditions also judge); a use inside the task's own body (the current instance);
for a task type with start-up code, a use in a declarative part (the object
ran it when made, before the task would have been activated); a use in another
library unit's elaboration (the function is in the server's package body, which
that unit would then need elaborated before it: a circularity where the task's
spec was enough).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ...frontend.syntax import Node, ancestors, named_whole, one_line, plain_name, text, walk
from ...frontend.workspace import FileUnit, Workspace
from ...model import Task
from ...write.edits import Edit
from ..base import Refusal
from ..common.activation import words
from ..common.fragments import STEP
from ..common.refusals import ShapeError
from ..common.tree import is_within
from ..common.uses import denotes
from .shape import Body

KEPT = ("callable", "terminated")
NOT_A_TASK = "the task is named by an attribute or aborted: a package is not a task"


@dataclass(frozen=True)
class Site:
    path: Path
    start: int          # the tick
    end: int            # the end of the attribute's designator
    kind: str           # "callable" or "terminated"
    fu: FileUnit
    node: Node          # the attribute reference


@dataclass(frozen=True)
class Functions:
    callable: str       # the package's functions (fresh names)
    terminated: str
    completed: str      # the turn's function reading Over
    abort: str = ""     # the package's and the turn's procedure setting Over (aborts.py)


def single_sites(ws: Workspace, task: Task, body: Node) -> tuple[list[Site], list[Refusal]]:
    """The single task's 'Callable and 'Terminated (sites), and every other use of it
    (refusals)."""
    sites: list[Site] = []
    refused: list[Refusal] = []
    for u in task.uses:
        kind = u.kind.split(":")[-1]
        if kind == "abort":
            continue                    # aborts.py
        fu = ws.by_display.get(u.loc.path)
        ident = fu.ident_at(u.loc.line, u.loc.col) if fu is not None else None
        name = named_whole(ident) if ident is not None and ident.parent is not None else None
        tick = name.next_sibling if name is not None else None
        designator = tick.next_sibling if tick is not None else None
        if kind not in KEPT or designator is None or tick.type != "tick":
            refused.append(Refusal(u.loc, u.text, NOT_A_TASK))
        elif is_within(ident, body):
            refused.append(Refusal(u.loc, u.text, _OWN_BODY))
        else:
            sites.append(Site(fu.src.path, tick.start_byte, designator.end_byte, kind, fu,
                              name.parent))
    return sites, refused


_OWN_BODY = ("in the task's own body, of the task itself (or, of a type, of the current "
             "instance or another object): its code runs in callers, whose turn is "
             "not the task's; not translated")


def type_sites(ws: Workspace, task_key: str,
               body: Node) -> tuple[list[Site], list[Refusal], set[tuple]]:
    """'Callable and 'Terminated of what GNAT's cross references show is an object of
    the task type (``task_key``: 'file:line:col' of its declaration; sites), of what
    they cannot tell is not one (refusals), and the ticks of both (file, byte).  A
    prefix they show is not one is left to the type's checks (objects.check_attributes),
    which also judge the other attributes."""
    sites: list[Site] = []
    refused: list[Refusal] = []
    judged: set[tuple] = set()
    for fu in ws.units():
        for n in fu.nodes_of_type("attribute_designator"):
            kind = text(n).lower()
            tick = n.prev_sibling
            prefix = tick.prev_sibling if tick is not None else None
            if kind not in KEPT or prefix is None or tick.type != "tick":
                continue
            try:
                ours = denotes(ws, fu, prefix, task_key, n)
            except ShapeError as e:
                refused.append(Refusal(fu.loc(n.parent), _short(n.parent),
                                       f"'{kind.capitalize()} of what may be an object of "
                                       f"the task type ({e.refusal.reason}): the object "
                                       "becomes a record, which has no task attributes"))
                judged.add((fu.src.path, tick.start_byte))
                continue
            if not ours:
                continue
            judged.add((fu.src.path, tick.start_byte))
            if is_within(n, body):
                refused.append(Refusal(fu.loc(n.parent), _short(n.parent), _OWN_BODY))
            else:
                sites.append(Site(fu.src.path, tick.start_byte, n.end_byte, kind, fu,
                                  n.parent))
    return sites, refused, judged


def conditions(ws: Workspace, shape: Body, sites: list[Site], typed: bool,
               task_body: Node, task_types: set[str]) -> list[Refusal]:
    """What stops the package from answering the attributes the way the task did,
    named at each site."""
    why = []
    if _controlled(ws):
        why.append("the program has controlled types: a Finalize run when the server's "
                   "master is left would see the task terminated (RM 7.6.1), and may run "
                   "after the package's turn object is finalized")
    if shape.alts and not shape.terminate and all(a.guard is not None for a in shape.alts):
        why.append("the guards of the server's select may all be closed: the task raised "
                   "Program_Error there and completed, the turn only stays closed")
    dependent = _dependent(ws, task_body, task_types)
    if dependent:
        why.append(f"the task body declares {dependent}, a task depending on the server: "
                   "the task terminated only after it, the package does not wait")
    found = [Refusal(s.fu.loc(s.node), _short(s.node), w) for s in sites for w in why]
    found += [Refusal(s.fu.loc(s.node), _short(s.node), _ELABORATED) for s in sites
              if not is_within(task_body, s.fu.tree.root_node) and _elaborated(s.node)]
    if typed and shape.start:
        found += [Refusal(s.fu.loc(s.node), _short(s.node), _DECLARED) for s in sites
                  if _in_declarations(s.node)]
    return found


_ELABORATED = ("read while another library unit is elaborated: the function answering "
               "it is in the server's package body, which that unit's elaboration "
               "would then need elaborated first (GNAT finds an elaboration "
               "circularity where the task's spec was enough)")
# code that runs when called, not when its unit is elaborated
_CALLED = {"subprogram_body", "task_body", "entry_body", "protected_body",
           "expression_function_declaration"}


def _elaborated(node: Node) -> bool:
    """Is ``node`` outside every body that runs only when called: in a library
    package's declarations or statements (a main subprogram's are inside its body)?"""
    return not any(a.type in _CALLED for a in ancestors(node))


_DECLARED = ("in a declarative part, of a task type with start-up code: an object runs "
             "it when it is made, the task only when activated at the end of the "
             "declarative part; the attribute could tell")


def _controlled(ws: Workspace) -> bool:
    """Does a unit of the program name Ada.Finalization (a controlled type)?"""
    for fu in ws.units():
        for n in fu.nodes_of_type("selected_component"):
            if plain_name(n) == "ada.finalization":
                return True
    return False


def _dependent(ws: Workspace, body: Node, task_types: set[str]) -> str:
    """An object declaration or allocator in the task body whose type may hold a task:
    it names a task type or a type naming one (``task_types``, by name), or GNAT's
    cross references show a task, or an array or access type designating one."""
    for n in walk(body):
        if n.type not in ("object_declaration", "allocator"):
            continue
        if words(n) & task_types:
            return one_line(n, limit=40)
        fu = next((f for f in ws.units() if f.tree is not None
                   and is_within(n, f.tree.root_node)), None)
        for m in walk(n):
            if m.type != "identifier" or fu is None:
                continue
            for ent, _k in ws.xref.at(fu.pos(m)):
                if ent.kind in "Tt" or _holds_task(ws, ent):
                    return one_line(n, limit=40)
    return ""


def _holds_task(ws: Workspace, ent, depth: int = 4) -> bool:
    """A type (or object) whose type, component or designated type is a task type."""
    for ref in (ent.type_ref, ent.component_ref, ent.index_ref):
        if not ref or depth == 0:
            continue
        parts = ref.rsplit(":", 2)
        if len(parts) != 3 or not parts[1].isdigit():
            continue
        typ = ws.xref.entities.get((parts[0], int(parts[1]), int(parts[2])))
        if typ is not None and (typ.kind == "T" or _holds_task(ws, typ, depth - 1)):
            return True
    return False


def _in_declarations(node: Node) -> bool:
    """Is ``node`` evaluated by the elaboration of a declaration (not in statements)?"""
    for a in ancestors(node):
        if a.type in ("handled_sequence_of_statements", "subprogram_body", "task_body",
                      "entry_body", "expression_function_declaration"):
            return False
        if a.type in ("object_declaration", "full_type_declaration",
                      "subtype_declaration", "number_declaration"):
            return True
    return False


def _short(node: Node) -> str:
    return one_line(node, limit=40)


def used(sites: list[Site]) -> set[str]:
    return {s.kind for s in sites}


def edits(sites: list[Site], fns: Functions, origin: str) -> list[Edit]:
    """``X'Callable`` -> ``X.Is_Callable``: the package's function, or in prefixed
    notation the type's; ``abort X;`` -> ``X.Abort_Task;`` (aborts.py)."""
    return [Edit(s.path, s.start, s.end, _abort_call(s, fns) if s.kind == "abort" else
                 "." + (fns.callable if s.kind == "callable" else fns.terminated), origin)
            for s in sites]


def _abort_call(s: Site, fns: Functions) -> str:
    name = next(c for c in s.node.named_children if c.type != "comment")
    return f"{one_line(name)}.{fns.abort};"


def turn_declaration(fns: Functions, kinds: set[str]) -> list[str]:
    out = []
    if kinds & set(KEPT):
        out.append(f"{STEP}function {fns.completed} return Boolean;   -- for the task's "
                   "attributes")
    if "abort" in kinds:
        out.append(f"{STEP}procedure {fns.abort};   -- the task is aborted: it completes")
    return out


def turn_body(fns: Functions, over: str, kinds: set[str]) -> list[str]:
    out = []
    if kinds & set(KEPT):
        out += [f"function {fns.completed} return Boolean is", "begin",
                f"{STEP}return {over};", f"end {fns.completed};", ""]
    if "abort" in kinds:
        # no caller runs the server's code now (aborts.py): the task waited at an
        # accept, and completes there
        out += [f"procedure {fns.abort} is", "begin", f"{STEP}{over} := True;",
                f"end {fns.abort};", ""]
    return out


def declarations(fns: Functions, kinds: set[str], task: str, self_: str = "",
                 type_name: str = "") -> list[str]:
    """The package's functions (``self_``: a task type's, taking the object)."""
    formal = f" ({self_} : {type_name})" if self_ else ""
    out = []
    if "callable" in kinds:
        out.append(f"function {fns.callable}{formal} return Boolean;   --  was "
                   f"{task}'Callable")
    if "terminated" in kinds:
        out.append(f"function {fns.terminated}{formal} return Boolean;   --  was "
                   f"{task}'Terminated")
    if "abort" in kinds:
        out.append(f"procedure {fns.abort}{formal};   --  was abort {task}")
    return out


def bodies(fns: Functions, kinds: set[str], turn: str, self_: str = "",
           type_name: str = "", this: str = "") -> list[str]:
    """Their bodies: the turn says whether the server has completed."""
    formal = f" ({self_} : {type_name})" if self_ else ""
    ask = f"{self_}.{this}.{turn}.{fns.completed}" if self_ else f"{turn}.{fns.completed}"
    out = []
    if "callable" in kinds:
        out += ["", f"function {fns.callable}{formal} return Boolean is", "begin",
                f"{STEP}return not {ask};", f"end {fns.callable};"]
    if "terminated" in kinds:
        out += ["", f"function {fns.terminated}{formal} return Boolean is", "begin",
                f"{STEP}return {ask};", f"end {fns.terminated};"]
    if "abort" in kinds:
        call = f"{self_}.{this}.{turn}.{fns.abort}" if self_ else f"{turn}.{fns.abort}"
        out += ["", f"procedure {fns.abort}{formal} is", "begin",
                f"{STEP}{call};", f"end {fns.abort};"]
    return out

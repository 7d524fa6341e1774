"""Classifying tasks: accepting server, calling server, mixed, client, not a server.

The definitions (also in corpus/README.md):
- accepting_server: accepts inside a loop, calls no task entries;
- calling_server: accepts nothing inside a loop, and calls entries that the
  callee accepts only outside loops (one-shot hand-over of work);
- mixed: a server loop of accepts, and calls to task entries;
- client: calls entries of server tasks, and/or accepts only outside loops;
- not_server: no accepts, no task entry calls.
Entry calls count when the task makes them itself or through subprograms in
the sources that it calls.
"""

from __future__ import annotations

from ..model import Accept, Call, Classification, Location, Subprogram, Task


def all_accepts(task: Task) -> list[Accept]:
    found: list[Accept] = []

    def add(acc: Accept) -> None:
        found.append(acc)
        for n in acc.nested:
            add(n)

    if task.body is None:
        return found
    for sp in task.body.sync_points:
        if sp.accept is not None:
            add(sp.accept)
        for alt in sp.alternatives:
            if alt.accept is not None:
                add(alt.accept)
    return found


def entry_calls(task: Task, subs: dict[Location, Subprogram]) -> list[Call]:
    """Entry calls the task makes directly or through subprograms it calls."""
    if task.body is None:
        return []
    found, seen = [], set()
    todo = list(task.body.calls)
    while todo:
        call = todo.pop(0)
        if call.kind in ("entry", "protected_entry"):
            found.append(call)
        elif call.body is not None and call.body not in seen:
            seen.add(call.body)
            sub = subs.get(call.body)
            if sub is not None:
                todo.extend(sub.calls)
    return found


def classify(task: Task, by_entry: dict[Location, tuple[Task, str]],
             subs: dict[Location, Subprogram]) -> Classification:
    accepts = all_accepts(task)
    looped = sorted({a.entry for a in accepts if a.in_loop}, key=str.lower)
    once = sorted({a.entry for a in accepts if not a.in_loop}, key=str.lower)
    # Requeue or call to its own entry is not an interaction with another task.
    task_calls = [c for c in entry_calls(task, subs)
                  if c.decl in by_entry and by_entry[c.decl][0] is not task]
    reasons = []
    if looped:
        reasons.append(f"accepts {', '.join(looped)} inside a loop")
    if once:
        reasons.append(f"accepts {', '.join(once)} outside any loop")
    handout, served = [], []
    for c in task_calls:
        callee, entry = by_entry[c.decl]
        callee_accepts = [a for a in all_accepts(callee) if a.entry.lower() == entry.lower()]
        one_shot = bool(callee_accepts) and not any(a.in_loop for a in callee_accepts)
        (handout if one_shot else served).append(f"{callee.name}.{entry}")
    if handout:
        reasons.append(f"calls {', '.join(sorted(set(handout)))}, accepted only once "
                       "by the callee (hands out work)")
    if served:
        reasons.append(f"calls {', '.join(sorted(set(served)))}, accepted in a "
                       "server loop or not at all by the callee")
    protected = sorted({c.name for c in entry_calls(task, subs) if c.kind == "protected_entry"})
    if protected:
        reasons.append(f"calls protected entries {', '.join(protected)}")
    if task.body is None:
        reasons.append("no task body found in the given sources")
    if not task.resolved:
        reasons.append("names not resolved by GNAT (--no-resolve, or a unit GNAT rejected): "
                       "entry calls are unknown, so this looks at accepts only")
    if looped and task_calls:
        kind = "mixed"
    elif looped:
        kind = "accepting_server"
    elif handout:
        kind = "calling_server"
    elif task_calls or once or protected:
        kind = "client"
    else:
        kind = "not_server"
        reasons.append("accepts nothing" + (" and calls no entries" if task.resolved else ""))
    return Classification(kind, tuple(reasons))

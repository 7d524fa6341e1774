"""Whether a violation in the rewritten text is the translation's doing.

A violation GNAT reports in text a scheme wrote is one of three things:
carried over (the text it replaced already broke the profile there: a local
task becomes a local protected object), avoidable (another generated form
would meet the restriction: a barrier kept in a Boolean component, ``delay
until``), or a real difference (the original allowed what the profile does
not: several entries on one Ravenscar object, several callers queued on one
entry).  Only the avoidable ones are a fault of the scheme.
"""

from __future__ import annotations

from ..model import Model, Task
from .restrictions import family_of

# restriction -> what another generated form would do
AVOIDABLE = {
    "Pure_Barriers": "a barrier naming only components: a Boolean component the "
                     "object's operations keep would meet Pure_Barriers",
    "Simple_Barriers": "a barrier that is one Boolean component per entry, kept by the "
                       "object's operations, would meet Simple_Barriers",
    "No_Relative_Delay": "'delay until' an Ada.Real_Time time would meet No_Relative_Delay",
    "No_Calendar": "Ada.Real_Time instead of Ada.Calendar would meet No_Calendar",
    "No_Local_Timing_Events": "a Timing_Event in a library-level object would meet "
                              "No_Local_Timing_Events",
}
REAL = {
    "Max_Protected_Entries": "a real difference: the task had several entries, a "
                             "Ravenscar protected object may have one",
    "No_Entry_Queue": "a real difference: the task queued every caller, Ravenscar "
                      "queues one per entry (Program_Error for the second)",
}


# what a generated form adds that a form meeting the profile would need a different
# design for (said as it is, not judged avoidable)
ADDED = {
    "No_Requeue_Statements": "added by the translation: the calling scheme requeues a "
                             "worker that is not the one the server calls next; without "
                             "requeue the object needs an entry (or family member) per worker",
}


def judge(restriction: str, replaced_had: list[str]) -> str:
    """The verdict on a violation the rewrite made, where the user's text it stands
    for violated ``replaced_had`` (restriction names) as written."""
    if restriction in REAL:
        return REAL[restriction]
    local = family_of(restriction) == "placement"
    if replaced_had and (local or restriction not in AVOIDABLE):
        was = ", ".join(dict.fromkeys(replaced_had))
        return f"carried over: the original violated {was} here"
    if restriction in AVOIDABLE:
        return f"avoidable: {AVOIDABLE[restriction]}"
    return ADDED.get(restriction, "added by the translation: the text it replaced met "
                                  "the profile")


QUEUING_SCHEMES = ("accepting-server", "caller-runs")


def queued_callers(model: Model, task: Task) -> dict[str, list[str]]:
    """Entry name -> the callers that may wait on it at once, for each entry of a
    rewritten server with more than one (a task type counts as many)."""
    types = {t.qualified_name.lower() for t in model.tasks if t.kind == "type"}
    types |= {t.name.lower() for t in model.tasks if t.kind == "type"}
    out = {}
    for e in task.entries:
        callers = sorted({_caller(c.caller_task, c.caller, types) for c in e.calls})
        many = len(callers) > 1 or any((c.caller_task or "").lower() in types
                                       for c in e.calls)
        if many:
            out[e.name] = callers
    return out


def _caller(task: str | None, unit: str, types: set[str]) -> str:
    if task is None:
        return f"{unit} (outside any task)"
    return f"{task} (task type)" if task.lower() in types else task

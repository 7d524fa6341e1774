"""The two profiles, the families their restrictions fall in, and one line of
advice for the restrictions a tasking program meets most often.

The restriction sets themselves are GNAT's (System.Rident.Profile_Info, GNAT
12): the tool never lists them, it compiles with ``pragma Profile``.  What is
here is only how to name and group what GNAT reports.
"""

from __future__ import annotations

# --profile value -> the name pragma Profile takes
PROFILES = {"jorvik": "Jorvik", "ravenscar": "Ravenscar"}

# family key -> (title, restrictions); a restriction GNAT names that is in no
# family is shown under "other"
FAMILIES: dict[str, tuple[str, tuple[str, ...]]] = {
    "entries": ("task entries and select statements", (
        "Max_Task_Entries", "No_Select_Statements", "Max_Select_Alternatives",
        "No_Terminate_Alternatives", "Max_Asynchronous_Select_Nesting",
        "No_Requeue_Statements")),
    "placement": ("where tasks, protected objects and timing events are declared", (
        "No_Task_Hierarchy", "No_Local_Protected_Objects", "No_Local_Timing_Events",
        "No_Task_Allocators", "No_Protected_Type_Allocators",
        "No_Implicit_Task_Allocations", "No_Implicit_Protected_Object_Allocations",
        "No_Implicit_Heap_Allocations")),
    "protected": ("protected entries: their number, barriers and queues", (
        "Max_Protected_Entries", "Simple_Barriers", "Pure_Barriers", "No_Entry_Queue",
        "Max_Entry_Queue_Length")),
    "time": ("time: relative delays and Ada.Calendar", (
        "No_Relative_Delay", "No_Calendar")),
    "control": ("task control: abort, priorities, attributes, termination", (
        "No_Abort_Statements", "No_Dynamic_Priorities", "No_Asynchronous_Control",
        "No_Task_Attributes_Package", "No_Dynamic_Attachment", "No_Dynamic_CPU_Assignment",
        "No_Specific_Termination_Handlers", "No_Task_Termination", "No_Dependence")),
}
OTHER = "other"

_FAMILY_OF = {r.lower(): key for key, (_t, rs) in FAMILIES.items() for r in rs}


def canonical(name: str) -> str:
    """GNAT spells a restriction in the casing of the unit it reports in
    (MAX_TASK_ENTRIES in an upper-case source): one spelling for the report."""
    for _title, names in FAMILIES.values():
        for known in names:
            if known.lower() == name.lower():
                return known
    return "_".join(part.capitalize() for part in name.split("_"))


def family_of(restriction: str) -> str:
    return _FAMILY_OF.get(restriction.lower(), OTHER)


ADVICE = {
    "Max_Task_Entries":
        "a task with entries: a server becomes a protected object (rdv2po rewrite); "
        "another task must wait on a protected entry instead of an accept",
    "No_Select_Statements":
        "in a caller, a conditional call becomes a protected function telling whether "
        "the entry is open, then the call; a timed call, a Timing_Event opening a barrier",
    "Max_Select_Alternatives":
        "goes with the select statement at the same place",
    "No_Terminate_Alternatives":
        "goes with the select: under the profile tasks never end; a protected object "
        "needs no terminate",
    "Max_Asynchronous_Select_Nesting":
        "no asynchronous transfer of control: poll a protected flag the trigger sets",
    "No_Requeue_Statements":
        "two calls by the caller, or a state component the second entry's barrier reads",
    "No_Task_Hierarchy":
        "declare the task (or the task type's objects) at library level, in a package, "
        "not in a subprogram, block or task",
    "No_Local_Protected_Objects":
        "declare the server at library level (in a package): the object of a local "
        "server is local too",
    "No_Local_Timing_Events":
        "declare the Timing_Event at library level or in a library-level protected object",
    "No_Task_Allocators":
        "declare the tasks as library-level objects (an array) instead of allocating them",
    "No_Protected_Type_Allocators":
        "declare the protected objects at library level instead of allocating them",
    "Max_Protected_Entries":
        "Ravenscar allows one entry per protected object: split the object, or make the "
        "entries that never wait procedures",
    "Simple_Barriers":
        "a Ravenscar barrier is a Boolean component or a static value: keep the "
        "condition in a Boolean component the operations update",
    "Pure_Barriers":
        "a Jorvik barrier names only components, 'Count and static values: keep the "
        "condition (or the called function's result) in a component",
    "No_Entry_Queue":
        "Ravenscar queues one caller per entry (Program_Error for a second): one "
        "object per caller, or Jorvik",
    "No_Relative_Delay":
        "delay until Ada.Real_Time.Clock + D, with the clock read once before a loop",
    "No_Calendar":
        "use Ada.Real_Time (Clock, Time_Span) instead of Ada.Calendar",
    "No_Abort_Statements":
        "ask the task to stop (a protected flag it reads, or an entry it waits on) "
        "instead of aborting it",
    "No_Dynamic_Priorities":
        "give priorities statically (aspect or pragma Priority)",
    "No_Task_Attributes_Package":
        "keep per-task data in a library-level array indexed by the task's number",
    "No_Asynchronous_Control":
        "instead of Hold/Continue, let the task wait on a protected entry",
    "No_Specific_Termination_Handlers":
        "only a fallback handler for all tasks (Set_Dependents_Fallback_Handler)",
}

"""Names the general scheme generates for one task, each fresh in the program.

Generated names never hide a name the program uses: every one is checked
against all identifiers of the sources (``fresh``) before it is taken.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .shape import EntryPlan


@dataclass
class EntryNames:
    literal: str                    # its value of the entry enumeration
    accept_begin: str
    take: str
    accept_end: str
    failed: str
    queue: str
    count: str
    caller: str
    caller_id: str
    index_subtype: str | None       # subtype mark of a family's index
    index_decl: str | None          # "subtype X is ..." when the family has no subtype mark
    armed: str
    armed_set: str                  # type of a family's armed members
    done: str
    failed_flag: str
    failure: str
    target: str
    held: str                       # where callers that reached a terminate wait too late queue
    woken: str                      # records the caller the agent accepted at its Wake entry
    requeue: list[str] = field(default_factory=list)        # procedure per requeue site
    requeue_index: list[str] = field(default_factory=list)  # component per requeue site
    forward: list[str] = field(default_factory=list)  # the agent's entry per requeue it makes
    params: dict[str, str] = field(default_factory=dict)    # parameter -> component
    heap: dict[str, tuple[str, str, str]] = field(default_factory=dict)
    # indefinite parameter -> (access type, its Unchecked_Deallocation, function giving the value)


@dataclass
class Names:
    task: str                  # the task's name as declared
    single: bool
    po_type: str               # the protected type or object: the task's own name
    agent: str                 # the task (type) that now runs the task body
    self_: str                 # how the agent names its object: access discriminant or name
    component: str             # the agent: a component of the object, or beside a single one
    entry_type: str
    no_entry: str
    alternative: str           # record type: an alternative of a select (entry, index)
    entry_list: str
    armed_list: str
    armed_last: str
    position: str              # which alternative of the armed select was taken
    position_of: str
    alt: str
    chosen: str
    via_wake: str
    timed: str
    closed: str
    select_arm: str
    select_wait: str
    select_check: str
    countable: str
    close: str
    disarm: str
    arm: str
    queued: str
    found: str
    any_open: str
    order: str
    poll: str
    timed_wait: str
    wake: str
    chosen_entry: str          # Select_Arm's out parameter: the position taken, 0 for none
    alternatives: str          # the agent's constant: a select's alternatives, as armed
    caller_task: str           # E_Woken's formal: the caller the agent accepted
    occurrence: str
    member: str                # the index of a family entry body
    choice: str
    closer_type: str
    agent_callable: str
    agent_terminated: str
    agent_identity: str
    closer: str
    rendezvous: str = ""       # a task type's public type: its rendezvous object component
    passing: str = ""          # ... and the barrier of its entries, always True
    entries: dict[str, EntryNames] = field(default_factory=dict)   # by lower-case entry name
    wakes: dict[tuple, tuple[str, list[str]]] = field(default_factory=dict)  # profile -> (entry, formals)


def make_names(task: str, single: bool, entries: list[EntryPlan], fresh,
               hidden: bool = False) -> Names:
    # A single task becomes a single protected object of its name, and its agent a single
    # task beside it, naming the object directly; a task type gets an agent component.
    # ``hidden``: the object is a new one (in the package body, for a single task; a
    # component of the public type, for a task type), and the task's name goes to the
    # public object whose entries requeue to it (scheme._public_body).
    obj = fresh(f"{task}_Rendezvous") if hidden else task
    n = Names(
        task=task, single=single,
        po_type=obj, agent=(agent := fresh(f"{task}_Agent")),
        self_=obj if single else fresh("Self"),
        component=agent if single else fresh("Agent"),
        entry_type=fresh(f"{task}_Entry"), no_entry=fresh(f"{task}_No_Entry"),
        alternative=fresh(f"{task}_Alternative"), entry_list=fresh(f"{task}_Alternative_List"),
        armed_list=fresh("Armed_List"), armed_last=fresh("Armed_Last"),
        position=fresh("Position"), position_of=fresh("Position_Of"), alt=fresh("Alternative"),
        chosen=fresh("Chosen"),
        via_wake=fresh("Via_Wake"), timed=fresh("Timed"), closed=fresh("Closed"),
        select_arm=fresh("Select_Arm"), select_wait=fresh("Select_Wait"),
        select_check=fresh("Select_Check"), countable=fresh("Countable"),
        close=fresh("Close"), disarm=fresh("Disarm"),
        arm=fresh("Arm"), queued=fresh("Queued"), found=fresh("Found"),
        any_open=fresh("Any_Open"), order=fresh("Order"), poll=fresh("Poll"),
        timed_wait=fresh("Timed_Wait"), wake=fresh("Wake"), chosen_entry=fresh("Chosen_Position"),
        alternatives=fresh("Alternatives"), caller_task=fresh("Caller_Task"),
        occurrence=fresh("Occurrence"), member=fresh("Member"), choice=fresh("Choice"),
        closer_type=fresh(f"{task}_Closer"), closer=fresh("Closer"),
        agent_callable=fresh("Agent_Callable"), agent_terminated=fresh("Agent_Terminated"),
        agent_identity=fresh("Agent_Identity"))
    if hidden and not single:
        n.rendezvous, n.passing = fresh("Rendezvous"), fresh("Passing")
    for e in entries:
        base = e.name
        index_subtype, index_decl = None, None
        if e.family is not None:
            index_subtype, index_decl = _family_subtype(e, fresh(f"{task}_{base}_Index"))
        en = EntryNames(
            literal=fresh(f"{task}_{base}"), accept_begin=fresh(f"{base}_Accept_Begin"),
            take=fresh(f"{base}_Take"), accept_end=fresh(f"{base}_Accept_End"),
            failed=fresh(f"{base}_Failed"), queue=fresh(f"{base}_Queue"),
            count=fresh(f"{base}_Count"), caller=fresh(f"{base}_Caller"),
            caller_id=fresh(f"{base}_Caller_Id"), index_subtype=index_subtype, index_decl=index_decl,
            armed=fresh(f"{base}_Armed"), armed_set=fresh(f"{task}_{base}_Set"),
            done=fresh(f"{base}_Done"),
            failed_flag=fresh(f"{base}_Raised"), failure=fresh(f"{base}_Failure"),
            target=fresh(f"{base}_Target"),
            held=fresh(f"{base}_Held") if e.woken else "",
            woken=fresh(f"{base}_Woken") if e.woken else "")
        for p in e.params:
            en.params[p.name.lower()] = fresh(f"{base}_{p.name}")
            if p.indefinite and e.has_body:
                en.heap[p.name.lower()] = (fresh(f"{task}_{base}_{p.name}_Access"),
                                           fresh(f"Free_{base}_{p.name}"),
                                           fresh(f"{base}_{p.name}_Value"))
        for rq in e.requeues:
            en.requeue.append(fresh(f"{base}_Requeue_{rq.number}"))
            en.requeue_index.append(fresh(f"{base}_Requeue_Index_{rq.number}"))
            en.forward.append(fresh(f"{base}_Forward_{rq.number}") if rq.by_agent else "")
        n.entries[e.key] = en
    # A Wake entry's formals are seen only by its accept, which names nothing of the user's.
    longest = max((len(e.params) for e in entries if e.woken), default=0)
    formals = [fresh(f"Value_{i + 1}") for i in range(longest)]
    for e in entries:
        key = e.profile_key()
        if e.woken and key not in n.wakes:
            n.wakes[key] = (fresh(f"Wake_{len(n.wakes) + 1}"), formals[:len(e.params)])
    return n


def _family_subtype(e: EntryPlan, fresh_name: str) -> tuple[str, str | None]:
    """A subtype mark for the family's index: the one written, or a new subtype."""
    fam = e.family
    written = e.family_text
    if fam.type in ("identifier", "selected_component") and " " not in written:
        return written, None
    if " range " in f" {written.lower()} ":
        return fresh_name, f"subtype {fresh_name} is {written};"
    if e.family_type is not None:         # Arr'Range, Red .. Blue: the type GNAT's xref gave
        return fresh_name, f"subtype {fresh_name} is {e.family_type} range {written};"
    # A bare range of integer literals or named numbers is a range of Integer (RM 3.6(18)).
    return fresh_name, f"subtype {fresh_name} is Integer range {written};"

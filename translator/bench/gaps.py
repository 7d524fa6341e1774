"""The report's explanations of what a translation costs: against the
hand-written version, the constructs the servers version keeps (read from
both versions' sources by costs.py, recorded in results.json under each
program's ``costs``) and the GNAT paths callgrind saw them take; against the
rendezvous, what the general scheme's protocol does per rendezvous (the
objects it added, under ``protocol``, and callgrind's counts)."""

from __future__ import annotations

from . import stats
from .costs import KINDS
from .versions import GENERAL, HAND, RENDEZVOUS, SERVERS

LIMIT = 1.10


def counts_of(results: dict, item: str, version: str) -> dict | None:
    return next((c for c in results.get("counts", []) if c["item"] == item
                 and c["version"] == version and c.get("instructions")), None)


def instruction_ratio(results: dict, item: str, top: str, bottom: str) -> float | None:
    a, b = counts_of(results, item, top), counts_of(results, item, bottom)
    return a["instructions"] / b["instructions"] if a and b else None


def for_objects(program: dict, objects) -> list[dict]:
    """The program's costs on ``objects`` (None: every object)."""
    found = program.get("costs") or []
    if objects is None:
        return found
    wanted = {o.lower() for o in objects}
    return [c for c in found if c["object"].lower() in wanted]


def why_gap(results: dict, program: dict, item: str, objects) -> str:
    """Why the servers version trails the hand-written one on a row: the
    constructs it keeps on the row's objects, and the GNAT paths callgrind
    counted in both."""
    if program.get("costs") is None:
        return "no explanation: the servers or the hand-written version is missing"
    found = for_objects(program, objects)
    if found:
        text = "kept: " + "; ".join(_summary(found)) + " (why: *What the servers version " \
               "keeps*, below)"
    elif objects is not None and not objects:
        text = "no translated object takes part: every version runs the same code here, " \
               "so the gap is other load"
    else:
        text = "the translation keeps no construct the hand-written version lacks on " \
               "these objects, so the gap is other load"
    return f"{text}{_calls(results, item)}"


def _summary(found: list[dict]) -> list[str]:
    out = []
    for kind, what in KINDS.items():
        mine = [c for c in found if c["kind"] == kind]
        if mine:
            places = ", ".join(dict.fromkeys(_place(c) for c in mine))
            out.append(f"{what} ({len(mine)}): {places}")
    return out


def _place(cost: dict) -> str:
    construct = cost["construct"]
    return construct.split(" is an entry")[0] if cost["kind"] == "entry" else \
        construct.removeprefix("a test that the task has ended in ").removeprefix(
            "a handler around ").removeprefix("component ")


def _calls(results: dict, item: str) -> str:
    mine, hand = counts_of(results, item, SERVERS), counts_of(results, item, HAND)
    if not (mine and hand):
        return ""
    parts = [f"{k} {mine['calls'][k]:,} against {hand['calls'][k]:,}"
             for k in ("entry", "procedure", "requeue") if mine["calls"][k] != hand["calls"][k]]
    ratio = mine["instructions"] / hand["instructions"]
    return (f"; callgrind: instructions {ratio:.3f} of the hand-written version's"
            + (f", GNAT calls (servers against hand-written): {', '.join(parts)}"
               if parts else ", the same GNAT calls"))


def keeps(results: dict) -> list[str]:
    """Per program, every construct the servers version keeps, and why."""
    out = []
    for p in results["programs"]:
        found = p.get("costs")
        if found is None:
            continue
        out.append(f"**{p['title']}** (`{p['name']}`)\n")
        if not found:
            out.append("Nothing: its protected objects have the hand-written version's "
                       "operations, barriers and handlers.\n")
            continue
        for kind, what in KINDS.items():
            mine = [c for c in found if c["kind"] == kind]
            if mine:
                out.append(f"- {what.capitalize()}:")
                out += [f"  - {c['construct']}: {c['why']}" for c in mine]
        out.append("")
    if not out:
        return []
    return ["### What the servers version keeps that the hand-written one does not\n",
            "Read from both versions' protected objects as this run made them "
            "(`translator/bench/costs.py`): each construct of the translation that the "
            "hand-written object of the same name does without, and why the translation "
            "keeps it (its barrier, the scheme's comment on it, what in a handled "
            "statement can raise).\n", *out]


def general(results: dict, setting: str) -> list[str]:
    """The general scheme against the rendezvous, per item: time, switches and
    instructions, and what its protocol does per rendezvous."""
    lines, notes = [], []
    for p in results["programs"]:
        have = {v["name"] for v in p["versions"] if v["available"]}
        if not {GENERAL, RENDEZVOUS} <= have:
            continue
        for item in p["items"]:
            lines += [_general_row(results, item, row, setting)
                      for row in stats.rows_of(results, item)]
            note = _protocol_note(results, p, item["name"])
            if note:
                notes.append(f"- `{item['name']}`: {note}")
    if not lines:
        return []
    return ["### General scheme against the rendezvous\n",
            f"Ratios of medians (general / rendezvous); *within* means at most "
            f"{LIMIT - 1:.0%} more time. Instructions are callgrind's whole-process counts "
            "(one run each).\n",
            "| Name | time ratio | switch ratio | instructions ratio | within |",
            "|---|---|---|---|---|", *lines, "",
            "Where the time goes: the general scheme keeps the task (as an agent task) and "
            "puts a protected object between it and its callers (docs/general-scheme.md, "
            "The protocol). Each rendezvous becomes the caller's call of `E` (open only "
            "while the agent waits at the accept, so conditional and timed calls and "
            "`E'Count` behave as for the task's entry; it stores the parameters and "
            "requeues the caller on `E_Queue`), the agent's `E_Accept_Begin` (an entry: "
            "it waits for a caller) and `E_Accept_End` (returns the out parameters and "
            "opens `E_Queue`, so an exception in the accept body reaches both sides). "
            "Every switch of the rendezvous stays (the agent is a task); the protected "
            "actions and requeues are the added cost. Per program, from callgrind:\n",
            *notes, ""]


def _general_row(results: dict, item: dict, row: dict, setting: str) -> str:
    t = lambda r: stats.row_time(r, row["time"])  # noqa: E731
    s = lambda r: stats.row_switches(r, row["switches"])  # noqa: E731
    rt = stats.ratio(stats.metric(results, item["name"], GENERAL, setting, t),
                     stats.metric(results, item["name"], RENDEZVOUS, setting, t))
    rs = stats.ratio(stats.metric(results, item["name"], GENERAL, setting, s),
                     stats.metric(results, item["name"], RENDEZVOUS, setting, s))
    ri = instruction_ratio(results, item["name"], GENERAL, RENDEZVOUS)
    fmt = lambda x: "n/a" if x is None else f"{x:.2f}"  # noqa: E731
    within = "n/a" if rt is None else ("yes" if rt <= LIMIT else "**no** (below)")
    return f"| {row['name']} | {fmt(rt)} | {fmt(rs)} | {fmt(ri)} | {within} |"


def _protocol_note(results: dict, program: dict, item: str) -> str:
    gen, rdv = counts_of(results, item, GENERAL), counts_of(results, item, RENDEZVOUS)
    if not (gen and rdv) or not rdv["calls"]["rendezvous"]:
        return ""
    n = rdv["calls"]["rendezvous"] - gen["calls"]["rendezvous"]
    if n <= 0:
        return ""
    extra = {k: gen["calls"][k] - rdv["calls"][k] for k in ("entry", "procedure", "requeue")}
    added = (gen["instructions"] - rdv["instructions"]) / n
    objects = "; ".join(f"`{o['object']}` ({len(o['entries'])} entries, "
                        f"{len(o['subprograms'])} protected subprograms)"
                        for o in program.get("protocol") or [])
    return (f"{n:,} rendezvous became {extra['entry'] / n:.2f} entry calls, "
            f"{extra['procedure'] / n:.2f} protected subprogram calls and "
            f"{extra['requeue'] / n:.2f} requeues each, {added:+,.0f} instructions per "
            f"rendezvous" + (f"; objects added: {objects}" if objects else ""))

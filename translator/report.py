"""Human-readable forms of the model."""

from __future__ import annotations

from collections import Counter

from .model import Model, SyncPoint, Task


def _sync(sp: SyncPoint) -> str:
    if sp.kind == "accept":
        return f"accept {sp.accept.entry}" + (" (nested: " + ", ".join(
            n.entry for n in sp.accept.nested) + ")" if sp.accept.nested else "")
    alts = []
    for a in sp.alternatives:
        guard = f"when {a.guard} => " if a.guard else ""
        what = f"accept {a.accept.entry}" if a.accept else a.kind
        if a.accept is not None and a.accept.nested:
            what += " (nested: " + ", ".join(n.entry for n in a.accept.nested) + ")"
        alts.append(guard + what)
    if sp.has_else:
        alts.append("else")
    return "select [" + " | ".join(alts) + "]"


def task_text(t: Task) -> str:
    lines = [f"{t.spec}: task{' type' if t.kind == 'type' else ''} {t.qualified_name}: "
             f"{t.classification.kind}"]
    if t.discriminants:
        lines.append("  discriminants: " + "; ".join(
            f"{', '.join(p.names)} : {p.subtype}" for p in t.discriminants))
    for e in t.entries:
        fam = f" ({e.family})" if e.family else ""
        kinds = Counter(c.kind for c in e.calls)
        calls = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items())) or (
            "no calls" if t.resolved else "calls not resolved")
        lines.append(f"  entry {e.name}{fam}: {calls}")
    for a in t.aspects + t.uses:
        lines.append(f"  {a.kind} at {a.loc}")
    b = t.body
    if b is not None:
        if b.main_loop:
            shape = f"main loop at {b.main_loop}, {b.statements_before_loop} statement(s) before it"
        else:
            shape = f"no server loop, {b.statements_before_loop} top-level statement(s)"
        lines.append(f"  body {b.loc}: {shape}")
        for sp in b.sync_points:
            lines.append(f"    {sp.loc}: {_sync(sp)}{'' if sp.in_loop else ' (outside loop)'}")
        for c in b.calls:
            lines.append(f"    {c.loc}: calls {c.target} ({c.kind})")
        for c in b.constructs:
            lines.append(f"    {c.loc}: {c.kind}")
    for r in t.classification.reasons:
        lines.append(f"  - {r}")
    return "\n".join(lines) + "\n"


def text_report(model: Model) -> str:
    return "".join(task_text(t) for t in model.tasks)


def summary_line(model: Model) -> str:
    kinds = Counter(t.classification.kind for t in model.tasks)
    errors = sum(1 for d in model.diagnostics if d.severity == "error")
    parts = ", ".join(f"{n} {k}" for k, n in sorted(kinds.items()))
    return (f"rdv2po: {len(model.files)} file(s), {len(model.tasks)} task(s)"
            f"{' (' + parts + ')' if parts else ''}, {errors} error(s)")

"""What could not be judged, said once per file, with its first cause and a hint.

GNAT's own messages for one missing unit are many: every unit on the way
says ``"A (body)" depends on "B (spec)"``, then ``file "c.ads" not found``,
and that again for every file that needs it.  A user needs one line per
file that does not compile: the first cause (a missing unit, with the chain
that leads to it; a newer language version; GNAT's first error), how many
more errors the file has, and what to do when there is something to do.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from ..diagnostics import Diagnostic
from ..frontend.workspace import Workspace

_DEPENDS = re.compile(r'^"(?P<a>[^"]+)" depends on "(?P<b>[^"]+)"$')
_MISSING = re.compile(r'^file "(?P<file>[^"]+)" not found$')
_ADA2022 = re.compile(r"Ada 2022|-gnat2022")
_ILLEGAL = "illegal character, replaced by"

HINT_2022 = "hint: these sources are Ada 2022: --gnat-switch=-gnat2022"
HINT_MISSING = ("hint: give the folder that holds it (-I DIR), or use the project file "
                "(-P, with -aP DIR or GPR_PROJECT_PATH for the projects it imports)")


@dataclass(frozen=True)
class Unjudged:
    lines: tuple[Diagnostic, ...]      # one per file that does not parse or compile
    causes: Counter                    # "language version", "missing unit", "GNAT error", ...
    missing: Counter                   # missing unit files, by how many files need them


def summarize(errors: list[Diagnostic], ws: Workspace | None,
              scenario: dict[str, str] | None = None) -> Unjudged:
    """``scenario``: the project's scenario variables and defaults, when linting with
    -P -- a unit GNAT rejects is often one the default scenario should not pick."""
    by_file: dict[str, list[Diagnostic]] = {}
    for d in sorted(set(errors)):
        by_file.setdefault(d.path, []).append(d)
    lines, causes, missing = [], Counter(), Counter()
    for path, ds in by_file.items():
        line, cause = _one_file(ds, ws, scenario or {})
        lines.append(line)
        causes[cause] += 1
        if cause == "missing unit":
            missing[line.message.split('"')[1]] += 1
    return Unjudged(tuple(lines), causes, missing)


def _gnat(d: Diagnostic) -> str:
    return d.message[len("GNAT: "):] if d.message.startswith("GNAT: ") else d.message


def _one_file(ds: list[Diagnostic], ws: Workspace | None,
              scenario: dict[str, str]) -> tuple[Diagnostic, str]:
    chain: dict[str, str] = {}
    real = []
    for d in ds:
        m = _DEPENDS.match(_gnat(d))
        if m:
            chain.setdefault(m["a"], m["b"])
        else:
            real.append(d)
    real = real or ds
    first = real[0]
    more = len(real) - 1
    missing = next((d for d in real if _MISSING.match(_gnat(d))), None)
    newer = [d for d in real if _is_ada2022(d, ws)]
    if missing is not None:
        file = _MISSING.match(_gnat(missing))["file"]
        via = _chain_text(chain)
        msg = f"not judged: needs the unit in file \"{file}\", not found"
        msg += f" (through {via})" if via else ""
        first, cause, hint = missing, "missing unit", HINT_MISSING
        more = len(real) - 1
    elif newer:
        first = newer[0]
        msg = f"not judged: uses Ada 2022 ({_describe_2022(first, ws)})"
        cause, hint = "language version", HINT_2022
    else:
        text = _gnat(first)
        msg = f"not judged: {'GNAT: ' if first.message.startswith('GNAT: ') else ''}{text}"
        cause, hint = ("syntax" if not first.message.startswith("GNAT: ") else "GNAT error"), ""
        if scenario and cause == "GNAT error":
            shown = ", ".join(f"{n}={v}" for n, v in list(scenario.items())[:6])
            hint = (f"hint: if this unit is not meant for this configuration, choose the "
                    f"project's scenario with -X NAME=VALUE (defaults: {shown})")
    if more:
        msg += f" (and {more} more error(s) in this file)"
    if hint:
        msg += f"; {hint}"
    return Diagnostic(first.path, first.line, first.col, "error", msg), cause


def _chain_text(chain: dict[str, str]) -> str:
    """``"A (body)" -> "B (spec)" -> "C (spec)"``, from GNAT's pairs, longest path."""
    if not chain:
        return ""
    targets = set(chain.values())
    start = next((a for a in chain if a not in targets), next(iter(chain)))
    names, seen = [start], {start}
    while names[-1] in chain and chain[names[-1]] not in seen:
        names.append(chain[names[-1]])
        seen.add(names[-1])
    return " -> ".join(names)


def _is_ada2022(d: Diagnostic, ws: Workspace | None) -> bool:
    text = _gnat(d)
    if _ADA2022.search(text):
        return True
    # GNAT 12 without -gnat2022 reads the brackets of a 2022 aggregate as illegal.
    return text.startswith(_ILLEGAL) and _char_at(d, ws) in ("[", "]")


def _describe_2022(d: Diagnostic, ws: Workspace | None) -> str:
    text = _gnat(d)
    if text.startswith(_ILLEGAL):
        return f"'{_char_at(d, ws)}' of a bracket aggregate"
    if "must be compiled with" in text:
        return "GNAT: " + text
    return text


def _char_at(d: Diagnostic, ws: Workspace | None) -> str:
    fu = ws.by_display.get(d.path) if ws is not None else None
    if fu is None:
        return ""
    off = fu.offset_of_gnat(d.line, d.col)
    return chr(fu.src.data[off]) if off is not None and off < len(fu.src.data) else ""

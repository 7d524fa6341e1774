"""The versions of a program the bench compares, made in a private folder.

The rendezvous version is a copy of the program's sources.  The translated
versions come from ``rewrite.run`` at bench time, on their own copy, never
written by hand; a version whose translation is refused or not available is
kept as "n/a" with the reason, and the bench goes on without it.  A program
may bring a hand-written version: files that replace some of its sources,
the best a programmer writes, which the report sets the translation against.
"""

from __future__ import annotations

import shutil
from dataclasses import dataclass, field
from pathlib import Path

from .. import rewrite
from ..frontend.analysis import Options
from ..diagnostics import ToolFailure
from ..schemes import registry
from .suite import Program

RENDEZVOUS, HAND = "rendezvous", "hand-written"
GENERAL, SERVERS = registry.GENERAL_ONLY.version, registry.SERVER.version
SCHEME_OF = {s.version: s.name for s in registry.BENCHED}    # version -> rewrite.run scheme
LABELS = {RENDEZVOUS: "Rendezvous", **{s.version: s.label for s in registry.BENCHED},
          HAND: "Hand-written"}


@dataclass(frozen=True)
class Version:
    name: str                      # RENDEZVOUS, HAND or a translated version (SCHEME_OF)
    src: Path | None               # None: not available, see reason
    reason: str = ""
    decisions: tuple[dict, ...] = field(default=())   # one per task the scheme considered

    @property
    def available(self) -> bool:
        return self.src is not None


def make_versions(program: Program, names: list[str], work: Path) -> list[Version]:
    out = []
    for name in names:
        folder = work / program.name / name
        if name == RENDEZVOUS:
            out.append(Version(name, _copy(program.src, folder)))
        elif name == HAND:
            if program.hand is not None:
                out.append(_hand(program, folder))
        else:
            out.append(_translated(program, name, folder))
    return out


def _copy(src: Path, folder: Path) -> Path:
    dest = folder / "src"
    if dest.exists():
        shutil.rmtree(dest)
    shutil.copytree(src, dest)
    return dest


def _hand(program: Program, folder: Path) -> Version:
    """The sources with the hand-written files laid over them (same relative paths)."""
    dest = _copy(program.src, folder)
    shutil.copytree(program.hand, dest, dirs_exist_ok=True)
    names = ", ".join(sorted(str(f.relative_to(program.hand))
                             for f in program.hand.rglob("*") if f.is_file()))
    return Version(HAND, dest, f"written by hand: {names} replace the program's")


def _translated(program: Program, name: str, folder: Path) -> Version:
    dest = _copy(program.src, folder)
    # diagnostics and decisions name src/FILE, relative to the version's folder
    opts = Options(paths=(str(dest),), include=tuple(str(i) for i in program.include),
                   whole=True, shown_from=str(folder))
    try:
        out = rewrite.run(opts, scheme=SCHEME_OF[name])
        decisions = tuple(_decision_json(d) for d in out.decisions.values())
        if out.input_errors:
            first = next(d for d in out.diagnostics if d.severity == "error")
            return Version(name, None, f"the program does not compile: {first.format()}",
                           decisions)
        if not out.rewritten:
            why = "; ".join(f"{d['task']}: {d['construct']}: {d['reason']}"
                            for d in decisions) or "no server task found"
            return Version(name, None, f"no task translated ({why})", decisions)
        rewrite.write(out)
        return Version(name, dest, "", decisions)
    except ToolFailure as exc:
        return Version(name, None, str(exc))
    except Exception as exc:     # a translator bug costs this version, not the bench
        return Version(name, None, f"internal error in rdv2po: {type(exc).__name__}: {exc}")


def _decision_json(d: rewrite.Decision) -> dict:
    return {"task": d.task, "scheme": d.scheme, "rewritten": d.rewritten,
            "where": str(d.loc), "construct": d.construct, "reason": d.reason}

"""What the profile command reports: violations at the user's places, per profile."""

from __future__ import annotations

from dataclasses import dataclass, field

from .restrictions import family_of


@dataclass(frozen=True, order=True)
class Violation:
    path: str           # the user's file, as the other commands show it
    line: int
    col: int
    restriction: str    # e.g. No_Task_Hierarchy ("other": an error the profile causes)
    shown: str          # as GNAT names it ("Max_Task_Entries = 0"), or its message
    generated: str = "" # the rewritten line, when the rewrite wrote the text here
    verdict: str = ""   # for a violation in generated text: carried over, avoidable, real
    by: str = "GNAT"    # who found it: GNAT, or rdv2po (checks GNAT makes at run time)

    @property
    def family(self) -> str:
        return family_of(self.restriction)

    def to_json(self) -> dict:
        out = {"path": self.path, "line": self.line, "col": self.col,
               "restriction": self.restriction, "shown": self.shown,
               "family": self.family, "by": self.by}
        if self.generated:
            out["generated"] = self.generated
        if self.verdict:
            out["verdict"] = self.verdict
        return out


@dataclass(frozen=True)
class ProfileResult:
    profile: str                          # "jorvik" or "ravenscar"
    written: tuple[Violation, ...]
    rewritten: tuple[Violation, ...]

    @property
    def meets(self) -> bool:
        return not self.rewritten


@dataclass(frozen=True)
class Report:
    results: tuple[ProfileResult, ...]
    files: tuple[str, ...]                # every file of the program, as shown
    rewritten_tasks: tuple[str, ...]
    refused_tasks: tuple[str, ...]
    changed_files: tuple[str, ...]
    warnings: tuple = field(default=())   # the rewrite's refusals (Diagnostics)

    @property
    def meets(self) -> bool:
        return all(r.meets for r in self.results)

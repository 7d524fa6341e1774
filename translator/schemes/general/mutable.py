"""Entry formals whose type has defaulted discriminants, under the general scheme.

Such a formal is constrained exactly when its actual is (RM 3.7.2, 6.4.1(10)):
an ``in`` formal is a constant, so ``X'Constrained`` is True; an ``in out`` or
``out`` formal has the 'Constrained of the caller's actual, and an assignment
changing its discriminants raises Constraint_Error in the accept body when the
actual is constrained, where the body's handlers see it.  The agent holds every
formal in a variable of the formal's subtype, which is unconstrained whatever
the actual.

So the accept body of such an entry runs in a local procedure of the agent,
``E_Accepted``, whose formals are these formals, of the same names: an ``in`` one
is a constant there; an ``in out`` or ``out`` one is passed the agent's variable
when the caller's actual was unconstrained, or a copy constrained to its
discriminants when it was constrained.  The object's ``E`` sees the caller's
actual: it records its 'Constrained at acceptance, and ``E_Accept_Begin``
(``E_Take``) hands that to the agent with the values.  With several such
formals, ``E_Constrain_X`` decides for X with the formals before it decided,
one procedure per formal: one call of ``E_Accepted``, not one per combination.

``E_Accepted`` holds the rest of the accept too (``E_Failed``, ``E_Accept_End``,
the labels a ``return`` or a requeue jumps to), so it reads and hands back its
own formals, the views the body wrote through.  An ``in`` formal is handled so
only when an accept of its entry asks ``'Constrained``: nothing else can tell a
constant from a variable nobody assigns.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...frontend.decls import formals
from ..common.fragments import STEP, step_in
from ..common.layout import wrap
from .shape import EntryPlan


@dataclass(frozen=True)
class Mutable:
    name: str                     # as in the entry declaration
    mode: str                     # "in", "in out", "out"
    subtype: str
    discriminants: tuple[str, ...]
    component: str = ""           # the object's record of the actual's 'Constrained
    flag: str = ""                # E_Accept_Begin's out formal for it; the agent's variable

    @property
    def follows_actual(self) -> bool:
        return self.mode != "in"


def plan(entries: dict[str, EntryPlan], asks_constrained, discriminants, fresh) -> None:
    """Set each entry's ``mutable``: its formals the agent must hand to the accept body
    constrained as in the rendezvous.  ``asks_constrained(entry)``: does an accept of it
    say 'Constrained?  ``discriminants(formal)`` names the discriminants of a formal's
    type when they all have defaults and its subtype is unconstrained."""
    fresh = reusing(fresh)
    for e in entries.values():
        found = []
        for f, p in _formals(e):
            discs = discriminants(f)
            if not discs or not e.has_body or (p.mode == "in" and not asks_constrained(e)):
                continue
            follows = p.mode != "in"
            found.append(Mutable(p.name, p.mode, p.subtype, discs,
                                 fresh(f"{e.name}_{p.name}_Constrained") if follows else "",
                                 fresh(f"{p.name}_Constrained") if follows else ""))
        e.mutable = found


def _formals(e: EntryPlan):
    """(formal, Param) for each name of the entry's formal part."""
    params = iter(e.params)
    for f in formals(e.formal):
        for _name in f.names:
            yield f, next(params)


@dataclass(frozen=True)
class Accepted:
    """The agent's code for one accept of an entry with such formals."""
    entry: EntryPlan
    procedure: str                 # E_Accepted
    constrain: tuple[str, ...]     # E_Constrain_X, for the second such formal on
    copies: tuple[str, ...]        # Constrained_X, the constrained copy of each
    names: dict                    # lower-case name -> the name the accept writes
    subtypes: dict                 # lower-case name -> the subtype the accept writes

    def formal(self, name: str) -> bool:
        return name.lower() in self.names

    @property
    def follow(self) -> list[Mutable]:
        return [m for m in self.entry.mutable if m.follows_actual]

    def _name(self, m: Mutable) -> str:
        return self.names[m.name.lower()]

    def _subtype(self, m: Mutable) -> str:
        return self.subtypes[m.name.lower()]

    def flag_decls(self) -> list[str]:
        return [f"{m.flag} : Boolean;   --  {self._name(m)}'Constrained in the caller"
                for m in self.follow]

    def flags(self) -> list[str]:
        return [m.flag for m in self.follow]

    def declarations(self, stmts: list[str], column: int) -> list[str]:
        """``E_Accepted`` holding ``stmts`` (the accept body and what ends the accept),
        then one ``E_Constrain_X`` per such formal after the first."""
        parts = []
        for m in self.entry.mutable:
            mode = "in out " if m.follows_actual else ""
            parts.append(f"{self._name(m)} : {mode}{self._subtype(m)}")
        out = wrap([f"procedure {self.procedure} ({'; '.join(parts)}) is"], column)
        out += ["begin"] + step_in(stmts) + [f"end {self.procedure};"]
        follow = self.follow
        for j in reversed(range(1, len(follow))):      # each calls the one before it
            before = "; ".join(f"{self._name(m)} : in out {self._subtype(m)}"
                               for m in follow[:j])
            out += [""] + wrap([f"procedure {self.constrain[j - 1]} ({before}) is"], column)
            out += (["begin"] + step_in(self._decide(j, column + len(STEP)))
                    + [f"end {self.constrain[j - 1]};"])
        return out

    def call(self, column: int) -> list[str]:
        """The statements running the accept body, after acceptance."""
        if not self.follow:
            return wrap([f"{self.procedure} ({', '.join(map(self._name, self.entry.mutable))});"],
                        column)
        names = [self._name(m) for m in self.follow]
        what = "the caller's actual is" if len(names) == 1 else "the caller's actuals are"
        return (wrap([f"--  rdv2po: the accept body sees {_and(names)} constrained as {what}"
                      " (RM 6.4.1)"], column) + self._decide(0, column))

    def _decide(self, j: int, column: int) -> list[str]:
        """Pass the j-th formal following its actual, constrained or not, on to the next
        step: ``E_Constrain_Y`` for the next one, or ``E_Accepted`` after the last."""
        follow = self.follow
        m = follow[j]
        name = self._name(m)
        last = j == len(follow) - 1
        callee = self.procedure if last else self.constrain[j]

        def args(view: str) -> str:
            if not last:
                return ", ".join([self._name(x) for x in follow[:j]] + [view])
            return ", ".join(view if x is m else self._name(x) for x in self.entry.mutable)

        bounds = ", ".join(f"{name}.{d}" for d in m.discriminants)
        copy = self.copies[j]
        return wrap([f"if {m.flag} then", STEP + "declare",
                     STEP * 2 + f"{copy} : {self._subtype(m)} ({bounds}) := {name};",
                     STEP + "begin", STEP * 2 + f"{callee} ({args(copy)});", STEP + "end;",
                     "else", STEP + f"{callee} ({args(name)});", "end if;"], column)


def accepted(entry: EntryPlan, written: list, fresh) -> Accepted:
    """Names for one accept; ``written``: its formals (``Param``) as the accept writes
    them, in the body's words (the entry's declaration may name the type otherwise)."""
    by_lower = {w.name.lower(): w for w in written}
    names = {m.name.lower(): by_lower[m.name.lower()].name if m.name.lower() in by_lower
             else m.name for m in entry.mutable}
    subtypes = {m.name.lower(): by_lower[m.name.lower()].subtype if m.name.lower() in by_lower
                else m.subtype for m in entry.mutable}
    follow = [m for m in entry.mutable if m.follows_actual]
    return Accepted(entry, fresh(f"{entry.name}_Accepted"),
                    tuple(fresh(f"{entry.name}_Constrain_{names[m.name.lower()]}")
                          for m in follow[1:]),
                    tuple(fresh(f"Constrained_{names[m.name.lower()]}") for m in follow),
                    names, subtypes)


def reusing(fresh):
    """``fresh``, giving the same name again for the same base: the names made here are
    local to one accept (or one entry's profile), and need not differ between them."""
    made: dict[str, str] = {}

    def name(base: str) -> str:
        if base.lower() not in made:
            made[base.lower()] = fresh(base)
        return made[base.lower()]
    return name


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]

"""The Selector of the paper's Figure 4, in the rendezvous object: a select of accepts.

``Select_Arm`` receives the select's alternatives in textual order, each an
(entry, family index) pair, a closed one as ``No_Entry``.  It first disarms
whatever the previous select left armed: when a delay alternative's timed
call expires in ``Select_Wait``, GNAT cancels it without running anything in
the object, so that select's alternatives stay armed (harmless while the
agent is not in ``Select_Wait``: ``Timed`` keeps their barriers closed), and
an alternative whose guard is closed now must not take a call.  If an open one
has a caller queued, the first such is the only one armed -- GNAT's choice
for a select with FIFO queuing; otherwise all are, and the agent waits in
``Select_Wait`` (with abort: a delay alternative's timed call can expire, an
abort of the task is not held up), or returns at once for an else part, or
goes to its terminate select (protected_object.py).  The
caller's entry body records which armed alternative took it (``Position_Of``)
and disarms the others, so exactly one caller is accepted.
"""

from __future__ import annotations

from ..common.fragments import STEP, procedure, step_in


class SelectorGen:
    def __init__(self, obj):
        self.obj, self.n, self.entries = obj, obj.n, obj.entries
        self.timed, self.wake = obj.timed, obj.wake
        names = [e.name.lower() for e in obj.entries]
        # 'Count cannot name an overloaded entry: selects holding one are served otherwise.
        self.overloaded = [obj.en(e).literal for e in obj.entries
                           if e.in_select and names.count(e.name.lower()) > 1]

    def en(self, e):
        return self.obj.en(e)

    def arm_profile(self) -> str:
        return self.obj.arm_profile()

    def select_arm(self) -> list[str]:
        n, flag = self.n, self.obj.flag
        # RM 9.7.1(21): every alternative closed and no else part (nor delay, terminate)
        others = [flag(k) for k in ("poll", "timed_wait", "wake") if flag(k) != "False"]
        check = "True" not in others
        decl = [f"{n.found} : Natural := 0;"]
        decl += [f"{n.any_open} : Boolean := False;"] if check else []
        count = []
        if self.overloaded:
            decl.append(f"{n.countable} : Boolean := True;")
            count = [STEP * 2 + f"if {n.order} (K).Id in {' | '.join(self.overloaded)} then",
                     STEP * 3 + f"{n.countable} := False;", STEP * 2 + "end if;"]
        # A select whose delay expired left its alternatives armed (cancelling the timed
        # call runs nothing here): clear them, or an alternative closed now could take a call.
        stmts = [
            f"{n.disarm};",
            f"{n.chosen_entry} := 0;",
            f"{n.armed_last} := 0;",
            f"for K in {n.order}'Range loop",
            STEP + f"if {n.order} (K).Id /= {n.no_entry} then"]
        stmts += [STEP * 2 + f"{n.any_open} := True;"] if check else []
        stmts += count + [
            STEP * 2 + f"if {n.found} = 0 and then {n.queued} ({n.order} (K)) then",
            STEP * 3 + f"{n.found} := K;",
            STEP * 2 + "end if;",
            STEP + "end if;",
            "end loop;"]
        if check:
            cond = f"not {n.any_open}"
            if others:
                alt = " or else ".join(others)
                cond += f" and then not ({alt})" if len(others) > 1 else f" and then not {alt}"
            stmts += ["--  RM 9.7.1(21): every alternative closed and no else part",
                      f"if {cond} then", STEP + "raise Program_Error;", "end if;"]
        poll = flag("poll")
        stmts += self._uncountable() + [
            "--  a caller already queued is taken first, in the select's order (as GNAT does)",
            f"if {n.found} /= 0 then",
            STEP + f"{n.armed_list} (1 .. {n.found}) := {n.order} ({n.order}'First .. "
                   f"{n.order}'First + {n.found} - 1);",
            STEP + f"{n.armed_last} := {n.found};",
            STEP + f"{n.arm} ({n.order} ({n.found}));"]
        if poll == "True":      # every select has an else part
            stmts += ["else", STEP + "return;", "end if;"]
        else:
            stmts += ([f"elsif {poll} then", STEP + "return;"] if poll != "False" else []) + [
                "else",
                STEP + f"{n.armed_list} (1 .. {n.order}'Length) := {n.order};",
                STEP + f"{n.armed_last} := {n.order}'Length;",
                STEP + f"for K in {n.order}'Range loop",
                STEP * 2 + f"{n.arm} ({n.order} (K));",
                STEP + "end loop;",
                "end if;"]
        if self.timed:
            stmts.append(f"{n.timed} := {_and(flag('timed_wait'), f'{n.found} = 0')};")
        if self.wake:
            stmts += [f"{n.via_wake} := {_and(flag('wake'), f'{n.found} = 0')};",
                      f"if {n.via_wake} then", STEP + "return;", "end if;"]
        # with abort: a delay alternative's timed call can expire, an abort is not held up
        stmts.append(f"requeue {n.select_wait} with abort;")
        return ([f"entry {n.select_arm} {self.arm_profile()}", f"  when not {n.closed} is"]
                + step_in(decl) + ["begin"] + step_in(stmts) + [f"end {n.select_arm};"])

    def _uncountable(self) -> list[str]:
        """A select with an overloaded entry: arm all; queued callers are served at the end
        of this protected action, in declaration order, before Select_Check looks."""
        if not self.overloaded:
            return []
        n = self.n
        out = [f"if not {n.countable} then",
               STEP + f"{n.armed_list} (1 .. {n.order}'Length) := {n.order};",
               STEP + f"{n.armed_last} := {n.order}'Length;",
               STEP + f"for K in {n.order}'Range loop",
               STEP * 2 + f"{n.arm} ({n.order} (K));",
               STEP + "end loop;"]
        if self.timed:
            out += [STEP + f"{n.timed} := {self.obj.flag('timed_wait')};",
                    STEP + f"if {n.timed} then", STEP * 2 + f"requeue {n.select_wait} with abort;",
                    STEP + "end if;"]
        return out + [STEP + f"requeue {n.select_check};", "end if;"]

    def select_check(self) -> list[str]:
        if not self.overloaded:
            return []
        n = self.n
        flag = self.obj.flag
        stmts = [f"if {n.chosen} /= {n.no_entry} then", STEP + f"{n.chosen_entry} := {n.position};"]
        if flag("poll") != "False":
            stmts += [f"elsif {flag('poll')} then", STEP + f"{n.disarm};",
                      STEP + f"{n.chosen_entry} := 0;"]
        if self.wake and flag("wake") != "False":
            stmts += [f"elsif {flag('wake')} then", STEP + f"{n.via_wake} := True;",
                      STEP + f"{n.chosen_entry} := 0;"]
        stmts += ["else", STEP + f"requeue {n.select_wait} with abort;", "end if;"]
        return ([f"entry {n.select_check} {self.arm_profile()}", f"  when not {n.closed} is",
                 "begin"] + step_in(stmts) + [f"end {n.select_check};", ""])

    def select_wait(self) -> list[str]:
        n = self.n
        return ([f"entry {n.select_wait} {self.arm_profile()}",
                 f"  when {n.chosen} /= {n.no_entry} is", "begin"]
                + step_in([f"{n.chosen_entry} := {n.position};"]) + [f"end {n.select_wait};"])

    def disarm(self) -> list[str]:
        n = self.n
        stmts = [f"{self.en(e).armed} := " + ("(others => False);" if e.family is not None
                                               else "False;")
                 for e in self.entries if e.in_select]
        if self.wake:
            stmts.append(f"{n.via_wake} := False;")
        if self.timed:
            stmts.append(f"{n.timed} := False;")
        return procedure(f"procedure {n.disarm}", stmts)

    def arm(self) -> list[str]:
        n = self.n
        body = [f"case {n.alt}.Id is"]
        for e in self.entries:
            if not e.in_select:
                continue
            en = self.en(e)
            target = (f"{en.armed} ({en.index_subtype}'Val ({n.alt}.Index))"
                      if e.family is not None else en.armed)
            body += [STEP + f"when {en.literal} =>", STEP * 2 + f"{target} := True;"]
        body += [STEP + "when others =>", STEP * 2 + "null;", "end case;"]
        return procedure(f"procedure {n.arm} ({n.alt} : {n.alternative})", body)

    def queued(self) -> list[str]:
        n = self.n
        body = [f"case {n.alt}.Id is"]
        for e in self.entries:
            if not e.in_select or self.en(e).literal in self.overloaded:
                continue
            en = self.en(e)
            fam = (f" ({en.index_subtype}'Val ({n.alt}.Index))" if e.family is not None else "")
            count = f"{n.po_type}.{e.name}{fam}'Count"
            if e.woken:     # callers turned back from the Wake entry are queued too
                count = f"{count} + {en.held}{fam}'Count"
            body += [STEP + f"when {en.literal} =>", STEP * 2 + f"return {count} > 0;"]
        body += [STEP + "when others =>", STEP * 2 + "return False;", "end case;"]
        return procedure(f"function {n.queued} ({n.alt} : {n.alternative}) return Boolean", body)

    def position_of(self) -> list[str]:
        """The first armed alternative for a caller: the one the select would take."""
        n = self.n
        body = [f"for K in 1 .. {n.armed_last} loop",
                STEP + f"if {n.armed_list} (K) = {n.alt} then", STEP * 2 + "return K;",
                STEP + "end if;", "end loop;", "return 0;"]
        return procedure(f"function {n.position_of} ({n.alt} : {n.alternative}) return Natural", body)


def _and(flag: str, cond: str) -> str:
    """``flag and then cond``, for a flag that may be a constant."""
    return cond if flag == "True" else "False" if flag == "False" else f"{flag} and then {cond}"

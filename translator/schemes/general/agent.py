"""The task body under the general scheme: the same code, run by ``T_Agent``.

Only the synchronization changes.  Every ``accept`` becomes a block that
calls ``E_Accept_Begin`` (or ``E_Take`` in a select), runs the accept body,
and calls ``E_Accept_End`` -- or ``E_Failed`` and re-raises, so that an
exception reaches the caller and the task as before.  Every ``select`` of
accepts becomes a call of ``Select_Arm`` with the open alternatives (guards
are evaluated by the task, once, as the select did), an optional wait in a
real select with the ``terminate`` alternative, and a ``case`` on the chosen
entry.  ``E'Count`` becomes a function of the object; a ``requeue`` records
its target and leaves the accept body.  Everything else is left as written,
comments included; replaced code is laid out at the indentation it had.
"""

from __future__ import annotations

from ...frontend.syntax import Node, first_child, squeeze, text
from ..common.fragments import STEP, Source, Sub, step_in, visual_width
from ..common.tree import innermost_accept, is_within
from . import mutable
from .names import Names
from .protected_object import ObjectGen
from .shape import AcceptSite, GeneralShape, SelectSite, _params
from ..common.layout import LIMIT, wrap

# Where a wake accept usually stands (task body, loop, declare, select): for layout only.
WAKE_COLUMN = 15


class AgentBody:
    def __init__(self, src: Source, body: Node, shape: GeneralShape, obj: ObjectGen,
                 self_refs: list[Node], fresh):
        self.src, self.body, self.shape, self.obj = src, body, shape, obj
        self.n: Names = obj.n
        self.fresh = fresh
        self.labels: dict[int, str] = {}       # after the accept: a requeue jumps there
        self.finished: dict[int, str] = {}     # before Accept_End: a return jumps there
        # E.X inside accept E: X is now declared by a named block, Block.X says which one
        self.named: dict[tuple[int, bool], str] = {}
        self.mutables: dict[int, mutable.Accepted] = {}    # by accept: its E_Accepted
        self.local = mutable.reusing(fresh)       # names declared in one accept's block
        self.spots = self._spots(self_refs)

    # -- what gets replaced ------------------------------------------------

    def _spots(self, self_refs: list[Node]) -> list[tuple[int, int, str, object]]:
        """(start, end, kind, what) of every construct the agent's code replaces."""
        spots = [(a.node.start_byte, a.node.end_byte, "accept", a)
                 for a in self.shape.accepts.values() if not a.in_select]
        spots += [(s.node.start_byte, s.node.end_byte, "select", s)
                  for s in self.shape.selects.values()]
        spots += [(r.node.start_byte, r.node.end_byte, "requeue", r)
                  for r in self.shape.requeues.values()]
        spots += [(first.start_byte, last.end_byte, attr, (e, idx))
                  for first, last, e, idx, attr in self.shape.counts]
        spots += [(start, end, "self", name) for start, end, name in self_refs]
        spots += [(sel.start_byte, sel.end_byte, "formal", (name, acc))
                  for sel, name, acc in self.shape.formal_refs]
        spots += [(r.start_byte, r.end_byte, "return", r) for r in self.shape.returns]
        spots += [(i.start_byte, i.end_byte, "self", f"{self.n.self_}.{text(i)}")
                  for i in self.shape.self_calls]
        return sorted(spots, key=lambda s: (s.__getitem__(0), -s.__getitem__(1)))

    def subs(self, start: int, end: int) -> list[Sub]:
        """Replacements for the outermost constructs within [start, end)."""
        out, reach = [], start
        for s, e, kind, what in self.spots:
            if s < start or e > end or s < reach:
                continue
            out.append(Sub(s, e, self._replace(kind, what)))
            reach = e
        return out

    def top_level(self) -> list[Sub]:
        """The replacements made directly in the task body."""
        return self.subs(self.body.start_byte, self.body.end_byte)

    def _replace(self, kind: str, what) -> str:
        if kind == "accept":
            return "\n".join(self.accept(what, take=False))
        if kind == "select":
            return "\n".join(self.select(what))
        if kind == "requeue":
            return self.requeue(what)
        if kind == "return":
            acc = innermost_accept(what)
            entry = self.shape.accepts[acc.id].entry
            return f"goto {self.finished.setdefault(acc.id, self.fresh(f'{entry.name}_Finished'))};"
        if kind in ("count", "caller"):
            entry, idx = what
            en = self.n.entries[entry.key]
            arg = f" ({self._flat(idx)})" if idx is not None else ""
            return f"{self.n.self_}.{en.count if kind == 'count' else en.caller}{arg}"
        if kind == "formal":
            name, acc = what
            mut = self.mutables.get(acc.id)
            if mut is not None and mut.formal(name):
                return f"{mut.procedure}.{name}"      # E.X: E_Accepted's formal X
            return f"{self._block_name(acc, name)}.{name}"
        return what        # "self": the replacement itself

    # -- accept ----------------------------------------------------------------

    def accept(self, site: AcceptSite, take: bool) -> list[str]:
        """An accept as calls on the object; indefinite parameters come after acceptance."""
        n, e = self.n, site.entry
        en = n.entries[e.key]
        acc = site.node
        formal = first_child(acc, "formal_part")
        params = _params(formal, self.src.node) if e.has_body else []
        heap = [p for p in params if p.name.lower() in en.heap]
        plain = [p for p in params if p.name.lower() not in en.heap]
        mut = None
        if e.mutable:
            mut = self.mutables[acc.id] = mutable.accepted(e, params, self.local)
        carried = {p.name.lower() for p in e.ins}
        ins = [p.name for p in plain if p.name.lower() in carried]
        ins += mut.flags() if mut is not None else []
        outs = [p.name for p in params if p.mode in ("out", "in out")]
        op = en.take if take else en.accept_begin
        idx = f" ({self._flat(site.index)})" if site.index is not None and not take else ""
        args = f" ({', '.join(ins)})" if ins else ""
        begin = [f"{n.self_}.{op}{idx}{args};"]
        if mut is not None:
            begin = wrap(begin, self.src.column(acc.start_byte) + len(STEP))
        stmts = []
        if e.has_body:
            if site.hss is not None:
                stmts += self._guarded_body(site, en)
            if acc.id in self.finished:
                stmts.append(f"<<{self.finished[acc.id]}>>")
            stmts.append(f"{n.self_}.{en.accept_end}" + (f" ({', '.join(outs)})" if outs else "")
                         + ";")
        label = self.labels.get(acc.id)
        if label is not None:
            stmts += [f"<<{label}>>", "null;"]
        procedures = []
        if mut is not None and site.hss is not None:
            # the accept body and its end run in E_Accepted, on the formals' views
            column = self.src.column(acc.start_byte) + len(STEP) * (2 if heap else 1)
            procedures = [""] + mut.declarations(stmts, column)
            stmts = mut.call(column)
        if heap:
            values = [f"{p.name} : " + ("constant " if p.mode == "in" else "") + f"{p.subtype} := "
                      f"{n.self_}.{en.heap[p.name.lower()][2]};" for p in heap]
            name = self.named.get((acc.id, True))
            stmts = ([f"{name} : declare" if name else "declare"]
                     + step_in(values + procedures) + ["begin"] + step_in(stmts)
                     + [f"end {name};" if name else "end;"])
            procedures = []
        decls = [f"{p.name} : {p.subtype};" for p in plain]
        decls += (mut.flag_decls() if mut is not None else []) + procedures
        if not decls and label is None and not heap:
            return begin + stmts
        name = self.named.get((acc.id, False))
        head = ["declare"] + step_in(decls) if decls else []
        if name and decls:
            head = [f"{name} : declare"] + step_in(decls)
        return head + ["begin"] + step_in(begin + stmts) + [f"end {name};" if name and decls else "end;"]

    def _block_name(self, acc: Node, param: str) -> str:
        site = self.shape.accepts[acc.id]
        heap = param.lower() in self.n.entries[site.entry.key].heap
        suffix = "_Values" if heap else "_Parameters"
        return self.named.setdefault((acc.id, heap), self.fresh(f"{site.entry.name}{suffix}"))

    def _guarded_body(self, site: AcceptSite, en) -> list[str]:
        """The accept body, inside a block that reports its exception to the caller."""
        acc, n = site.node, self.n
        for rq in site.entry.requeues:
            if is_within(rq.node, acc) and innermost_accept(rq.node) == acc:
                self.labels.setdefault(acc.id, self.fresh(f"{site.entry.name}_Requeued"))
        refs = [p.name for p in site.entry.ref_outs]
        do = next(c for c in acc.children if c.type == "do")
        end = next(c for c in reversed(acc.children) if c.type == "end")
        inner = self.inner(do.end_byte, end.start_byte, site.hss, 2 if self._handlers(site) else 1)
        if self._handlers(site):
            inner = [STEP + "begin"] + inner + [STEP + "end;"]
        return (["begin"] + inner
                + ["exception", STEP + f"when {n.occurrence} : others =>",
                   STEP * 2 + f"{n.self_}.{en.failed} ({', '.join([n.occurrence] + refs)});",
                   STEP * 2 + "raise;",
                   "end;"])

    @staticmethod
    def _handlers(site: AcceptSite) -> bool:
        return any(c.type == "exception_handler" for c in site.hss.named_children)

    def requeue(self, rq) -> str:
        en = self.n.entries[rq.entry.key]
        acc = innermost_accept(rq.node)
        label = self.labels.setdefault(acc.id, self.fresh(f"{rq.entry.name}_Requeued"))
        args = [self._flat(rq.index)] if rq.index is not None and rq.internal else []
        args += [p.name for p in rq.entry.outs] if rq.entry.has_body else []
        arg = f" ({', '.join(args)})" if args else ""
        hand = f"{self.n.self_}.{en.requeue[rq.number - 1]}{arg};\n"
        if rq.by_agent:
            hand += self._forward(rq, en)
        return hand + f"goto {label};"

    def _forward(self, rq, en) -> str:
        """The object hands the caller back, and the agent requeues it to a target
        that only the task body sees, with the caller's parameters as the object left
        them: the formals of the requeued call (RM 9.5.4(17))."""
        fwd = en.forward[rq.number - 1]
        fp = "; ".join(f"{p.name} : {p.mode} {p.subtype}" for p in rq.entry.params)
        abort = " with abort" if rq.with_abort else ""
        return (f"accept {fwd}" + (f" ({fp})" if fp else "") + " do\n"
                + STEP + f"requeue {self._flat(rq.target)}{abort};\n"
                + f"end {fwd};\n")

    # -- select ----------------------------------------------------------------

    def select(self, site: SelectSite) -> list[str]:
        n = self.n
        decls = [STEP + f"{n.choice} : Natural;"]
        if site.terminate is not None:
            # the Wake accepts need the alternatives as armed (a family member's index)
            order = (self._order(site, 3) + ";").split("\n")
            decls = ([STEP + f"{n.alternatives} : constant {n.entry_list} :="]
                     + [STEP + "  " + ln for ln in order[:1]] + [STEP + ln for ln in order[1:]]
                     ) + decls
        arm = self._arm_call(site, timed=site.delay is not None)
        lines = []
        d = site.delay
        delays = site.delays
        if len(delays) > 1:
            expiry = self._expiry(delays)
            decls += expiry.decls
            lines += expiry.evaluate + expiry.wait(arm, self._arm_call(site, timed=False))
        elif d is None:
            lines += arm
        else:
            timed = (["select"] + step_in(arm) + ["or"]
                     + step_in(self.inner_node(d.node) + [f"{n.choice} := 0;"])
                     + ["end select;"])
            if d.guard is None:
                lines += timed
            else:
                lines += ([f"if {self._flat(d.guard)} then"] + step_in(timed) + ["else"]
                          + step_in(self._arm_call(site, timed=False)) + ["end if;"])
        if site.terminate is not None:
            lines += ([f"if {n.choice} = 0 then"] + step_in(self._wake_select(site))
                      + ["end if;"])
        lines += self._dispatch(site)
        return ["declare"] + decls + ["begin"] + step_in(lines) + ["end;"]

    def _expiry(self, delays) -> "Expiry":
        """Several delay alternatives: their expirations are evaluated as the select
        starts, in textual order (RM 9.7.1(15)), and the agent waits for the earliest
        only (RM 9.7.1(16)), the textually first on a tie.  All are relative or all are
        for one time type (RM 9.7.1(8)); which one is left to overload resolution, so the
        generated code need not name the type of an expression."""
        until = delays[0].node.type == "delay_until_statement"
        self.expired = self.fresh("Expired")
        types = (("Ada.Calendar.Time", "Calendar"), ("Ada.Real_Time.Time", "Real_Time")) \
            if until else (("Standard.Duration", "Duration"),)
        slots = [(t, self.fresh(f"At_{tag}")) for t, tag in types]
        note = self.fresh("Expires")
        return Expiry(self, until, delays, slots, note)

    def _order(self, site: SelectSite, pad: int) -> str:
        """The select's alternatives in order, as an aggregate; a closed one is No_Entry."""
        n = self.n
        items = []
        for a in site.accepts:
            en = n.entries[a.accept.entry.key]
            idx = (f"{en.index_subtype}'Pos ({self._flat(a.accept.index)})"
                   if a.accept.index is not None else "0")
            if a.guard is None:
                items.append(f"({en.literal}, {idx})")
            elif a.accept.index is None:
                items.append(f"((if {self._flat(a.guard)} then {en.literal} "
                             f"else {n.no_entry}), 0)")
            else:
                # a closed alternative's family index is not evaluated (RM 9.7.1(15))
                items.append(f"(if {self._flat(a.guard)} then ({en.literal}, {idx}) "
                             f"else ({n.no_entry}, 0))")
        sep = ",\n" + " " * pad
        return "(" + sep.join(f"{k} => {x}" for k, x in enumerate(items, 1)) + ")"

    def _arm_call(self, site: SelectSite, timed: bool) -> list[str]:
        """Select_Arm with the select's alternatives in order; a closed one is No_Entry."""
        n = self.n
        term = site.terminate
        wake = "False" if term is None else ("True" if term.guard is None else self._flat(term.guard))
        order = (n.alternatives if term is not None
                 else self._order(site, len(f"{n.order} => (")))
        flags = {"poll": "True" if site.else_part is not None else "False",
                 "timed_wait": "True" if timed else "False", "wake": wake}
        args = ([f"{n.order} => {order}"]
                + [f"{getattr(n, k)} => {v}" for k, v in flags.items() if k not in self.obj.fixed]
                + [f"{n.chosen_entry} => {n.choice}"])
        lines = [f"{n.self_}.{n.select_arm}"]
        for k, a in enumerate(args):
            lead = "  (" if k == 0 else "   "
            for j, piece in enumerate(a.split("\n")):
                lines.append((lead if j == 0 else "   ") + piece
                             + (");" if k == len(args) - 1 and j == a.count("\n") else
                                "," if j == a.count("\n") else ""))
        return lines

    def _wake_select(self, site: SelectSite) -> list[str]:
        """Where the agent waits when a terminate alternative is open: a real select, one
        Wake accept per alternative.  Callers that reached a Wake entry while the agent was
        on its way here, or busy with the one it took, are turned back to ``E_Held``."""
        n = self.n
        out = ["select"]
        for k, a in enumerate(site.accepts, 1):
            e = a.accept.entry
            en = n.entries[e.key]
            stmts = [f"{n.self_}.{en.woken}{self._woken_actuals(e)};"]
            if e.has_body:
                stmts.append(f"requeue {n.self_}.{en.queue};")
            out += step_in(self._wake_accept(k, e, stmts) + [f"{n.choice} := {k};"]) + ["or"]
        out += step_in(["terminate;"]) + ["end select;"]
        drain = ["select"]
        for k, a in enumerate(site.accepts, 1):
            e = a.accept.entry
            en = n.entries[e.key]
            member = (f" ({en.index_subtype}'Val ({n.alternatives} ({k}).Index))"
                      if e.family is not None else "")
            abort = "" if e.sticky else " with abort"
            drain += step_in(self._wake_accept(k, e, [f"requeue {n.self_}.{en.held}{member}"
                                                   f"{abort};"])) + ["or"]
        drain[-1] = "else"
        drain += step_in(["exit;"]) + ["end select;"]
        return (out + ["--  rdv2po: callers that came too early wait in the object again"]
                + ["loop"] + step_in(drain) + ["end loop;"])

    def _wake_accept(self, k: int, e, stmts: list[str]) -> list[str]:
        wake, formals = self.n.wakes[e.profile_key()]
        fp = "; ".join(f"{f} : {p.mode} {p.subtype}" for f, p in zip(formals, e.params))
        head = [f"accept {wake} ({k})" + (f" ({fp})" if fp else "") + " do"]
        if fp and WAKE_COLUMN + len(head[0]) > LIMIT:
            head = [f"accept {wake} ({k})"] + wrap([f"  ({fp}) do"], WAKE_COLUMN)
        return head + step_in(stmts) + [f"end {wake};"]

    def _woken_actuals(self, e) -> str:
        wake, formals = self.n.wakes[e.profile_key()]
        keep = {id(p) for p in self.obj.woken_params(e)}
        args = [f for f, p in zip(formals, e.params) if id(p) in keep]
        # the Wake formal denotes the caller's actual: it tells whether that is constrained
        by_name = {p.name.lower(): f for f, p in zip(formals, e.params)}
        args += [f"{by_name[m.name.lower()]}'Constrained" for m in e.mutable if m.follows_actual]
        if e.caller_used:
            args.append(f"{wake}'Caller")
        return f" ({', '.join(args)})" if args else ""

    def _dispatch(self, site: SelectSite) -> list[str]:
        n = self.n
        out = [f"case {n.choice} is"]
        for k, a in enumerate(site.accepts, 1):
            body = self.accept(a.accept, take=True)
            if a.after is not None:
                body += self.inner_after(a)
            out += [STEP + f"when {k} =>"] + step_in(step_in(body))
        rest = ["null;"]
        if site.else_part is not None:
            rest = self.inner_node(site.else_part)
        elif len(site.delays) > 1:
            rest = [f"case {self.expired} is"]
            for k, a in enumerate(site.delays, 1):
                stmts = self.inner_node(a.after) if a.after is not None else ["null;"]
                rest += [STEP + f"when {k} =>"] + step_in(step_in(stmts))
            rest += [STEP + "when others =>", STEP * 2 + "null;", "end case;"]
        elif site.delay is not None and site.delay.after is not None:
            rest = self.inner_node(site.delay.after)
        out += [STEP + "when others =>"] + step_in(step_in(rest)) + ["end case;"]
        return out

    # -- copying the user's code -----------------------------------------------

    def inner(self, after: int, before: int, anchor: Node | None, depth: int) -> list[str]:
        """Lines strictly between two tokens, at ``depth`` steps, relative layout kept."""
        data = self.src.data
        eol = data.find(b"\n", after)
        eol = before if eol < 0 or eol > before else eol     # all on one line
        head = self.src.render(after, eol, self.subs(after, eol)).strip()
        start = eol + 1 if eol < before else before
        stop = before
        while stop > start and data[stop - 1:stop] in (b" ", b"\t", b"\n", b"\r"):
            stop -= 1
        lines = [STEP * depth + head] if head else []
        if stop > start:
            lines += self._shift(start, stop, anchor, depth)
        return lines

    def inner_node(self, node: Node) -> list[str]:
        """A statement sequence (or one statement) at depth 0."""
        return self._shift(node.start_byte, node.end_byte, node, 0)

    def inner_after(self, alt) -> list[str]:
        """Statements after an accept in a select alternative, with their comments."""
        acc_end = alt.node.end_byte
        alt_node = alt.node.parent.parent     # select_alternative
        return self.inner(acc_end, alt_node.end_byte, alt.after, 0) or []

    def _shift(self, start: int, stop: int, anchor: Node | None, depth: int) -> list[str]:
        rendered = self.src.render(start, stop, self.subs(start, stop)).split("\n")
        rendered[0] = " " * self.src.column(start) + rendered[0]
        base = self.src.column(anchor.start_byte) if anchor is not None else _min_indent(rendered)
        out = []
        for ln in rendered:
            if not ln.strip():
                out.append("")
                continue
            stripped = ln.lstrip(" \t")
            width = visual_width(ln[:len(ln) - len(stripped)])
            out.append(" " * max(0, width - base + len(STEP) * depth) + stripped)
        return out

    def _flat(self, node: Node) -> str:
        subs = self.subs(node.start_byte, node.end_byte)
        return squeeze(self.src.render(node.start_byte, node.end_byte, subs))


def _min_indent(lines: list[str]) -> int:
    widths = [visual_width(ln[:len(ln) - len(ln.lstrip(" \t"))]) for ln in lines if ln.strip()]
    return min(widths) if widths else 0


class Expiry:
    """The generated code choosing among several delay alternatives (see _expiry)."""

    def __init__(self, agent: AgentBody, until: bool, delays, slots, note: str):
        self.agent, self.until, self.delays, self.slots, self.note = agent, until, delays, slots, note
        expired = agent.expired
        self.decls = [STEP + f"{expired} : Natural := 0;   --  the delay alternative expiring first"]
        self.decls += [STEP + f"{slot} : {t};" for t, slot in self.slots]
        for k, (t, slot) in enumerate(self.slots):
            less = f'{t.rsplit(".", 1)[0]}."<" (Expiry, {slot})'
            body = [f"if {expired} = 0 or else {less} then",
                    STEP + f"{expired} := Alternative;",
                    STEP + f"{slot} := Expiry;"]
            if k > 0:
                body.append(STEP + f"{self.kind} := {k};")
            body.append("end if;")
            self.decls += [STEP + f"procedure {note} (Alternative : Positive; Expiry : {t}) is",
                           STEP + "begin"] + step_in(step_in(body)) + [STEP + f"end {note};"]
        if len(self.slots) > 1:
            self.decls.insert(1 + len(self.slots),
                              STEP + f"{self.kind} : Natural := 0;   --  the time type it has")

    @property
    def kind(self) -> str:
        if not hasattr(self, "_kind"):
            self._kind = self.agent.fresh("Time_Type")
        return self._kind

    @property
    def evaluate(self) -> list[str]:
        out = []
        for k, a in enumerate(self.delays, 1):
            expr = first_child(a.node, "expression")
            call = f"{self.note} ({k}, {self.agent._flat(expr)});"
            out += ([call] if a.guard is None
                    else [f"if {self.agent._flat(a.guard)} then", STEP + call, "end if;"])
        return out

    def wait(self, timed_arm: list[str], arm: list[str]) -> list[str]:
        n = self.agent.n
        keyword = "delay until" if self.until else "delay"
        timed = [["select"] + step_in(timed_arm) + ["or"]
                 + step_in([f"{keyword} {slot};", f"{n.choice} := 0;"]) + ["end select;"]
                 for _, slot in self.slots]
        # an open alternative without a guard: some delay alternative always expires
        untimed = [] if any(a.guard is None for a in self.delays) else [arm]
        if len(timed) + len(untimed) == 1:
            return timed[0]
        conds = ([f"{self.agent.expired} = 0"] * len(untimed)
                 + [f"{self.kind} = {k}" for k in range(len(timed))])
        out = []
        for k, (cond, lines) in enumerate(zip(conds, untimed + timed)):
            head = "if" if k == 0 else "elsif"
            out += ([f"{head} {cond} then"] if k < len(conds) - 1 else ["else"]) + step_in(lines)
        return out + ["end if;"]

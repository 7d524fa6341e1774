"""report.md: the paper's Table 2 layout per setting, the micro-benchmarks in
Table 1's, the translation decisions, the FIFO check and every flagged run."""

from __future__ import annotations

from . import gaps, stats
from .stats import Summary
from .versions import HAND, LABELS, RENDEZVOUS, SERVERS

NEAR = 1.10     # the servers version is "near" the hand-written one within 10%

PAPER = ("SPARCengine Ultra 1/170E, Solaris 2.6, GNAT 3.10, FSU threads "
         "(uniprocessor; switches counted around synchronisation points)")


def render(results: dict, plots: dict[str, str], plot_note: str = "") -> str:
    versions = _version_names(results)
    out = ["# rdv2po bench report\n", *_preamble(results), *_versions(results)]
    for setting, text in results["settings"].items():
        where = f"; CPU {results['cpu']}" if setting.startswith("pinned") else ""
        out += [f"## Setting: {setting}\n", f"{text}{where}.\n"]
        out += _fifo(results, setting)
        out += _table2(results, setting, versions, "time")
        out += _table2(results, setting, versions, "switches")
        if setting == "pinned-fifo":
            out += _goals(results, versions)
        out += _hand_ratios(results, setting)
        if setting == "pinned-fifo" or len(results["settings"]) == 1:
            out += gaps.keeps(results)
            out += gaps.general(results, setting)
        out += _micro(results, setting, versions)
        out += _process(results, setting, versions)
        if setting in plots:
            out.append(f"![{setting}]({plots[setting]})\n")
        out += _flagged(results, setting)
    out += _instructions(results, versions)
    if plot_note:
        out.append(f"Plots: {plot_note}\n")
    out += _paper_table2()
    return "\n".join(out)


def _version_names(results: dict) -> list[str]:
    names: list[str] = []
    for p in results["programs"]:
        names += [v["name"] for v in p["versions"] if v["name"] not in names]
    return names


def _preamble(results: dict) -> list[str]:
    m = results["machine"]
    mode = "quick (smoke test: small arguments)" if results["quick"] else "full"
    return [f"{results['tool']}, {mode}; started {results['started']}, finished "
            f"{results['finished']}.\n",
            f"Machine: {m['cpu']}, {m['cpus']} CPUs, Linux {m['kernel']}, {m['gnat']}, "
            f"{'root' if m['root'] else 'not root'}; load average at the end "
            f"{' '.join(m['loadavg'])}.\n",
            f"Each version ran {results['runs_per_version']} times per setting, versions "
            "interleaved, after one warm-up run; every run's output was checked. Times are "
            "measured inside the programs (Ada.Real_Time); switches are the kernel's "
            "(os.wait4 for the whole process, getrusage in the program for a phase). "
            "Before each run the bench waits for the CPUs it uses to be idle; a run is "
            "flagged as disturbed when it started on busy CPUs or other programs kept its "
            "CPUs busy for more than a fifth of it. Medians leave disturbed runs out while "
            f"at least {stats.MIN_CLEAN} clean runs remain (* marks a median over all runs). "
            f"CPU migrations: perf {results['perf']} (counted in separate runs, whose "
            "times are not used: perf's counters slow every context switch).\n"]


def _versions(results: dict) -> list[str]:
    out = ["## Versions\n",
           "Translated versions are made by `rdv2po rewrite` in this run, from the "
           "rendezvous sources.\n"]
    for p in results["programs"]:
        out += [f"**{p['title']}** (`{p['name']}`)\n", "| Version | Task | Scheme | Outcome |",
                "|---|---|---|---|"]
        for v in p["versions"]:
            if not v["decisions"]:
                what = "the original" if v["name"] == RENDEZVOUS else (
                    v["reason"] or "as written")
                out.append(f"| {LABELS[v['name']]} | | | {_cell(what)} |")
            for d in v["decisions"]:
                outcome = "rewritten" if d["rewritten"] else (
                    f"refused at {d['where']}: {d['construct']}: {d['reason']}")
                out.append(f"| {LABELS[v['name']]} | {d['task']} | {d['scheme']} | "
                           f"{_cell(outcome)} |")
            if v["decisions"] and not v["available"]:
                out.append(f"| {LABELS[v['name']]} | | | n/a: {_cell(v['reason'])} |")
        out.append("")
    return out


def _fifo(results: dict, setting: str) -> list[str]:
    if setting != "pinned-fifo":
        return []
    ok, n, other = stats.fifo_check(results, setting)
    total = sum(r["setting"] == setting for r in results["runs"])
    if n and ok == n:
        unseen = f" ({total - n} runs ended before a sample)" if total > n else ""
        return [f"FIFO check: in every run observed while its tasks ran ({n}), every "
                f"thread ran under SCHED_FIFO{unseen}.\n"]
    why = "" if results["machine"]["root"] else (" (not root: SCHED_FIFO needs root or "
                                                  "CAP_SYS_NICE, and GNAT then silently "
                                                  "keeps the default policy)")
    return [f"**FIFO check: FIFO did not take effect** in {n - ok} of {n} sampled runs; "
            f"policies seen: {', '.join(other) or 'none'}{why}. These runs used the "
            "default scheduler.\n"]


def _table2(results: dict, setting: str, versions: list[str], kind: str) -> list[str]:
    title = ("(a) Execution time [s]" if kind == "time" else "(b) Context switches")
    out = [f"### {title}: median (min-max), change against rendezvous\n",
           "| Name | " + " | ".join(LABELS[v] for v in versions) + " |",
           "|---" * (len(versions) + 1) + "|"]
    for p in results["programs"]:
        for item in p["items"]:
            for row in stats.rows_of(results, item):
                if kind == "time":
                    pick = lambda r, row=row: stats.row_time(r, row["time"])  # noqa: E731
                else:
                    pick = lambda r, row=row: stats.row_switches(r, row["switches"])  # noqa: E731
                out.append(_line(results, p, item["name"], row["name"], setting, versions,
                                 pick, kind))
    return out + [""]


def _line(results, program, item, name, setting, versions, pick, kind) -> str:
    base = stats.metric(results, item, RENDEZVOUS, setting, pick)
    cells = []
    for v in versions:
        cells.append(_cell_for(results, program, item, v, setting, pick, base, kind))
    return f"| {name} | " + " | ".join(cells) + " |"


def _cell_for(results, program, item, v, setting, pick, base, kind) -> str:
    info = next((x for x in program["versions"] if x["name"] == v), None)
    if info is None:
        return "-"
    if not info["available"]:
        return f"n/a ({_short(info['reason'])})"
    s = stats.metric(results, item, v, setting, pick)
    if s is None:
        return "n/a (no good run)"
    text = _fmt(s, kind)
    if v != RENDEZVOUS and (ch := s.change(base)) is not None:
        text += f" ({ch:+.2f}%)"
    return text


def _fmt(s: Summary, kind: str) -> str:
    star = "*" if s.all_runs else ""
    if kind == "switches":
        return f"{s.median:.0f}{star} ({s.low:.0f}-{s.high:.0f})"
    if kind == "us":
        return f"{s.median:.3g}{star} ({s.low:.3g}-{s.high:.3g})"
    return f"{s.median:.4g}{star} ({s.low:.4g}-{s.high:.4g})"


def _goals(results: dict, versions: list[str]) -> list[str]:
    out = ["### Switches saved by the server schemes, against the paper\n",
           "| Name | Paper | Here | Goal met | Why not |", "|---|---|---|---|---|"]
    for p in results["programs"]:
        for item in p["items"]:
            for row in stats.rows_of(results, item):
                paper = row.get("paper_switches") or []
                if len(paper) < 3:
                    continue
                want = (paper[2] - paper[0]) / paper[0] * 100
                pick = lambda r, row=row: stats.row_switches(r, row["switches"])  # noqa: E731
                base = stats.metric(results, item["name"], RENDEZVOUS, "pinned-fifo", pick)
                got = stats.metric(results, item["name"], "servers", "pinned-fifo", pick)
                ch = got.change(base) if got else None
                here = "n/a" if ch is None else f"{ch:+.2f}%"
                met = "n/a" if ch is None else ("yes" if ch <= want + 1e-9 else "**no**")
                why = _cell(row.get("note", "")) if met == "**no**" else ""
                out.append(f"| {row['name']} | {want:+.2f}% | {here} | {met} | {why} |")
    return out + [""]


def _hand_ratios(results: dict, setting: str) -> list[str]:
    """Servers / hand-written per row and micro-benchmark: how far the translation is
    from the best a programmer writes."""
    lines = []
    for p in results["programs"]:
        have = {v["name"] for v in p["versions"] if v["available"]}
        if not {SERVERS, HAND} <= have:
            continue
        for item in p["items"]:
            for row in stats.rows_of(results, item):
                picks = (lambda r, row=row: stats.row_time(r, row["time"]),
                         lambda r, row=row: stats.row_switches(r, row["switches"]))
                lines.append(_ratio_line(results, item["name"], row["name"], setting,
                                         picks, ("time", "switches"),
                                         _why(results, p, item["name"], row)))
            for op in item["ops"]:
                picks = (lambda r, op=op: stats.per_op(r, op["label"], "time"),
                         lambda r, op=op: stats.per_op(r, op["label"], "switches"))
                lines.append(_ratio_line(results, item["name"], f"{op['name']} [us, per op]",
                                         setting, picks, ("us", "per-op"),
                                         _why(results, p, item["name"], op)))
    if not lines:
        return []
    return [f"### Translation / hand-written: servers version against the hand-written "
            f"one (ratio of medians; near: both within {NEAR - 1:.0%})\n",
            "Times in seconds, micro-benchmarks in microseconds and switches per operation.\n",
            "Switch counts pinned with FIFO repeat within a few in 100 000 (where timed delays "
            "take part, as in dining, within a few percent); times are medians "
            "on a shared machine (other load moves them by several percent from run to run, "
            "and most for the shortest rows; in brackets the ratio of the fastest runs, "
            "which load moves less), so a time ratio near the limit needs the switch ratio, "
            "or instruction counts (docs/bench.md), to confirm it.\n",
            "The instructions ratio is the item's whole run under callgrind (the "
            "*Instructions* section); the explanation of a row that is not near is read "
            "from the two versions' sources (*What the servers version keeps*, below).\n",
            "| Name | Servers time | Hand-written time | time ratio | Servers switches | "
            "Hand-written switches | switch ratio | instructions ratio | near | Why not |",
            "|---|---|---|---|---|---|---|---|---|---|", *lines, ""]


def _why(results: dict, program: dict, item: str, row: dict):
    """The row's explanation, made only when asked for (a row above the limit):
    what the translation keeps on the row's objects, and the row's own note."""
    def text() -> str:
        why = gaps.why_gap(results, program, item, row.get("objects"))
        return f"{why}. {row['hand_note']}" if row.get("hand_note") else why
    return text


def _ratio_line(results, item, name, setting, picks, kinds, note) -> str:
    cells, near = [], True
    for pick, kind in zip(picks, kinds):
        mine = stats.metric(results, item, SERVERS, setting, pick)
        best = stats.metric(results, item, HAND, setting, pick)
        r = stats.ratio(mine, best)
        for s in (mine, best):
            cells.append("n/a" if s is None else (
                f"{s.median:.2f}" if kind == "per-op" else _fmt(s, kind).split(" (")[0]))
        text = "n/a" if r is None else f"{r:.2f}"
        if r is not None and kind in ("time", "us") and best.low:
            # Load only ever adds time: the fastest runs' ratio is the steadier one.
            text += f" (fastest {mine.low / best.low:.2f})"
        cells.append(text)
        near = near and r is not None and r <= NEAR
    hand_i = gaps.instruction_ratio(results, item, SERVERS, HAND)
    if hand_i is not None:
        cells.append(f"{hand_i:.3f}")
        near = near and hand_i <= NEAR
    else:
        cells.append("n/a")
    why = "" if near else _cell(note() if callable(note) else note)
    return f"| {name} | " + " | ".join(cells) + f" | {'yes' if near else '**no**'} | {why} |"


def _instructions(results: dict, versions: list[str]) -> list[str]:
    """Instructions of one callgrind run per version and item, beside the times: what
    other load does not move.  The GNAT paths' call counts say which synchronisation
    each version ran."""
    why = results.get("instructions", "not asked for")
    head = "## Instructions (valgrind --tool=callgrind)\n"
    if why != "ok":
        return [head, f"Not counted: {why}.\n"]
    counts = {(c["item"], c["version"]): c for c in results.get("counts", [])}
    lines = []
    for p in results["programs"]:
        for item in p["items"]:
            hand = counts.get((item["name"], HAND), {}).get("instructions")
            for v in versions:
                c = counts.get((item["name"], v))
                if c is None:
                    continue
                if c["instructions"] is None:
                    lines.append(f"| {item['name']} | {LABELS.get(v, v)} | n/a | | | | | | "
                                 f"{_cell(c['result'])} |")
                    continue
                ratio = f"{c['instructions'] / hand:.3f}" if hand else "-"
                calls = c["calls"]
                lines.append(f"| {item['name']} | {LABELS.get(v, v)} | "
                             f"{c['instructions']:,} | {ratio} | {calls['entry']:,} | "
                             f"{calls['procedure']:,} | {calls['requeue']:,} | "
                             f"{calls['rendezvous']:,} | {_cell(c['result']) or 'right'} |")
    if not lines:
        return [head, "No version was counted.\n"]
    return [head,
            "One run of each version under callgrind (one thread at a time, as pinned), with "
            "the item's arguments; whole-process counts (start-up and the program's own checks "
            "included, the same in every version). The calls columns count entries into "
            "GNAT's protected entry call, protected procedure and function (their lock), "
            "requeue and rendezvous paths.\n",
            "| Item | Version | instructions | / hand-written | entry calls | "
            "protected subprogram calls | requeues | rendezvous | output |",
            "|---|---|---|---|---|---|---|---|---|", *lines, ""]


def _micro(results: dict, setting: str, versions: list[str]) -> list[str]:
    items = [(p, i) for p in results["programs"] for i in p["items"] if i["ops"]]
    if not items:
        return []
    out = ["### Micro-benchmarks (after the paper's Table 1): microseconds per operation, "
           "median (min-max), and context switches per operation\n",
           "| Ada feature | ACES test | paper [us] | " + " | ".join(
               f"{LABELS[v]} [us] | {LABELS[v]} switches" for v in versions) + " |",
           "|---" * (3 + 2 * len(versions)) + "|"]
    for p, item in items:
        for op in item["ops"]:
            cells = []
            for v in versions:
                info = next((x for x in p["versions"] if x["name"] == v), None)
                if info is None or not info["available"]:
                    cells += ["n/a", "n/a"]
                    continue
                t = stats.metric(results, item["name"], v, setting,
                                 lambda r, op=op: stats.per_op(r, op["label"], "time"))
                s = stats.metric(results, item["name"], v, setting,
                                 lambda r, op=op: stats.per_op(r, op["label"], "switches"))
                cells += [_fmt(t, "us") if t else "n/a", f"{s.median:.2f}" if s else "n/a"]
            paper = "" if op["paper_us"] is None else f"{op['paper_us']}"
            out.append(f"| {op['name']} | {op['aces']} | {paper} | " + " | ".join(cells)
                       + " |")
    return out + [""]


def _process(results: dict, setting: str, versions: list[str]) -> list[str]:
    out = ["### Whole process (os.wait4), medians; CPU migrations from perf\n",
           "| Item | Version | voluntary | involuntary | user [s] | system [s] | "
           "migrations |", "|---|---|---|---|---|---|---|"]
    for p in results["programs"]:
        for item in p["items"]:
            for v in versions:
                vals = {k: stats.metric(results, item["name"], v, setting,
                                        lambda r, k=k: r[k])
                        for k in ("nvcsw", "nivcsw", "user", "system")}
                if vals["nvcsw"] is None:
                    continue
                mig = [r["perf"].get("cpu-migrations") for r in results["runs"]
                       if r["kind"] == "perf" and r["item"] == item["name"]
                       and r["version"] == v and r["setting"] == setting]
                mig = [m for m in mig if m is not None]
                out.append(f"| {item['name']} | {LABELS[v]} | {vals['nvcsw'].median:.0f} | "
                           f"{vals['nivcsw'].median:.0f} | {vals['user'].median:.3f} | "
                           f"{vals['system'].median:.3f} | "
                           f"{', '.join(map(str, mig)) or 'n/a'} |")
    return out + [""]


def _flagged(results: dict, setting: str) -> list[str]:
    bad = stats.flagged(results, setting)
    if not bad:
        return ["No run was flagged.\n"]
    out = [f"Flagged runs ({len(bad)}):\n"]
    for r in bad:
        why = (r["result"] or r["status"]) if (r["result"] or r["status"] != "ok") else (
            f"disturbed: {'CPUs busy before the run; ' if not r['idle_before'] else ''}"
            f"other load {r['other_load']:.3f} s during {r['wall']:.3f} s")
        out.append(f"- {r['item']} {r['version']} ({r['kind']} {r['round']}): {why}")
    return out + [""]


def _paper_table2() -> list[str]:
    rows = [("dining", (0.009213, 0.015780, 0.003941), (110, 116, 63)),
            ("prodcons", (0.885687, 2.005755, 0.543666), (33120, 33120, 1382)),
            ("gauss_seidel", (0.005530, 0.013927, 0.003822), (238, 238, 119)),
            ("calling server", (0.003067, 0.003833, 0.002618), (49, 49, 17))]
    out = ["## The paper's Table 2, for comparison\n", f"{PAPER}.\n",
           "| Name | Time: Rendezvous | General | Servers | Switches: Rendezvous | General "
           "| Servers |", "|---|---|---|---|---|---|---|"]
    for name, t, s in rows:
        out.append(f"| {name} | {t[0]} | {t[1]} ({_pct(t[1], t[0])}) | {t[2]} "
                   f"({_pct(t[2], t[0])}) | {s[0]} | {s[1]} ({_pct(s[1], s[0])}) | {s[2]} "
                   f"({_pct(s[2], s[0])}) |")
    return out + [""]


def _pct(x: float, base: float) -> str:
    return f"{(x - base) / base * 100:+.2f}%"


def _short(text: str, limit: int = 70) -> str:
    text = _cell(text)
    return text if len(text) <= limit else text[:limit - 3] + "..."


def _cell(text: str) -> str:
    return text.replace("|", "\\|").replace("\n", " ")

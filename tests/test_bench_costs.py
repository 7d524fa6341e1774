"""The report's explanations: what the servers version keeps that the
hand-written one does not (read from both versions' sources, costs.py), why
a row is not near the hand-written version (gaps.why_gap), and what the
general scheme's protocol does per rendezvous (gaps.general)."""

from __future__ import annotations

import shutil

import pytest

from rdv2po.bench import costs, gaps, report
from rdv2po.bench.suite import builtin_suite
from rdv2po.bench.versions import HAND, SERVERS, make_versions

pytestmark = pytest.mark.skipif(shutil.which("gnatmake") is None, reason="GNAT is missing")


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    """The servers and hand-written versions of three bench programs, translated
    now, as the bench makes them."""
    work = tmp_path_factory.mktemp("versions")
    out = {}
    for p in builtin_suite(quick=True):
        if p.name in ("producer_consumer", "micro", "gauss_seidel"):
            out[p.name] = {v.name: v.src for v in make_versions(p, [SERVERS, HAND], work)}
    return out


def _by_kind(found):
    return {k: [c.construct for c in found if c.kind == k] for k in costs.KINDS}


def test_a_translation_equal_to_the_hand_written_version_keeps_nothing(made):
    src = made["producer_consumer"][SERVERS]
    assert costs.explain(src, src) == []


def test_the_buffer_keeps_its_ended_test_and_handlers_and_says_what_can_raise(made):
    found = costs.explain(made["producer_consumer"][SERVERS], made["producer_consumer"][HAND])
    kinds = _by_kind(found)
    # both versions have entries Put and Get: no entry to explain
    assert kinds["entry"] == []
    assert "a test that the task has ended in `Buffer.Put`" in kinds["ended"]
    handler = next(c for c in found if c.construct
                   == "a handler around `Count := Count + 1;` in `Buffer.Put`")
    assert "overflow" in handler.why
    index = next(c for c in found if "Items (Tail) := X;" in c.construct)
    assert "index check" in index.why
    ended = next(c for c in found if c.kind == "state")
    assert ended.construct == "component `Ended` in the barriers"
    assert "Tasking_Error" in ended.why        # the scheme's own note on it


def test_an_open_entry_made_a_procedure_costs_nothing_but_a_raising_body_does(made):
    found = costs.explain(made["micro"][SERVERS], made["micro"][HAND])
    assert [c for c in found if c.obj == "Echo"] == []
    assert {c.kind for c in found if c.obj == "Counter"} == {"ended", "handler"}
    assert any("Count := Count + By;" in c.construct for c in found)


def test_an_entry_kept_where_the_programmer_wrote_a_procedure_names_its_barrier(made):
    found = costs.explain(made["gauss_seidel"][SERVERS], made["gauss_seidel"][HAND])
    start = next(c for c in found if c.construct.startswith("`Setup.Start` is an entry"))
    assert "(hand-written: a procedure)" in start.construct
    assert "barrier `Stage in 0 | 1` can be closed" in start.why
    assert "requeued to it from `Start`" in start.why
    assert any(c.construct == "`requeue Start` in `Setup.Start`" for c in found)
    arrive = next(c for c in found if c.construct.startswith("`Barrier.Arrive`"))
    assert "no such operation" in arrive.construct


COUNTS = [{"item": "x", "version": v, "instructions": n, "result": "",
           "calls": {"entry": e, "procedure": p, "requeue": q, "rendezvous": r}}
          for v, n, e, p, q, r in (("servers", 1200, 20, 0, 1, 0),
                                   ("hand-written", 1000, 10, 10, 0, 0),
                                   ("rendezvous", 2000, 0, 0, 0, 10),
                                   ("general", 5000, 20, 30, 25, 0))]
COSTS = [{"kind": "entry", "object": "Setup", "why": "its barrier",
          "construct": "`Setup.Start` is an entry (hand-written: a procedure)"},
         {"kind": "handler", "object": "Barrier", "why": "overflow",
          "construct": "a handler around `N := N + 1;` in `Barrier.Arrive`"}]


def _results(rows):
    runs = []
    for version, t in (("servers", 2.0), ("hand-written", 1.0)):
        for _ in range(3):
            runs.append({"item": "x", "version": version, "setting": "pinned-fifo",
                         "kind": "timed", "status": "ok", "result": "", "disturbed": False,
                         "wall": t, "time": {"t": t}, "nvcsw": 5, "nivcsw": 0,
                         "switches": {}, "count": {}})
    return {"runs": runs, "counts": COUNTS, "instructions": "ok", "programs": [{
        "name": "p", "title": "P", "costs": COSTS, "protocol": [
            {"object": "T_Rendezvous", "entries": ["E", "E_Accept_Begin"],
             "subprograms": ["E_Accept_End"]}],
        "versions": [{"name": n, "available": True}
                     for n in ("rendezvous", "general", "servers", "hand-written")],
        "items": [{"name": "x", "rows": rows, "ops": []}]}]}


def test_a_row_above_the_limit_names_what_the_translation_keeps_on_its_objects():
    rows = [{"name": "setup", "time": "t", "switches": "process", "objects": ["Setup"]},
            {"name": "none", "time": "t", "switches": "process", "objects": []}]
    text = "\n".join(report._hand_ratios(_results(rows), "pinned-fifo"))
    setup = next(line for line in text.splitlines() if line.startswith("| setup |"))
    assert "`Setup.Start`" in setup and "Barrier.Arrive" not in setup
    assert "instructions 1.200 of the hand-written version's" in setup
    assert "entry 20 against 10, procedure 0 against 10, requeue 1 against 0" in setup
    assert "| 1.200 | **no** |" in setup
    none = next(line for line in text.splitlines() if line.startswith("| none |"))
    assert "no translated object takes part" in none


def test_the_report_lists_every_kept_construct_with_its_reason():
    text = "\n".join(gaps.keeps(_results([])))
    assert "  - `Setup.Start` is an entry (hand-written: a procedure): its barrier" in text
    assert "  - a handler around `N := N + 1;` in `Barrier.Arrive`: overflow" in text


def test_the_general_scheme_is_set_against_the_rendezvous_per_rendezvous():
    rows = [{"name": "r", "time": "t", "switches": "process"}]
    results = _results(rows)
    for r in list(results["runs"]):
        results["runs"].append({**r, "version": {"servers": "general",
                                                 "hand-written": "rendezvous"}[r["version"]]})
    text = "\n".join(gaps.general(results, "pinned-fifo"))
    assert "| r | 2.00 | 1.00 | 2.50 | **no** (below) |" in text
    assert ("10 rendezvous became 2.00 entry calls, 3.00 protected subprogram calls and "
            "2.50 requeues each, +300 instructions per rendezvous") in text
    assert "`T_Rendezvous` (2 entries, 1 protected subprograms)" in text

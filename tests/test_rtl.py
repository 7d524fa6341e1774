"""GNAT's own run-time library as a large real corpus: no crash, no syntax error."""

from pathlib import Path

import pytest

from rdv2po.frontend.analysis import Options, analyze

RTL = Path("/usr/lib/gcc/x86_64-linux-gnu/12/adainclude")
# Units with tasks, protected objects, entry families and requeues.
SAMPLE = ["s-interr.ads", "s-interr.adb", "a-rttiev.ads", "a-rttiev.adb", "s-tasren.adb",
          "s-tasque.adb", "a-sytaco.adb", "a-textio.adb", "s-tassta.adb", "g-semaph.adb",
          "s-taprop.adb", "a-cbsyqu.adb", "a-dynpri.adb", "a-exetim.adb"]

pytestmark = pytest.mark.skipif(not RTL.is_dir(), reason="GNAT 12 run-time sources not installed")


def test_whole_rtl_parses_without_syntax_errors():
    model, _ = analyze(Options(paths=(str(RTL),), resolve=False))
    assert len(model.files) > 1500
    assert [d.format() for d in model.diagnostics] == []
    assert len(model.tasks) >= 3


def test_rtl_sample_resolves_cleanly():
    paths = tuple(str(RTL / name) for name in SAMPLE if (RTL / name).exists())
    model, _ = analyze(Options(paths=paths))
    assert [d.format() for d in model.diagnostics if d.severity == "error"] == []
    names = {t.qualified_name: t for t in model.tasks}
    # s-interr.adb: the Interrupt_Manager task serves its entries in a loop of selects.
    manager = names["System.Interrupts.Interrupt_Manager"]
    assert manager.classification.kind in ("accepting_server", "mixed")
    assert any(sp.kind == "select" for sp in manager.body.sync_points)

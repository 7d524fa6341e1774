"""The lint over GNAT's whole run-time library: no crash, a complete run, the known verdict.

Timing is in bench/lint_speed.py, not here.
"""

from pathlib import Path

import pytest

from rdv2po.frontend.analysis import Options
from rdv2po.lint import engine, registry

RTL = Path("/usr/lib/gcc/x86_64-linux-gnu/12/adainclude")

pytestmark = pytest.mark.skipif(not RTL.is_dir(), reason="GNAT 12 run-time sources not installed")


def test_whole_rtl_lints_completely_with_the_schemes_verdict():
    result = engine.run(engine.LintOptions(Options(paths=(str(RTL),)),
                                           registry.enabled(["RDV0"], [])))
    assert result.complete, [d.format() for d in result.errors[:5]]
    assert result.files > 1500 and result.tasks >= 3
    # s-interr.adb: the Interrupt_Manager serves its entries in a loop of selects, but
    # runs at Interrupt_Priority'Last, which a protected object cannot keep.
    # One finding per obstacle, the pragma among them.
    assert {(f.rule, f.task) for f in result.findings} == \
        {("RDV003", "System.Interrupts.Interrupt_Manager")}
    [f] = [f for f in result.findings if "pragma Interrupt_Priority" in f.message]
    assert f.loc.path.endswith("s-interr.adb")
    assert "pragma Interrupt_Priority (System.Interrupt_Priority'Last)" in f.message

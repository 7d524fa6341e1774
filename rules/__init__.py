"""rdv2po's lint rules, one module per rule, installed as ``rdv2po_rules``.

Each module ``rdvNNN_<name>.py`` defines ``RULE``, a ``rdv2po.lint.rule.Rule``
with its id, name, severity, message template, rationale, and two Ada
examples (one whose ``-- FLAG`` lines the rule must report, one it must
leave alone); the test suite compiles and lints both.  ``rdv2po explain
RDVnnn`` prints them.
"""

from __future__ import annotations

import importlib
import pkgutil


def load() -> list:
    """Every rule, in id order (modules are found, not listed, so adding one is one file)."""
    found = []
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        if info.name.startswith("rdv"):
            found.append(importlib.import_module(f"{__name__}.{info.name}").RULE)
    return found

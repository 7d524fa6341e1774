"""The schemes' layout holds: one registry, imports running one way, edits keyed by path."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rdv2po.edits import Edit
from rdv2po.schemes import registry

SCHEMES = Path(__file__).resolve().parent.parent / "translator" / "schemes"
# what each layer may import of translator/schemes/ (TYPE_CHECKING imports aside)
ALLOWED = {"base": set(), "common": {"base", "common"}, "runtime": {"base", "common", "runtime"},
           "server": {"base", "common", "runtime", "server"},
           "general": {"base", "common", "runtime", "general"},
           "caller_runs": {"base", "common", "runtime", "caller_runs"}}


def _layer(path: Path) -> str:
    rel = path.relative_to(SCHEMES)
    return rel.parts[0] if len(rel.parts) > 1 else rel.stem


def _scheme_imports(path: Path) -> set[str]:
    """The parts of schemes/ a module imports at run time (relative imports)."""
    tree = ast.parse(path.read_text())
    typing_only = {id(n) for node in ast.walk(tree) if isinstance(node, ast.If)
                   and "TYPE_CHECKING" in ast.unparse(node.test) for n in ast.walk(node)}
    pkg = path.relative_to(SCHEMES).parent.parts
    found = set()
    for node in ast.walk(tree):
        if not isinstance(node, ast.ImportFrom) or not node.level or id(node) in typing_only:
            continue
        base = list(pkg[:len(pkg) - (node.level - 1)]) if node.level - 1 <= len(pkg) else None
        if base is None or node.level - 1 > len(pkg):
            continue                      # above schemes/: the front end
        target = base + (node.module.split(".") if node.module else [])
        if not target:
            found |= {a.name for a in node.names}
        else:
            found.add(target[0])
    return found


@pytest.mark.parametrize("path", sorted(p for p in SCHEMES.rglob("*.py")
                                        if _layer(p) in ALLOWED), ids=str)
def test_imports_run_one_way(path):
    bad = _scheme_imports(path) - ALLOWED[_layer(path)] - {_layer(path)}
    assert not bad, f"{path.relative_to(SCHEMES)} imports {sorted(bad)}"


def test_the_families_do_not_import_each_other():
    assert _scheme_imports(SCHEMES / "general" / "scheme.py") >= {"common", "base"}
    assert "server" not in _scheme_imports(SCHEMES / "general" / "scheme.py")
    assert "general" not in _scheme_imports(SCHEMES / "server" / "accepting.py")


def test_the_registry_lists_every_scheme_of_every_choice_once():
    names = [s.name for s in registry.SCHEMES]
    assert len(names) == len(set(names))
    for sel in registry.SELECTIONS.values():
        assert sel.schemes and all(s in registry.SCHEMES for s in sel.schemes)
    assert registry.SELECTIONS[registry.DEFAULT].schemes == registry.SERVER.schemes
    assert all(s.version and s.label and s.colour for s in registry.BENCHED)


def test_an_edit_names_its_file_by_path():
    Edit(Path("/x/a.adb"), 0, 0, "", "test")
    with pytest.raises(TypeError, match="must be a Path"):
        Edit("a.adb", 0, 0, "", "test")

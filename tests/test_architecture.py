"""The schemes' layout holds: one registry, imports running one way, edits keyed by path."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from rdv2po.write.edits import Edit
from rdv2po.schemes import registry

PACKAGE = Path(__file__).resolve().parent.parent / "translator"

# The pipeline's layers, lowest first: a module may import its own layer and the
# layers below it, never one above (TYPE_CHECKING and function-level imports count).
LAYERS = {"foundation": 0, "frontend": 1, "write": 2, "schemes": 3, "pipeline": 4,
          "lint": 5, "bench": 5, "profile": 5, "lsp": 5, "cli": 6}
TOP = {"model": "foundation", "diagnostics": "foundation", "scratch": "foundation",
       "interrupt": "foundation", "": "foundation", "rewrite": "pipeline",
       "report": "pipeline", "cli": "cli", "__main__": "cli"}
# what each part of schemes/ may import of schemes/
# (every other folder of schemes/ is a family: a new scheme needs no line here)
FAMILIES = sorted(d.name for d in (PACKAGE / "schemes").iterdir()
                  if (d / "__init__.py").exists() and d.name not in ("common", "runtime"))
SCHEME_PARTS = {"base": set(), "registry": None,
                "common": {"base", "common"}, "runtime": {"base", "common", "runtime"},
                **{family: {"base", "common", "runtime", family} for family in FAMILIES}}


def _module(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p): p for p in PACKAGE.rglob("*.py")}


def _imports(module: str) -> set[str]:
    """Every module of the package that ``module`` imports, wherever the import is."""
    path = MODULES[module]
    package = module.split(".") if path.name == "__init__.py" else module.split(".")[:-1]
    package = [p for p in package if p]
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.level:
            base = package[:len(package) - (node.level - 1)]
            target = ".".join(base + (node.module.split(".") if node.module else []))
        elif isinstance(node, ast.ImportFrom) and (node.module or "").startswith("rdv2po"):
            target = node.module[len("rdv2po"):].lstrip(".")
        else:
            continue
        for alias in node.names:
            sub = f"{target}.{alias.name}".lstrip(".")
            found.add(sub if sub in MODULES else target)
    found.discard(module)
    return found


GRAPH = {m: _imports(m) for m in MODULES}


def _layer(module: str) -> str:
    head = module.split(".")[0]
    return TOP.get(module, head if head in LAYERS else "foundation")


def _scheme_part(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "schemes" and len(parts) > 1 else None


@pytest.mark.parametrize("module", sorted(MODULES), ids=lambda m: m or "rdv2po")
def test_imports_run_down_the_pipeline(module):
    mine = LAYERS[_layer(module)]
    above = sorted(t for t in GRAPH[module] if LAYERS[_layer(t)] > mine)
    assert not above, f"{module} ({_layer(module)}) imports {above}"
    part = _scheme_part(module)
    if part is not None and SCHEME_PARTS.get(part) is not None:
        bad = sorted(t for t in GRAPH[module] if _scheme_part(t) is not None
                     and _scheme_part(t) not in SCHEME_PARTS[part])
        assert not bad, f"{module} imports {bad}"


def test_only_the_command_line_imports_the_language_server():
    """lsp/ sits beside lint/ and uses it; nothing but cli.py may depend on the server."""
    users = sorted(m for m, targets in GRAPH.items() if _layer(m) != "lsp"
                   and any(_layer(t) == "lsp" for t in targets))
    assert users == ["cli"]


def test_no_import_circle():
    """Tarjan's strongly connected components of the import graph: each a single module."""
    index, low, stack, on, circles = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in GRAPH[v]:
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            scc = []
            while True:
                w = stack.pop()
                on.discard(w)
                scc.append(w)
                if w == v:
                    break
            if len(scc) > 1:
                circles.append(sorted(scc))

    for m in sorted(GRAPH):
        if m not in index:
            visit(m)
    assert not circles, f"import circles: {circles}"


def test_every_package_is_installed():
    """setup.py finds the packages: each folder of translator/ with an __init__.py."""
    from setuptools import find_packages
    found = set(find_packages(str(PACKAGE)))
    folders = {".".join(d.relative_to(PACKAGE).parts) for d in PACKAGE.rglob("*")
               if d.is_dir() and (d / "__init__.py").exists()}
    assert folders == found
    assert {"accepting", "calling", "general", "caller_runs"} <= set(FAMILIES)


def test_the_checks_see_the_imports():
    """The graph is read right: a family imports common/, the registry every family."""
    assert "schemes.common.refusals" in GRAPH["schemes.accepting.scheme"]
    assert {"schemes.accepting.plugin", "schemes.calling.plugin", "schemes.general.plugin",
            "schemes.caller_runs.plugin"} <= GRAPH["schemes.registry"]
    assert "frontend.gnat" in GRAPH["frontend.analysis"]


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

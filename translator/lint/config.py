"""Lint settings from ``.rdv2po.toml`` or ``[tool.rdv2po]`` in ``pyproject.toml``.

The file is looked for in the current directory and its parents, up to the
repository root (the first directory holding ``.git``); ``.rdv2po.toml``
wins over ``pyproject.toml`` in the same directory.  Paths in it are
relative to its directory.  Command-line options win over the file.

    [tool.rdv2po]
    source-dirs = ["src"]          # what to analyse (default: the PATHs given)
    project = "app.gpr"            # or a GNAT project file
    scenario = { UTIL_TIME_64 = "no" }   # with project: -X NAME=VALUE
    project-path = ["../deps"]     # with project: -aP DIR
    select = ["RDV001", "RDV003"]  # default: every rule that is on by default
    ignore = ["RDV005"]
    scheme = "server"              # server | auto (default auto)
    verify = true                  # compile each translation with GNAT (default)
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import ToolFailure
from ..schemes.registry import DEFAULT, NAMES as SCHEMES

KEYS = ("source-dirs", "project", "scenario", "project-path", "select", "ignore", "scheme",
        "verify")


@dataclass(frozen=True)
class Config:
    path: Path | None = None
    source_dirs: tuple[str, ...] = ()
    project: str | None = None
    select: tuple[str, ...] | None = None
    ignore: tuple[str, ...] = ()
    scheme: str = DEFAULT
    verify: bool = True
    scenario: tuple[str, ...] = ()       # NAME=VALUE, as -X
    project_path: tuple[str, ...] = ()   # as -aP


def find(start: Path) -> Path | None:
    for d in (start.resolve(), *start.resolve().parents):
        own = d / ".rdv2po.toml"
        if own.is_file():
            return own
        py = d / "pyproject.toml"
        if py.is_file() and "rdv2po" in _read(py).get("tool", {}):
            return py
        if (d / ".git").exists():
            return None
    return None


def load(path: Path | None) -> Config:
    if path is None:
        return Config()
    data = _read(path)
    table = data.get("tool", {}).get("rdv2po", {}) if path.name == "pyproject.toml" else data
    where = f"{path}" + (" [tool.rdv2po]" if path.name == "pyproject.toml" else "")
    if not isinstance(table, dict):
        raise ToolFailure(f"{where}: expected a table of settings")
    unknown = sorted(set(table) - set(KEYS))
    if unknown:
        raise ToolFailure(f"{where}: unknown setting {unknown[0]!r}; known: {', '.join(KEYS)}")
    base = path.parent
    scheme = table.get("scheme", DEFAULT)
    if scheme not in SCHEMES:
        raise ToolFailure(f"{where}: scheme must be one of {', '.join(SCHEMES)}, not {scheme!r}")
    verify = table.get("verify", True)
    if not isinstance(verify, bool):
        raise ToolFailure(f"{where}: verify must be true or false")
    project = table.get("project")
    if project is not None and not isinstance(project, str):
        raise ToolFailure(f"{where}: project must be a file name")
    scenario = table.get("scenario", {})
    if not isinstance(scenario, dict) or not all(isinstance(v, str) for v in scenario.values()):
        raise ToolFailure(f"{where}: scenario must be a table of strings, e.g. "
                          '{ MODE = "release" }')
    return Config(
        path=path,
        scenario=tuple(f"{k}={v}" for k, v in scenario.items()),
        project_path=tuple(str(base / d) for d in _strings(table, "project-path", where)),
        source_dirs=tuple(str(base / d) for d in _strings(table, "source-dirs", where)),
        project=str(base / project) if project else None,
        select=_strings(table, "select", where) if "select" in table else None,
        ignore=_strings(table, "ignore", where), scheme=scheme, verify=verify)


def _strings(table: dict, key: str, where: str) -> tuple[str, ...]:
    value = table.get(key, [])
    if isinstance(value, str):
        value = [value]
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ToolFailure(f"{where}: {key} must be a list of strings")
    return tuple(value)


def _read(path: Path) -> dict:
    try:
        with path.open("rb") as f:
            return tomllib.load(f)
    except tomllib.TOMLDecodeError as exc:
        raise ToolFailure(f"{path}: not valid TOML: {exc}") from exc
    except OSError as exc:
        raise ToolFailure(f"{path}: cannot read: {exc.strerror}") from exc

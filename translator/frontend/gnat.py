"""Running GNAT for semantic information, never in the user's tree.

Each unit is compiled with ``gcc -c -gnatc`` (analysis only, no code) in a
directory of its own under one private temporary directory; what we keep is
GNAT's messages and the parsed ``.ali`` files.  A rewrite's verification also
generates code for the units it changed (``code=True``): GNAT 12 can crash in
its back end on code its front end accepts.  With a project file, one
``gprbuild --relocate-build-tree`` run does the same with the project's own
naming and switches.
"""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from pathlib import Path

from .. import interrupt, scratch
from . import toolchain
from .ali import AliFile, parse_ali
from .sources import decoded
from ..diagnostics import Diagnostic, ToolFailure

COMPILE_TIMEOUT = 120
_MSG = re.compile(r"^(?P<path>[^:\n]+):(?P<line>\d+):(?P<col>\d+): (?:(?P<sev>error|warning|info|style|low warning|medium warning|high warning|note): )?(?P<msg>.*)$")


@dataclass(frozen=True)
class Compilation:
    source: Path
    ok: bool
    messages: tuple[Diagnostic, ...]
    alis: tuple[AliFile, ...]


_DISK_FULL = re.compile(r"[^\n]*(disk full|No space left on device|Disk quota exceeded)[^\n]*")
_RUNTIME = re.compile(r"(will|may) be raised at run time|before body seen|"
                      r"access before elaboration")


_BUG_BOX = re.compile(r"GNAT BUG DETECTED.*?\n\|\s*(?P<version>[^|]*?)\s*\|\n"
                      r"\|\s*(?P<where>[^|]*?)\s*\|.*?Error detected at "
                      r"(?P<path>[^\s|:]+):(?P<line>\d+):(?P<col>\d+)", re.DOTALL)
# GNAT makes no object for a spec that needs a body, a subunit or a generic unit:
# nothing learnt, nothing wrong.
_NO_CODE = re.compile(r"cannot generate code for file")


def compiler_crash(output: str) -> Diagnostic | None:
    """GNAT's bug box (an internal error of the compiler), at the place it names."""
    m = _BUG_BOX.search(output)
    if m is None:
        return None
    version = m["version"].removesuffix("GCC error:").strip()
    return Diagnostic(m["path"], int(m["line"]), int(m["col"]), "error",
                      f"GNAT {version} crashes generating code here (GNAT BUG DETECTED: "
                      f"{m['where']}); a compiler bug, not an error in the program")


def runtime_warning(m: Diagnostic) -> bool:
    """A warning that the program will or may fail at run time."""
    return m.severity == "warning" and _RUNTIME.search(m.message) is not None


def parse_messages(output: str) -> list[Diagnostic]:
    """GNAT's messages.  A style message (``(style) this line is too long``, under
    -gnaty) carries no severity word: it is a warning, not an error (GNAT compiles
    the unit), unless -gnatwe makes it one (``warnings_as_errors``)."""
    found = []
    for line in output.splitlines():
        m = _MSG.match(line)
        if m is None:
            continue
        sev = m["sev"] or ("style" if m["msg"].startswith("(style)") else "error")
        sev = "warning" if "warning" in sev or sev == "style" else sev
        found.append(Diagnostic(m["path"], int(m["line"]), int(m["col"]), sev, m["msg"]))
    return found


AS_ERROR = " (an error under -gnatwe)"


def warnings_as_errors(failed: bool, msgs: list[Diagnostic]) -> list[Diagnostic]:
    """Under -gnatwe GNAT fails a unit for its warnings and style messages, which it
    still prints as such: when it failed with no error, they are the errors."""
    if not failed or any(m.severity == "error" for m in msgs):
        return msgs
    return [dataclasses.replace(m, severity="error", message=m.message + AS_ERROR)
            if m.severity == "warning" else m for m in msgs]


FLATTEN_ABOVE = 16      # search folders; more, and GNAT's file look-ups dominate


def _search_dirs(dirs: list[Path], tmp: Path) -> tuple[list[Path], dict[str, str]]:
    """The folders to give GNAT, as few as possible.

    GNAT looks a unit's file up in every -I folder in turn: with hundreds of
    folders (a big tree) each compilation spends its time in failed look-ups
    (AWS: 374 folders, 80 s of a 90 s lint).  Beyond a few folders, one folder
    of links to their Ada files gives the same answers -- the first folder that
    has a file wins, as with -I -- in one look-up.  GNAT's messages name the
    link: the second result maps each link back to its file."""
    if len(dirs) <= FLATTEN_ABOVE:
        return list(dirs), {}
    farm = tmp / "search"
    farm.mkdir()
    links: dict[str, str] = {}
    for d in dirs:
        try:
            names = os.listdir(d)
        except OSError:
            continue
        for name in names:
            if name.lower().endswith((".ads", ".adb", ".ada")):
                link = farm / name
                if not os.path.lexists(link):
                    real = Path(d, name).resolve()
                    os.symlink(real, link)
                    links[str(link)] = str(real)
    return [farm], links


CONFIG_FILE = "gnat.adc"


def config_files(paths: list[str], switches: list[str]) -> tuple[str, ...]:
    """The configuration pragma files GNAT reads when the user builds the sources
    given: ``gnat.adc`` of the current folder (where gnatmake runs) and of each folder
    given, as ``-gnatec=`` switches, unless -gnatA says to ignore it.  Each unit is
    compiled in a private folder, where GNAT would find none."""
    if "-gnatA" in switches:
        return ()
    folders = [Path.cwd()] + [Path(p) for p in paths if Path(p).is_dir()]
    given = set(absolute_switches(switches))
    found = dict.fromkeys(str((f / CONFIG_FILE).resolve()) for f in folders
                          if (f / CONFIG_FILE).is_file())
    return tuple(s for s in (f"-gnatec={f}" for f in found) if s not in given)


def absolute_switches(switches: list[str]) -> list[str]:
    """``-gnatec=cfg.adc`` names a file from the user's folder: GNAT runs elsewhere."""
    out = []
    for s in switches:
        m = re.match(r"-gnatec=?(.+)$", s)
        out.append(f"-gnatec={Path(m.group(1)).resolve()}" if m else s)
    return out


def compile_units(files: list[Path], search_dirs: list[Path], switches: list[str],
                  jobs: int | None = None, code: bool = False) -> list[Compilation]:
    """Compile each file for semantics only (``code``: generating code too), in
    parallel, in private directories."""
    tc = toolchain.find()
    if not files:
        return []
    switches = absolute_switches(switches)
    with scratch.directory("gnat") as tmp:
        dirs, links = _search_dirs(search_dirs, Path(tmp))
        incs = [f"-I{d}" for d in dirs]
        def one(index_and_file: tuple[int, Path]) -> Compilation:
            index, src = index_and_file
            work = Path(tmp, str(index))
            work.mkdir()
            only_semantics = [] if code else ["-gnatc"]
            # '-x ada': gcc takes only .ads and .adb for Ada; a '.ada' file (or 'X.ADB')
            # would be 'linker input', unused, and the unit silently not compiled
            cmd = [tc.gcc, "-c", *only_semantics, "-gnatef", *switches, *incs, "-x", "ada",
                   str(src)]
            try:
                proc = subprocess.run(cmd, cwd=work, capture_output=True, text=True,
                                      errors="replace", timeout=COMPILE_TIMEOUT)
            except subprocess.TimeoutExpired:
                msg = Diagnostic(str(src), 1, 1, "error",
                                 f"GNAT did not finish within {COMPILE_TIMEOUT} s")
                return Compilation(src, False, (msg,), ())
            except OSError as exc:
                raise ToolFailure(f"cannot run {tc.gcc}: {exc}") from exc
            full = _DISK_FULL.search(proc.stdout + proc.stderr)
            if full is not None:
                # GNAT could not write its own output: the temporary directory, not the input.
                raise ToolFailure(f"the temporary directory {scratch.temp_root()} is full "
                                  f"(GNAT: {full.group(0).strip()}); free space there or set "
                                  "TMPDIR to another directory")
            output = proc.stdout + proc.stderr
            if code and proc.returncode != 0 and _NO_CODE.search(output):
                return Compilation(src, True, (), ())
            crash = compiler_crash(output)
            msgs = [dataclasses.replace(m, path=links.get(m.path, m.path))
                    for m in [*parse_messages(output), *([crash] if crash else [])]]
            msgs = warnings_as_errors(proc.returncode != 0, msgs)
            alis = tuple(parse_ali(decoded(p.read_bytes())) for p in work.glob("*.ali"))
            ok = proc.returncode == 0 and not any(m.severity == "error" for m in msgs)
            if ok and not code and not alis:
                ok = False          # GNAT compiled nothing: no cross references came
                msgs = [*msgs, Diagnostic(str(src), 1, 1, "error",
                                          "GNAT wrote no cross references for this file")]
            if not ok and not msgs:
                text = (proc.stderr or proc.stdout).strip().splitlines()
                msgs = [Diagnostic(str(src), 1, 1, "error",
                                   text[-1] if text else f"GNAT failed ({proc.returncode})")]
                unlocated.add(src)
            return Compilation(src, ok, tuple(msgs), alis)

        unlocated: set[Path] = set()
        workers = jobs or os.cpu_count() or 1
        with interrupt.deferred(), ThreadPoolExecutor(max_workers=workers) as pool:
            comps = interrupt.pool_map(pool, one, list(enumerate(files)))
    if switches and len(unlocated) == len(comps):
        # Every unit failed before GNAT read a line of it: the switches are the cause.
        raise ToolFailure(f"GNAT fails with the switches {' '.join(switches)}: "
                          f"{comps[0].messages[0].message}")
    return comps


# How users load their projects: scenario variables (-X NAME=VALUE) and the
# project search path (-aP DIR).  Set once per command (use_project_options),
# read by every gprbuild run of it -- the analysis and the rewrite's
# verification alike, so both see the same project.
_SCENARIO: tuple[str, ...] = ()
_PROJECT_PATH: tuple[str, ...] = ()
_MISSING_PROJECT = re.compile(r'imported project file "(?P<name>[^"]+)" not found')


def use_project_options(scenario: list[str], project_path: list[str]) -> None:
    """``-X NAME=VALUE`` and ``-aP DIR`` for the gprbuild runs of this command."""
    global _SCENARIO, _PROJECT_PATH
    for s in scenario:
        name, eq, _value = s.partition("=")
        if not eq or not name or not re.fullmatch(r"[A-Za-z_][\w.]*", name):
            raise ToolFailure(f"-X {s}: expected NAME=VALUE (a scenario variable of the "
                              "project, as gprbuild takes it)")
    for d in project_path:
        if not Path(d).is_dir():
            raise ToolFailure(f"-aP {d}: no such directory")
    _SCENARIO = tuple(scenario)
    _PROJECT_PATH = tuple(str(Path(d).resolve()) for d in project_path)


def _project_args() -> list[str]:
    return [f"-X{s}" for s in _SCENARIO] + [a for d in _PROJECT_PATH for a in ("-aP", d)]


_EXTERNAL = re.compile(r'external\s*\(\s*"(?P<name>[^"]+)"\s*(?:,\s*"(?P<default>[^"]*)")?',
                       re.IGNORECASE)


def scenario_variables(project: Path) -> dict[str, str]:
    """Scenario variables the project's folder declares (name -> default), for a hint."""
    found: dict[str, str] = {}
    for gpr in sorted(project.resolve().parent.glob("*.gpr")):
        try:
            text = gpr.read_text(errors="replace")
        except OSError:
            continue
        for m in _EXTERNAL.finditer(text):
            found.setdefault(m["name"], m["default"] or "")
    return found


def load_failure(project: Path, output: str) -> str:
    """gprbuild's reason, with the projects it could not find named first."""
    lines = [ln.strip() for ln in output.strip().splitlines() if ln.strip()]
    # "zlib.gpr:19:06: imported project file "aws_config" not found": the line's
    # own file is the project that imports the missing one.
    missing: dict[str, list[str]] = {}
    for ln in lines:
        m = _MISSING_PROJECT.search(ln)
        if m:
            importers = missing.setdefault(m["name"], [])
            by = ln.split(":", 1)[0]
            if by not in importers:
                importers.append(by)
    if not missing:
        reason = "; ".join(lines[:3]) if lines else "no Ada sources"
        return f"{project}: gprbuild cannot load the project: {reason}"
    named = ", ".join(f"{name} (imported by {', '.join(by)})" for name, by in missing.items())
    return (f"{project}: gprbuild cannot load the project: imported project(s) not found: "
            f"{named}; give the folder that holds them with -aP DIR or "
            f"GPR_PROJECT_PATH (gprbuild: {lines[0]})")


@dataclass(frozen=True)
class ProjectSource:
    path: Path
    unit: str
    kind: str    # SPEC, IMPL, SEP


def compile_project(project: Path, jobs: int | None = None) -> tuple[list[ProjectSource], list[Compilation]]:
    """Compile every Ada source of a GNAT project for semantics, out of tree."""
    tc = toolchain.find()
    if tc.gprbuild is None:
        raise ToolFailure("gprbuild not found; install it: 'apt-get install gprbuild'")
    if not project.is_file():
        raise ToolFailure(f"{project}: project file not found")
    with scratch.directory("gpr") as tmp:
        info = Path(tmp, "sources.txt")
        cmd = [tc.gprbuild, "-P", str(project), *_project_args(), "-c", "-f", "-U", "-k", "-q",
               f"-j{jobs or os.cpu_count() or 1}",
               f"--relocate-build-tree={tmp}/build", f"--root-dir={project.parent.resolve()}",
               f"--source-info={info}", "-cargs:Ada", "-gnatc", "-gnatef"]
        proc = subprocess.run(cmd, capture_output=True, text=True, errors="replace",
                              timeout=COMPILE_TIMEOUT * 10)
        sources = _read_source_info(info) if info.exists() else []
        if not sources:
            raise ToolFailure(load_failure(project, proc.stderr or proc.stdout))
        msgs = parse_messages(proc.stdout + proc.stderr)
        alis = {p.stem: parse_ali(decoded(p.read_bytes()))
                for p in Path(tmp, "build").rglob("*.ali")}
    by_path: dict[str, list[Diagnostic]] = {}
    for m in msgs:
        by_path.setdefault(str(Path(m.path).resolve()), []).append(m)
    comps: dict[str, Compilation] = {}
    for s in sources:
        if s.kind == "SEP":
            continue
        ali = alis.get(s.path.stem)
        mine = tuple(warnings_as_errors(ali is None, by_path.get(str(s.path), [])))
        ok = ali is not None and not any(m.severity == "error" for m in mine)
        comps[f"{s.unit}%{s.kind}"] = Compilation(s.path, ok, mine, (ali,) if ali else ())
    result = list(comps.values())
    for s in sources:   # a subunit is compiled as part of its enclosing body
        if s.kind == "SEP":
            parent = _enclosing_body(s.unit, comps)
            mine = tuple(by_path.get(str(s.path), ()))
            ok = parent is not None and parent.ok and not any(m.severity == "error" for m in mine)
            result.append(Compilation(s.path, ok, mine, ()))
    return sources, result


def _enclosing_body(unit: str, comps: dict[str, Compilation]) -> Compilation | None:
    while "." in unit:
        unit = unit.rsplit(".", 1)[0]
        if f"{unit}%IMPL" in comps:
            return comps[f"{unit}%IMPL"]
    return None


def _read_source_info(path: Path) -> list[ProjectSource]:
    lines = path.read_text(errors="replace").splitlines()
    found = []
    for i, line in enumerate(lines):
        if line in ("SPEC", "IMPL", "SEP") and i + 1 < len(lines) and i >= 1 and lines[i - 1].lower() == "ada":
            unit = ""
            if i + 2 < len(lines) and lines[i + 2].startswith("U="):
                unit = lines[i + 2][2:]
            found.append(ProjectSource(Path(lines[i + 1]).resolve(), unit, line))
    return found

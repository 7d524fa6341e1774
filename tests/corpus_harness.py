"""Build and run corpus programs: the equivalence check every scheme reuses.

``run_program(src_dir, main)`` builds with gnatmake in a private temporary
directory and returns what the program printed.  A translated form is run the
same way from the directory holding its sources, with optional configuration
pragmas (``pragma Detect_Blocking;`` for translated programs), and its output
compared with the original's.
"""

from __future__ import annotations

import subprocess
import tempfile
import tomllib
from dataclasses import dataclass
from pathlib import Path

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
RUN_TIMEOUT = 20
BUILD_TIMEOUT = 300


@dataclass(frozen=True)
class Case:
    name: str
    root: Path
    main: str
    tasks: dict
    refusal: str | None

    @property
    def src(self) -> Path:
        return self.root / "src"

    @property
    def expected(self) -> Path:
        return self.root / "expected"


def cases() -> list[Case]:
    found = []
    for d in sorted(CORPUS.iterdir()):
        toml = d / "case.toml"
        if not toml.is_file():
            continue
        meta = tomllib.loads(toml.read_text())
        found.append(Case(d.name, d, meta.get("main", "main"), dict(meta.get("tasks", {})),
                          meta.get("refusal")))
    return found


@dataclass(frozen=True)
class RunResult:
    returncode: int
    stdout: str
    stderr: str


def run_program(src: Path, main: str, config_pragmas: str = "") -> RunResult:
    with tempfile.TemporaryDirectory(prefix="rdv2po-run-") as tmp:
        exe = build_program(src, main, Path(tmp), config_pragmas)
        run = subprocess.run([str(exe)], cwd=tmp, capture_output=True, text=True,
                             timeout=RUN_TIMEOUT)
        return RunResult(run.returncode, run.stdout, run.stderr)


def build_program(src: Path, main: str, out: Path, config_pragmas: str = "") -> Path:
    """Build ``main`` from ``src`` into the directory ``out``; returns the executable."""
    cmd = ["gnatmake", "-q", "-gnat2012", "-gnata", f"-I{src}", f"-D{out}",
           "-o", f"{out}/{main}", str(src / f"{main}.adb")]
    if config_pragmas:
        adc = out / "config.adc"
        adc.write_text(config_pragmas)
        cmd.append(f"-gnatec={adc}")
    build = subprocess.run(cmd, cwd=out, capture_output=True, text=True,
                           timeout=BUILD_TIMEOUT)
    if build.returncode != 0:
        raise AssertionError(f"gnatmake failed for {src}:\n{build.stdout}{build.stderr}")
    return out / main

"""Build each version with gnatmake -O2 in a private folder.

Two configurations: the default scheduler, and ``pragma Task_Dispatching_Policy
(FIFO_Within_Priorities)`` as a configuration pragma (a ``-gnatec=`` file), the
only way to get SCHED_FIFO threads from GNAT's run-time (it undoes ``chrt``).
No ``Locking_Policy (Ceiling_Locking)``: as root it makes every lock a
priority-protect mutex, many times slower (DESIGN.md section 7).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import ToolFailure
from .suite import Program
from .versions import Version

DEFAULT, FIFO = "default", "fifo"
FIFO_PRAGMA = "pragma Task_Dispatching_Policy (FIFO_Within_Priorities);\n"
SWITCHES = ("-O2", "-gnat2012")
BUILD_TIMEOUT = 600


@dataclass(frozen=True)
class Build:
    exe: Path | None              # None: the build failed, see error
    folder: Path                  # where the program runs (its working directory)
    error: str = ""


def require_gnat() -> None:
    if shutil.which("gnatmake") is None:
        raise ToolFailure("gnatmake not found: install GNAT (apt-get install gnat), "
                          "or run ./dev.sh, which does")


def build(program: Program, version: Version, config: str, work: Path) -> Build:
    folder = work / program.name / version.name / f"build-{config}"
    folder.mkdir(parents=True, exist_ok=True)
    exe = folder / program.main.lower()
    cmd = ["gnatmake", "-q", f"-j{len(os.sched_getaffinity(0))}", *SWITCHES, f"-I{version.src}",
           *(f"-I{i}" for i in program.include), f"-D{folder}", "-o", str(exe),
           str(version.src / f"{program.main.lower()}.adb")]
    if config == FIFO:
        adc = folder / "fifo.adc"
        adc.write_text(FIFO_PRAGMA)
        cmd.append(f"-gnatec={adc}")
    try:
        done = subprocess.run(cmd, cwd=folder, capture_output=True, text=True,
                              timeout=BUILD_TIMEOUT)
    except subprocess.TimeoutExpired:
        return Build(None, folder, f"gnatmake took more than {BUILD_TIMEOUT} s")
    if done.returncode != 0 or not exe.is_file():
        text = (done.stdout + done.stderr).strip().splitlines()
        return Build(None, folder, "gnatmake failed: " + " | ".join(text[:5]))
    return Build(exe, folder)

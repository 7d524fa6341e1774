"""Finding GNAT, and the message users get when it is not there."""

from __future__ import annotations

import shutil
import subprocess
from dataclasses import dataclass
from functools import lru_cache

from ..diagnostics import ToolFailure

INSTALL_HINT = ("install GNAT first: 'apt-get install gnat gprbuild' "
                "(or run ./dev.sh, which installs what is missing)")


@dataclass(frozen=True)
class Toolchain:
    gcc: str
    gprbuild: str | None
    version: str


@lru_cache(maxsize=1)
def find() -> Toolchain:
    gnatmake = shutil.which("gnatmake")
    gcc = shutil.which("gcc")
    if gnatmake is None or gcc is None:
        raise ToolFailure(f"GNAT not found on PATH; {INSTALL_HINT}")
    try:
        out = subprocess.run([gnatmake, "--version"], capture_output=True,
                             text=True, timeout=30).stdout
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise ToolFailure(f"cannot run gnatmake: {exc}") from exc
    version = out.splitlines()[0].strip() if out else "unknown"
    return Toolchain(gcc=gcc, gprbuild=shutil.which("gprbuild"), version=version)

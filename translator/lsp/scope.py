"""The program a file belongs to, and the lint options a worker runs it with.

As on the command line: a project (``-P`` given to the server, or
``project`` in the settings) names the program; else the settings'
``source-dirs``; else the file's own folder, as ``rdv2po lint FOLDER``
would take it.  The settings file is the one ``rdv2po lint`` would find
from the file's folder (``.rdv2po.toml`` or ``[tool.rdv2po]``), unless the
server was given ``--config`` or ``--no-config``.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from ..lint import config
from .mirror import Program, inside


@dataclass(frozen=True)
class ServerOptions:
    """What ``rdv2po lsp`` was started with: the lint's options, for every program."""
    project: str | None = None
    include: tuple[str, ...] = ()
    switches: tuple[str, ...] = ()
    scenario: tuple[str, ...] = ()
    project_path: tuple[str, ...] = ()
    jobs: int | None = None
    select: tuple[str, ...] = ()
    ignore: tuple[str, ...] = ()
    scheme: str | None = None
    no_verify: bool = False
    config: str | None = None
    no_config: bool = False


def program_of(file: Path, opts: ServerOptions) -> Program:
    """Raises ToolFailure for settings that cannot be read (the lint would too)."""
    if opts.config:
        settings = Path(opts.config).resolve()
    elif opts.no_config:
        settings = None
    else:
        settings = config.find(file.parent)
    cfg = config.load(settings)
    project = opts.project or cfg.project
    if project:
        project_dir = Path(project).resolve().parent
        # Settings above the project may name sibling folders of its sources.
        top = settings.parent if settings and settings.parent in project_dir.parents \
            else project_dir
        return Program(settings.parent if settings else project_dir, (top,), settings,
                       Path(opts.project).resolve() if opts.project else None)
    if cfg.source_dirs:
        dirs = tuple(Path(d).resolve() for d in cfg.source_dirs)
        return Program(settings.parent, dirs, settings)
    folder = file.parent.resolve()
    return Program(folder, (folder,), settings, paths=(folder,))


def lint_arguments(program: Program, opts: ServerOptions, mirror_root: Path) -> dict:
    """The ``rdv2po lint`` arguments (argparse's names) for the program's mirror:
    the worker turns them into options with the lint's own ``options()``."""
    def m(p: Path | None) -> str | None:
        return None if p is None else str(inside(mirror_root, p))

    return {
        "paths": [m(p) for p in program.paths], "project": m(program.project),
        "include": list(opts.include), "switches": list(opts.switches),
        "scenario": list(opts.scenario), "project_path": list(opts.project_path),
        "jobs": opts.jobs, "select": list(opts.select), "ignore": list(opts.ignore),
        "scheme": opts.scheme, "no_verify": opts.no_verify,
        "config": m(program.settings), "no_config": program.settings is None,
        "fix": False, "fix_only": False,
    }


"""What the bench runs: programs, the argument sets it runs them with, and the
table rows it fills.

A bench program is a folder with ``src/`` (the rendezvous form), ``bench.toml``
and ``expected/output-ARGS.txt`` files; the bundled ones are in
``bench/programs``, each ``src/`` complete in itself (the shared package in
``bench/support`` is linked into each).  A user's own program (``--program DIR
--main UNIT``) is one item with one row per ``time`` line it prints (or the
harness's own clock).
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..diagnostics import ToolFailure

# The repository's bench folder, when rdv2po runs from a checkout (editable install).
REPO_BENCH = Path(__file__).resolve().parents[2] / "bench"
PROCESS = "process"     # a row's switches: the kernel's count for the whole process


@dataclass(frozen=True)
class Row:
    """A line of Table 2: which time and which switch count it shows."""
    name: str
    time: str | None                      # a 'time' label; None: the harness's wall clock
    switches: str = PROCESS               # PROCESS or a 'switches' label
    paper_time: tuple[float, ...] = ()    # rendezvous, general, servers
    paper_switches: tuple[int, ...] = ()
    note: str = ""                        # shown when the paper's reduction is not reached
    hand_note: str = ""                   # why the servers version trails the hand-written one
    objects: tuple[str, ...] | None = None    # the protected objects it uses; None: all


@dataclass(frozen=True)
class Op:
    """A line of Table 1: an operation the program times N times."""
    name: str
    label: str
    aces: str = ""
    paper_us: float | None = None
    hand_note: str = ""
    objects: tuple[str, ...] | None = None    # the protected objects it uses; None: all


@dataclass(frozen=True)
class Item:
    """One way of running a program: its arguments, and the rows it fills."""
    name: str
    args: tuple[str, ...]
    rows: tuple[Row, ...]
    ops: tuple[Op, ...] = ()
    expected: Path | None = None          # the rendezvous output, when known


@dataclass(frozen=True)
class Program:
    name: str
    title: str
    src: Path                             # the rendezvous form
    main: str
    include: tuple[Path, ...]             # more source folders (not rewritten)
    items: tuple[Item, ...]
    hand: Path | None = None              # hand-written files replacing some of src


def builtin_suite(quick: bool, root: Path | None = None) -> list[Program]:
    root = root or REPO_BENCH
    programs = root / "programs"
    if not programs.is_dir():
        raise ToolFailure(f"the bench programs are not at {programs}: run rdv2po bench from "
                          "a checkout of rdv2po, or use --program DIR --main UNIT")
    found = [load_program(d, quick, ())
             for d in sorted(programs.iterdir()) if (d / "bench.toml").is_file()]
    return [p for p in found if p.items]


def load_program(folder: Path, quick: bool, include: tuple[Path, ...]) -> Program:
    toml = folder / "bench.toml"
    try:
        meta = tomllib.loads(toml.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ToolFailure(f"{toml}: {exc}") from exc
    items = []
    for raw in meta.get("item", []):
        if quick and raw.get("full_only"):
            continue
        args = tuple(str(a) for a in raw["quick" if quick else "full"])
        items.append(Item(raw["name"], args, tuple(_row(r) for r in raw.get("row", [])),
                          tuple(_op(o) for o in raw.get("op", [])),
                          _expected(folder, args)))
    hand = folder / "hand" / "src"
    return Program(folder.name, meta.get("title", folder.name), folder / "src",
                   meta.get("main", "main"), include, tuple(items),
                   hand if hand.is_dir() else None)


def user_program(folder: Path, main: str, args: tuple[str, ...],
                 include: tuple[Path, ...], hand: Path | None = None) -> Program:
    if not folder.is_dir():
        raise ToolFailure(f"--program {folder}: no such folder")
    if not any(folder.rglob(f"{main.lower()}.adb")):
        raise ToolFailure(f"--main {main}: no {main.lower()}.adb under {folder}")
    if hand is not None and not (hand.is_dir() and any(f.is_file() for f in hand.rglob("*"))):
        raise ToolFailure(f"--hand {hand}: no such folder, or no files in it")
    name = folder.resolve().name
    item = Item(name, args, (), ())
    return Program(name, f"{name} (--main {main})", folder, main, include, (item,), hand)


def _expected(folder: Path, args: tuple[str, ...]) -> Path | None:
    name = "output.txt" if not args else f"output-{'-'.join(args)}.txt"
    path = folder / "expected" / name
    return path if path.is_file() else None


def _row(raw: dict) -> Row:
    return Row(raw["name"], raw.get("time"), raw.get("switches", PROCESS),
               tuple(raw.get("paper_time", ())), tuple(raw.get("paper_switches", ())),
               raw.get("note", ""), raw.get("hand_note", ""), _objects(raw))


def _objects(raw: dict) -> tuple[str, ...] | None:
    return tuple(raw["objects"]) if "objects" in raw else None


def _op(raw: dict) -> Op:
    return Op(raw["name"], raw["label"], raw.get("aces", ""), raw.get("paper_us"),
              raw.get("hand_note", ""), _objects(raw))

"""A calling server's own subprograms and empty packages (translator/schemes/calling/
local_units.py).

Dispatcher declares an empty package and two procedures in its body: the package is
dropped, the procedures become private operations of the protected object, and the
translation prints what the original printed, plain and with Detect_Blocking.  Beside
it, each declaration whose meaning or moment could change is refused, naming it.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

CORPUS = Path(__file__).resolve().parent.parent / "corpus"
TEMPLATE = (CORPUS / "calling_server_local_declarations" / "src" / "main.adb").read_text()

GROW = "         X := Square (X) + Offset;\n"
COUNT = "         Handed := Handed + 1;\n      end Count;\n"

# variant: (what replaces what, the refusal's words, the text its line starts with)
REFUSED = {
    "hidden_by_loop_variable": (
        [("   task body Dispatcher is", "   I : Integer := 0;\n   task body Dispatcher is"),
         (GROW, "         X := Square (X) + Offset + I;\n")],
        "I in Grow denotes a declaration outside the task, but the protected object",
        "X := Square (X) + Offset + I;"),
    "package_with_a_variable": (
        [("      package Nothing is\n", "      package Nothing is\n         Hits : Integer := 0;\n")],
        "a package with declarations in the task body", "package Nothing is"),
    "package_with_a_body": (
        [("      end Nothing;\n", "      end Nothing;\n      package body Nothing is\n"
                                 "      begin\n         Sums.Add (1000);\n      end Nothing;\n")],
        "a package body in the task body", "package body Nothing is"),
    "function_reading_a_variable": (
        [(COUNT, COUNT + "      function Doubled return Integer is\n      begin\n"
                         "         return 2 * Handed;\n      end Doubled;\n"),
         ("         Count;\n", "         Count;\n         Next := Next + Doubled;\n")],
        "function Doubled reads Handed, a variable of the task body",
        "return 2 * Handed;"),
    "called_from_an_initial_value": (
        [(COUNT, COUNT + "      function Seven return Integer is\n      begin\n"
                         "         return 7;\n      end Seven;\n"
                         "      Extra : Integer := Seven;\n"),
         ("Sums.Add (100 * Handed);", "Sums.Add (100 * Handed + Extra);")],
        "Seven is named at", "function Seven return Integer is"),
    "blocking": (
        [(GROW, GROW + "         Put_Line (\"grown\");\n")],
        "would run inside a protected action: language-defined input-output",
        "Grow (Next);"),
}


def _run(root: Path, text: str):
    (root / "src").mkdir(parents=True)
    (root / "src" / "main.adb").write_text(text)
    return in_dir(root, lambda: rewrite.run(Options(paths=("src",))))


def _dispatcher(out):
    return next(d for name, d in out.decisions.items() if name.endswith(".Dispatcher"))


def test_helpers_become_protected_operations(tmp_path):
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(TEMPLATE)
    want = run_program(tmp_path / "orig", "main").stdout
    assert want == "Sum: 324\nPASSED\n"
    out = _run(tmp_path / "new", TEMPLATE)
    d = _dispatcher(out)
    assert d.rewritten, [o.reason for o in d.obstacles or (d,)]
    in_dir(tmp_path / "new", lambda: rewrite.write(out))
    new = (tmp_path / "new" / "src" / "main.adb").read_text()
    body = new[new.index("protected body Dispatcher"):]
    assert "package Nothing" not in new
    assert body.index("procedure Grow") < body.index("procedure Count") \
        < body.index("procedure Advance")
    assert run_program(tmp_path / "new" / "src", "main").stdout == want
    assert run_program(tmp_path / "new" / "src", "main",
                       "pragma Detect_Blocking;\n").stdout == want


@pytest.mark.parametrize("variant", sorted(REFUSED))
def test_what_would_change_is_refused(tmp_path, variant):
    edits, words, at = REFUSED[variant]
    text = TEMPLATE
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new, 1)
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(text)
    assert run_program(tmp_path / "orig", "main").returncode == 0
    line = text[:text.index(at)].count("\n") + 1
    d = _dispatcher(_run(tmp_path / "new", text))
    assert not d.rewritten
    reasons = [(o.loc.line, o.reason) for o in d.obstacles or (d,)]
    assert any(ln == line and words in r for ln, r in reasons), reasons

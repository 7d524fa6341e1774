"""No traceback on any input: deep nesting, long expressions, odd encodings get a
result or a clear message.  300 nested ``if`` statements in an accept body ended
in a Python RecursionError (issue 33).
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options


def _server(depth: int, terms: int = 0) -> str:
    lines = ["with Ada.Text_IO; use Ada.Text_IO;", "procedure Main is",
             "   task Server is", "      entry Put (V : Integer);",
             "      entry Get (V : out Integer);", "   end Server;",
             "   task body Server is", "      Sum : Integer := 0;", "   begin", "      loop",
             "         select", "            accept Put (V : Integer) do"]
    lines += [f"               if V > {i} then" for i in range(depth)]
    lines += ["               Sum := Sum + V" + "".join(f"\n                 + {i % 3}"
                                                    for i in range(terms)) + ";"]
    lines += ["               end if;"] * depth
    lines += ["            end Put;", "         or", "            accept Get (V : out Integer) do",
              "               V := Sum;", "            end Get;", "         or",
              "            terminate;", "         end select;", "      end loop;",
              "   end Server;", "   X : Integer;", "begin", "   Server.Put (500);",
              "   Server.Get (X);", "   Put_Line (Integer'Image (X));", "end Main;"]
    return "\n".join(lines) + "\n"


def _rewrite(tmp_path: Path, text: str, scheme: str = "auto"):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(text)
    return src, in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme))


def test_three_hundred_nested_ifs_translate(tmp_path):
    src, out = _rewrite(tmp_path, _server(300))
    assert out.rewritten == ["Main.Server"], out.diagnostics
    before = run_program(src, "main").stdout
    rewrite.write(out)
    assert run_program(src, "main").stdout == before == " 500\n"


def test_a_long_expression_translates(tmp_path):
    _src, out = _rewrite(tmp_path, _server(2, terms=3000), "general")
    assert out.rewritten == ["Main.Server"], out.diagnostics


def test_nesting_beyond_the_limit_is_a_message(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(_server(6000))
    run = subprocess.run([sys.executable, "-m", "rdv2po", "rewrite", "src"], cwd=tmp_path,
                         capture_output=True, text=True, timeout=600)
    assert "Traceback" not in run.stderr and run.returncode in (0, 1), run.stderr[-2000:]
    assert "nests statements more deeply than rdv2po follows" in run.stderr


def test_odd_encodings_are_named(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "a.adb").write_bytes("procedure A is begin null; end A;\n".encode("utf-16"))
    (src / "b.adb").write_bytes(b"procedure B is\rbegin\r   null;\rend B;\r")
    (src / "c.adb").write_bytes(b"procedure C is begin null; end C;\n\x00")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "auto"))
    said = {Path(d.path).name: d.message for d in out.diagnostics if d.severity == "error"}
    assert "UTF-16" in said["a.adb"]
    assert "CR alone" in said["b.adb"]
    assert "NUL" in said["c.adb"]

"""The caller-runs scheme keeps a task type's declaration as written, spacing and
case included: ``task type  T  is  ENTRY  E ;`` becomes ``procedure E (Self : T);``
-- the object's formal put after the entry's name whatever the spaces between
(once written ``procedure E (Self : T) E ;``, text that did not parse)."""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

MAIN = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   X : Integer := 0;
   TASK TYPE  T  IS
        ENTRY  E ;
        ENTRY   Add  ( N : Integer );
   END  T ;
   type A_T is access T;
   task body T is
   begin
      accept E do
         X := 17;
      end E;
      accept Add (N : Integer) do
         X := X + N;
      end Add;
   end T;
   P : A_T := new T;
begin
   P.E;
   P.all.Add (3);
   Put_Line (Integer'Image (X));
end Main;
"""


@pytest.mark.parametrize("config", ["", "pragma Detect_Blocking;\n"],
                         ids=["plain", "detect_blocking"])
def test_a_spaced_entry_declaration_of_a_task_type_is_translated(tmp_path: Path, config):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(MAIN.lstrip())
    want = run_program(tmp_path / "src", "main", config).stdout
    assert want == " 20\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    decision = next(d for n, d in out.decisions.items() if n.endswith(".T"))
    assert decision.rewritten, decision
    in_dir(tmp_path, lambda: rewrite.write(out))
    text = (tmp_path / "src" / "main.adb").read_text()
    assert "procedure E (Self : T);" in text
    assert "procedure Add (Self : T; N : Integer )" in text
    assert run_program(tmp_path / "src", "main", config).stdout == want

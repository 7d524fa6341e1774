"""Task attributes through derived types, under the general scheme.

``type Ref2 is new Ref`` (Ref an access to the task type W) and ``type W2 is
new W``: an object of either is (or designates) a task of W, so
``X'Callable`` and ``X'Terminated`` become the object's functions, as for W
and Ref (GNAT's cross references give a derived type's parent).  ``X'Size``
of an access value is the access value's size, not the task's: it stays.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task type W is
      entry Put (X : Integer);
   end W;
   type Ref is access W;
   type Ref2 is new Ref;
   type W2 is new W;
   task body W is
   begin
      accept Put (X : Integer) do
         Put_Line ("put" & Integer'Image (X));
      end Put;
   end W;
   X : Ref2 := new W;
   Bits : constant Integer := X'Size;
   Y : W2;
begin
   Put_Line (Boolean'Image (X'Callable) & " " & Boolean'Image (Y'Callable));
   X.Put (1);
   Y.Put (2);
   while not (X'Terminated and Y'Terminated) loop
      delay 0.001;
   end loop;
   Put_Line (Boolean'Image (X'Callable) & " " & Boolean'Image (Y'Callable)
             & Integer'Image (Bits));
end Main;
"""


def test_attributes_through_derived_types(tmp_path):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(PROGRAM)
    before = run_program(src, "main").stdout
    assert before == "TRUE TRUE\nput 1\nput 2\nFALSE FALSE 64\n"
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    assert out.decisions["Main.W"].rewritten, out.decisions["Main.W"].reason
    rewrite.write(out)
    text = (src / "main.adb").read_text()
    assert "X.Agent_Callable" in text and "Y.Agent_Terminated" in text
    assert "Bits : constant Integer := X'Size;" in text     # the access value's: kept
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == before

"""Entry formals whose type has defaulted discriminants, under the general scheme.

The accept body runs in ``E_Accepted``, whose formals are constrained as in the
rendezvous (``translator/schemes/general/mutable.py``): ``in`` ones are
constants, ``in out`` and ``out`` ones are constrained exactly when the
caller's actual is.  The discriminants are named through subtypes, derived
types and private types; a constrained subtype, and an ``in`` formal of a body
that never asks 'Constrained, get nothing added.  The corpus cases
``constrained_entry_params`` and ``general_mutable_formals*`` run the rest.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

PROGRAM = """\
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   package Kinds is
      type Shape (Sides, Size : Natural := 0) is private;
      function Make (Sides, Size : Natural) return Shape;
   private
      type Shape (Sides, Size : Natural := 0) is record
         Area : Natural := Sides * Size;
      end record;
   end Kinds;
   package body Kinds is
      function Make (Sides, Size : Natural) return Shape is
      begin
         return (Sides, Size, Sides * Size);
      end Make;
   end Kinds;
   use Kinds;

   type Solid is new Shape;
   subtype Any is Solid;
   subtype Square is Shape (4, 2);

   task Worker is
      entry Morph (S : in out Main.Any; Note : out Character);
      entry Keep (Q : in out Square; Seen : in Shape);
   end Worker;

   task body Worker is
   begin
      for Round in 1 .. 2 loop
         accept Morph (S : in out Any; Note : out Character) do
            Note := (if S'Constrained then 'C' else 'U');
            S := Make (3, 3);
         exception
            when Constraint_Error =>
               Note := 'E';
         end Morph;
      end loop;
      accept Keep (Q : in out Square; Seen : in Shape) do
         Q := Make (4, 2);
      end Keep;
   end Worker;

   Fixed : Any (4, 2) := Make (4, 2);
   Free  : Any := Make (1, 1);
   Q     : Square;
   Note  : Character;
begin
   Worker.Morph (Fixed, Note);
   Put_Line (Note & Natural'Image (Fixed.Sides));
   Worker.Morph (Free, Note);
   Put_Line (Note & Natural'Image (Free.Sides));
   Worker.Keep (Q, Make (1, 2));
   Put_Line ("kept" & Natural'Image (Q.Size));
end Main;
"""


def _rewritten(tmp_path, program: str) -> str:
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(program)
    before = run_program(src, "main").stdout
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    task = next(d for q, d in out.decisions.items() if q.endswith("Worker"))
    assert task.rewritten, task.reason
    rewrite.write(out)
    for config in ("", "pragma Detect_Blocking;\n"):
        if config:
            (src / "gnat.adc").write_text(config)
        assert run_program(src, "main").stdout == before
    return (src / "main.adb").read_text()


def test_formals_constrained_as_the_actuals_through_derived_and_private_types(tmp_path):
    text = _rewritten(tmp_path, PROGRAM)
    # in the accept's words, which the body sees (the entry says Main.Any)
    assert "Constrained_S : Any (S.Sides, S.Size) := S;" in text
    assert "S_Constrained := Morph_S_Constrained;" in text
    # Square is constrained, Seen is an in formal nobody asks 'Constrained of: as before
    assert "Keep_Accepted" not in text and "Q_Constrained" not in text


def test_an_in_formal_is_a_constant_only_when_asked(tmp_path):
    asked = PROGRAM.replace("Q := Make (4, 2);",
                            "Q := Make (4, 2);\n         Put_Line (Boolean'Image "
                            "(Seen'Constrained));")
    text = _rewritten(tmp_path, asked)
    assert "procedure Keep_Accepted (Seen : Shape) is" in text
    assert "Keep_Accepted (Seen);" in text


def test_an_accept_without_body_takes_the_flag_too(tmp_path):
    """E_Accept_Begin hands every accept of the entry the actual's 'Constrained."""
    program = PROGRAM.replace(
        "      accept Keep (Q : in out Square; Seen : in Shape) do",
        "      accept Morph (S : in out Any; Note : out Character);\n"
        "      accept Keep (Q : in out Square; Seen : in Shape) do").replace(
        "   Worker.Keep (Q, Make (1, 2));",
        "   Worker.Morph (Fixed, Note);\n   Worker.Keep (Q, Make (1, 2));")
    text = _rewritten(tmp_path, program)
    assert text.count("Worker.Morph_Accept_Begin (S, Note, S_Constrained);") == 2

"""Readable output: no Stage for a one-stage server, no handler where nothing can raise.

The corpus cases one_stage_no_state and one_stage_ended build and run both
forms; these tests pin the narrow edge of "cannot raise" (common/quiet.py):
what looks like a plain copy but can raise keeps its handler.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
procedure Main is
   type Mode is (Idle, Busy);
   subtype Small is Integer range 0 .. 3;
   type Byte is mod 2 ** 8;
   type Ten is mod 10;
   type Level is range 1 .. 5;
   type Row is array (Level) of Boolean;
   type Levels is array (Mode) of Level;
   type Open_Row is array (Positive range <>) of Boolean;
   subtype Four is Open_Row (1 .. 4);
   Wide : Integer := 0;
   task T is
      entry Put (P : Integer; M : Mode; B : Boolean);
   end T;
   task body T is
      N : Integer := 0;
      C : Mode := Idle;
      F : Boolean := False;
      R : Integer range 0 .. 3 := 0;
      S : Small := 0;
      W, W2 : Byte := 0;
      D : Ten := 0;
      L, L2 : Level := 1;
      A, A2 : Row := (others => False);
      V, V2 : Levels := (others => 1);
      O, O2 : Four := (others => False);
      Q : Positive := 1;
   begin
      loop
         select
            accept Put (P : Integer; M : Mode; B : Boolean) do
               {body}
            end Put;
         or
            terminate;
         end select;
      end loop;
   end T;
begin
   T.Put (1, Busy, True);
end Main;
"""


def _translate(tmp_path: Path, body: str) -> str:
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(TEMPLATE.format(body=body).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    assert out.decisions["Main.T"].rewritten, out.decisions["Main.T"]
    [(_old, new)] = out.changes.values()
    return new.decode()


@pytest.mark.parametrize("body", ["N := P;", "C := M;", "C := Busy;", "F := B;",
                                  "F := N > 0 and then not B;", "null;", "N := 0;",
                                  "if F and then N > P then C := Busy; elsif B then N := 1; "
                                  "else null; end if;",
                                  "W := W + 1;", "W := (W xor W2) * 3 - not W2;", "W := 255;",
                                  "D := D + 9;", "L := L2;",
                                  "A := A2;", "V := V2;"])
def test_statements_that_cannot_raise_need_neither_handler_nor_stage(tmp_path, body):
    new = _translate(tmp_path, body)
    assert "when others" not in new and "Stage" not in new and "Ended" not in new, new
    # always open, called plainly: a procedure (accepting/procedures.py)
    assert "procedure Put (P : Integer; M : Mode; B : Boolean) is" in new, new


@pytest.mark.parametrize("body", [
    "N := N + P;",        # overflow
    "R := P;",            # R's own constraint (its cross-reference names Integer)
    "S := P;",            # another subtype
    "Wide := P; N := Wide / P;",   # division
    "S := 4;",            # a literal outside the subtype (GNAT warns, the task raises)
    "if N / P > 0 then F := B; end if;",   # a condition that divides
    "W := W / W2;",       # a zero divisor
    "W := W ** 2;",
    "W := Byte (N);",     # a conversion
    "L := L + 1;",        # a signed type's arithmetic
    "O := O2;",           # a subtype of an unconstrained array type: not taken
])
def test_what_can_raise_keeps_its_handler_and_the_ended_flag(tmp_path, body):
    new = _translate(tmp_path, body)
    assert "when others =>" in new and "Ended := True;" in new, new
    assert "Ended : Boolean := False;" in new and "Stage" not in new, new


def test_an_accept_without_statements_in_a_server_without_state(tmp_path):
    """No Stage, no flag, no statement: the entry body still needs one (GNAT checks)."""
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text("""procedure Main is
   task Echo is
      entry Call;
   end Echo;
   task body Echo is
   begin
      loop
         select
            accept Call;
         or
            terminate;
         end select;
      end loop;
   end Echo;
begin
   Echo.Call;
end Main;
""")
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    assert out.decisions["Main.Echo"].rewritten, out.decisions["Main.Echo"]
    [(_old, new)] = out.changes.values()
    assert "procedure Call is\n      begin\n         null;" in new.decode(), new.decode()


STOPPABLE = """procedure Main is
   task T is
      entry Put (P : Integer);
      entry Stop;
   end T;
   task body T is
      N : Integer := 0;
   begin
      loop
         select
            accept Put (P : Integer) do
               N := P;
            end Put;
         or
            accept Stop;
            {after}
         end select;
      end loop;
   end T;
begin
   T.Put (1);
   T.Stop;
end Main;
"""


@pytest.mark.parametrize("after, handler", [
    ("exit;", False),                   # closes the object: nothing can raise
    ("exit when N > 0;", False),        # a condition that cannot raise
    ("N := 0; exit;", False),
    ("exit when N / 2 > 0;", True),     # a condition that can (it ended the task)
    ("N := N + 1; exit;", True),        # a statement that can
])
def test_an_exit_of_the_server_loop_needs_no_handler_of_its_own(tmp_path, after, handler):
    src = tmp_path / "src"
    src.mkdir()
    (src / "main.adb").write_text(STOPPABLE.format(after=after))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    assert out.decisions["Main.T"].rewritten, out.decisions["Main.T"]
    [(_old, new)] = out.changes.values()
    stop = new.decode().split("procedure Stop is")[1].split("end Stop;")[0]
    assert ("when others" in stop) == handler, stop
    assert "Ended := True;  --  the task left its loop" in stop, stop

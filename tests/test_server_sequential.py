"""Loops of accepts one after the other (server/shape: the loops after the server loop
are ``Inner`` stages of ``post``; server/body: leaving a loop enters the next): what is
translated, with the tests and stages written, and what is refused, with the reason.

The corpus cases flow_sequential_loops, ext_two_server_loops and
flow_sequential_refused build and run whole programs; these tests pin the edges.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
procedure Main is
   type Table is array (1 .. 3) of Integer;
   task T is
      entry A;
      entry B (X : Integer);
      entry Get (N : out Integer);
   end T;
   task body T is
      Count : Integer := 0;
      Flag : Boolean := False;
      Items : Table := (others => 0);
   begin
{statements}
   end T;
   N : Integer;
begin
   T.A;
   T.Get (N);
end Main;
"""


def _run(tmp_path: Path, statements: str):
    src = tmp_path / "src"
    src.mkdir()
    body = "\n".join("      " + ln for ln in statements.strip("\n").split("\n"))
    (src / "main.adb").write_text(TEMPLATE.format(statements=body).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    new = out.changes and next(iter(out.changes.values()))[1].decode()
    return out.decisions["Main.T"], new


TRANSLATED = {
    # leaving the first loop by an exit enters the second, which runs for ever
    "exit_into_a_plain_loop": ("""
loop
   select
      accept A;
      exit;
   or
      accept B (X : Integer) do Count := X; end B;
   end select;
end loop;
loop
   select
      accept Get (N : out Integer) do N := Count; end Get;
   or
      terminate;
   end select;
end loop;""", ["Stage := 2;  --  the task left its loop", "entry Get (N : out Integer) when Stage = 0 or else Stage = 2 is"]),
    # a while loop after the server loop: entering it tests its condition, and where
    # it is false the task goes on to what follows (here the end)
    "into_a_while_loop": ("""
loop
   accept A;
   Count := Count + 1;
   exit when Count > 1;
end loop;
while Count < 4 loop
   accept B (X : Integer) do Count := Count + X; end B;
end loop;
accept Get (N : out Integer) do N := Count; end Get;""",
                          ["if Count > 1 then\n               Stage := 2;  --  the task left its loop\n"
                           "               if not (Count < 4) then\n"
                           "                  Stage := 3;  --  the task left its while loop (line 18)"]),
    # an exit of the second loop, by its label: on with what follows it
    "labelled_exit_of_the_second_loop": ("""
loop
   select
      accept A;
      exit;
   or
      terminate;
   end select;
end loop;
Serve : loop
   select
      accept B (X : Integer) do Count := X; end B;
      exit Serve when Count = 0;
   or
      terminate;
   end select;
end loop Serve;
accept Get (N : out Integer) do N := Count; end Get;""",
        ["if Count = 0 then\n               Stage := 3;  --  the task left its loop (line 21)"]),
}


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_loops_one_after_the_other_become_stages(tmp_path, name):
    statements, present = TRANSLATED[name]
    decision, new = _run(tmp_path, statements)
    assert decision.rewritten, decision
    for text in present:
        assert text in new, new


REFUSED = {
    "for_of_after_the_server_loop": ("""
loop
   select
      accept A;
      exit;
   or
      terminate;
   end select;
end loop;
for E of Items loop
   accept B (X : Integer) do Count := Count + X + E; end B;
end loop;""", "a loop holding accepts whose iteration scheme is neither 'while' nor 'for ... in'"),
    "loop_in_the_second_loop": ("""
loop
   select
      accept A;
      exit;
   or
      terminate;
   end select;
end loop;
loop
   while Count < 3 loop
      accept B (X : Integer) do Count := Count + X; end B;
   end loop;
   accept Get (N : out Integer) do N := Count; end Get;
end loop;""", "an accept inside an inner loop: the scheme orders sync points"),
    "delay_beside_a_second_loop": ("""
loop
   select
      accept A;
      exit;
   or
      delay 1.0;
      Count := 0;
   end select;
end loop;
loop
   select
      accept Get (N : out Integer) do N := Count; end Get;
   or
      terminate;
   end select;
end loop;""", "or loops of them after the server loop"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_what_cannot_become_stages_is_refused(tmp_path, name):
    statements, reason = REFUSED[name]
    decision, new = _run(tmp_path, statements)
    assert not decision.rewritten and not new
    assert reason in str(decision), decision

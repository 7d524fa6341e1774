"""Objects declared in a block around the server loop's body, or around the server loop
(server/shape._scope, _open_block; accepting._Generator._scope; body.BodyGen's
``scope``): what is translated, with the components and initial values written, and
what is refused, with the reason.

The corpus cases flow_block_declarations and flow_block_refused build and run whole
programs; these tests pin the edges.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
procedure Main is
   Outside : Integer := 0;
   type Pair is record
      A, B : Integer := 0;
   end record;
   task T is
      entry Put (V : Integer);
      entry Get (N : out Integer);
   end T;
   task body T is
      Count : Integer := 0;
   begin
{statements}
   end T;
   N : Integer;
begin
   T.Put (1);
   T.Get (N);
   Outside := N;     -- a variable the program writes: its value depends on the moment
end Main;
"""

SELECT = """select
   accept Put (V : Integer) do Value := V; end Put;
   Count := Count + Value;
or
   accept Get (N : out Integer) do N := Count; end Get;
or
   terminate;
end select;"""


def _loop(decls: str, body: str = SELECT, before: str = "", handlers: str = "") -> str:
    inner = "\n".join("         " + ln for ln in body.split("\n"))
    return f"""{before}loop
   declare
{decls}
   begin
{inner}
{handlers}   end;
end loop;"""


def _run(tmp_path: Path, statements: str):
    src = tmp_path / "src"
    src.mkdir()
    body = "\n".join("      " + ln for ln in statements.strip("\n").split("\n"))
    (src / "main.adb").write_text(TEMPLATE.format(statements=body).lstrip())
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",))))
    new = out.changes and next(iter(out.changes.values()))[1].decode()
    return out.decisions["Main.T"], new


TRANSLATED = {
    # a literal initial value and nothing before the loop: the component's default
    # stands for the first pass, each later pass gives it again
    "literal_initial_value": (_loop("      Value : Integer := 0;"), [
        "      Count : Integer := 0;\n      Value : Integer := 0;\n",
        "Value := 0;  --  the task entered its block (line 14)"], ["Start_Up"]),
    # an initial value that reads a task variable: given on entering the loop too
    "initial_value_reads_a_variable": (_loop("      Value : Integer := Count;"), [
        "      Value : Integer;\n", "procedure Start_Up",
        "Value := Count;  --  the task entered its block (line 14)"], []),
    # no initial value: a scalar keeps whatever it held, as an uninitialised one may
    "no_initial_value": (_loop("      Value : Integer;"), ["      Value : Integer;\n"],
                         ["entered its block", "Start_Up"]),
    # the block's handlers: after one the next pass enters the block again
    "with_handlers": (_loop("      Value : Integer := 0;", body="""accept Put (V : Integer) do Value := V; end Put;
Count := Count / Value;""", handlers="""   exception
      when Constraint_Error =>
         Count := 0;
"""), ["Count := 0;\n                        Ended := False;\n"
                 "                        Value := 0;"], []),
    # a block around the server loop: its objects are the task's own, given once
    "block_around_the_loop": ("""declare
   Value : Integer := 0;
begin
   loop
""" + "\n".join("      " + ln for ln in SELECT.split("\n")) + """
   end loop;
end;""", ["      Count : Integer := 0;\n      Value : Integer := 0;\n"],
                              ["entered its block"]),
}


@pytest.mark.parametrize("name", sorted(TRANSLATED))
def test_block_objects_become_components(tmp_path, name):
    statements, present, absent = TRANSLATED[name]
    decision, new = _run(tmp_path, statements)
    assert decision.rewritten, decision
    for text in present:
        assert text in new, new
    for text in absent:
        assert text not in new, new


REFUSED = {
    "record_object": (_loop("      Value : Integer := 0;\n      P : Pair;"),
                      "rdv2po translates that for objects of scalar types"),
    "hides_a_task_variable": (_loop("      Value : Integer := 0;\n      Count : Integer := 1;"),
                              "hides the Count declared at line 11"),
    "name_used_outside_the_block": (_loop("      Value : Integer := 0;\n      Outside : Integer;",
                                          before="Count := Outside;\n"),
                                    "'Outside' outside the block declaring Outside"),
    "subprogram_in_the_block": (_loop("      Value : Integer := 0;\n"
                                      "      procedure Reset is begin Value := 0; end Reset;"),
                                "a subprogram declared in the block around the server "
                                "loop's body"),
    "raising_initial_value_with_handlers": (
        _loop("      Value : Integer := Count + 1;", handlers="""   exception
      when Constraint_Error =>
         Count := 0;
"""), "handles exceptions and gives its objects initial values that can raise"),
    "beside_a_delay_alternative": (_loop("      Value : Integer := 0;", body="""select
   accept Put (V : Integer) do Value := V; end Put;
or
   delay 1.0;
   Count := 0;
end select;"""), "a delay alternative in a server whose loop body is a block declaring "
                 "objects"),
    # the first pass's initial value is given at the first call, where the task read
    # it when it was activated: a variable outside the task may have changed by then
    # (found by an acceptance run: a snapshot server answered 5 where the task read 0)
    "initial_value_reads_a_global_at_the_first_pass": (
        _loop("      Value : Integer := 0;\n      Seen : constant Integer := Outside + 1;"),
        "the task reads variable Outside when it is activated, the protected object would "
        "do so at the first call of one of its entries"),
    # the same, given as the component's default: read when the object is declared
    "initial_value_reads_a_global_as_a_default": (
        _loop("      Value : Integer := 0;\n      Seen : constant Integer := Outside;"),
        "the task reads variable Outside when it is activated, the protected object would "
        "do so when it is declared"),
    "handlers_of_a_block_around_the_loop": ("""declare
   Value : Integer := 0;
begin
   loop
""" + "\n".join("      " + ln for ln in SELECT.split("\n")) + """
   end loop;
exception
   when others => null;
end;""", "exception handlers of the block around the server loop"),
    "statements_before_a_block_around_the_loop": ("""Count := 1;
declare
   Value : Integer := Count;
begin
   loop
""" + "\n".join("      " + ln for ln in SELECT.split("\n")) + """
   end loop;
end;""", "a block declaring objects around the server loop after other statements"),
    "raising_initial_value_around_the_loop": ("""declare
   Value : Positive := Outside;
begin
   loop
""" + "\n".join("      " + ln for ln in SELECT.split("\n")) + """
   end loop;
end;""", "an initial value, in a block around the server loop, that can raise"),
}


@pytest.mark.parametrize("name", sorted(REFUSED))
def test_what_the_block_cannot_give_is_refused(tmp_path, name):
    statements, reason = REFUSED[name]
    decision, new = _run(tmp_path, statements)
    assert not decision.rewritten and not new
    assert reason in str(decision), decision

"""The general scheme shows clients nothing but the task's entries (issue 20).

A single task declared in a package specification becomes a protected object
there with the task's entries and nothing else; the rendezvous object and the
agent go to the package body (docs/general-scheme.md, "Hidden from clients").
Beside it: a task declared elsewhere keeps the one-object layout, and a
refusal for a translation GNAT rejects points at the user's line.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options
from rdv2po.write.edits import Edit
from rdv2po.write.origin import gnat_says, original_line

SPEC = """
package Servers is
   task Server is
      entry Go;
      entry Put (X : Integer);
      entry Get (X : out Integer);
   end Server;
end Servers;
"""

BODY = """
package body Servers is
   task body Server is
      Sum : Integer := 0;
   begin
      accept Go;
      loop
         select
            accept Put (X : Integer) do
               Sum := Sum + X;
            end Put;
         or
            accept Get (X : out Integer) do
               X := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Server;
end Servers;
"""

MAIN = """
with Ada.Text_IO; use Ada.Text_IO;
with Servers; use Servers;
procedure Main is
   X : Integer;
begin
   --  the server waits at accept Go: a conditional call of Put is not accepted
   select
      Server.Put (100);
      Put_Line ("early put taken");
   else
      Put_Line ("early put not taken");
   end select;
   Server.Go;
   Server.Put (1);
   Server.Put (2);
   delay 0.5;   --  the server waits at its select again
   select
      Server.Put (3);
      Put_Line ("late put taken");
   else
      Put_Line ("late put not taken");
   end select;
   Server.Get (X);
   Put_Line ("sum" & Integer'Image (X));
end Main;
"""

EXPECTED = "early put not taken\nlate put taken\nsum 6\n"


def write(root: Path, files: dict[str, str]) -> Path:
    src = root / "src"
    src.mkdir()
    for name, text in files.items():
        (src / name).write_text(text.lstrip())
    return src


def translate(root: Path) -> rewrite.Outcome:
    out = in_dir(root, lambda: rewrite.run(Options(paths=("src",)), "general"))
    refused = {q: d.reason for q, d in out.decisions.items() if not d.rewritten}
    assert not refused and out.changes, refused
    rewrite.write(out)
    return out


def test_a_task_in_a_package_spec_shows_only_its_entries(tmp_path):
    src = write(tmp_path, {"servers.ads": SPEC, "servers.adb": BODY, "main.adb": MAIN})
    assert run_program(src, "main").stdout == EXPECTED
    translate(tmp_path)
    spec = (src / "servers.ads").read_text()
    public = re.search(r"^ *protected Server is\n(.*?)^ *end Server;", spec, re.S | re.M)
    assert public is not None, spec
    items = [ln.strip() for ln in public.group(1).splitlines() if ln.strip()]
    assert items == ["entry Go;", "entry Put (X : Integer);", "entry Get (X : out Integer);"]
    # nothing else of the scheme in the specification: no protocol, no types, no agent
    assert "private" not in public.group(1)
    code = re.sub(r"--.*", "", spec)
    assert not re.search(r"Rendezvous|Agent|_Entry|Alternative|Select_|Accept_|Close", code)
    body = (src / "servers.adb").read_text()
    assert "protected Server_Rendezvous is" in body and "task Server_Agent is" in body
    assert "requeue Server_Rendezvous.Put with abort;" in body
    for config in ("", "pragma Detect_Blocking;\n"):
        result = run_program(src, "main", config)
        assert result.returncode == 0, result.stderr
        assert result.stdout == EXPECTED


def test_a_client_cannot_name_the_protocol(tmp_path):
    """What a client of the old layout could call does not compile any more."""
    evil = MAIN.replace("   Server.Go;\n", "   Server.Go;\n   Server.Close;\n")
    src = write(tmp_path, {"servers.ads": SPEC, "servers.adb": BODY, "main.adb": MAIN})
    translate(tmp_path)
    (src / "main.adb").write_text(evil.lstrip())
    with pytest.raises(AssertionError, match="Close"):
        run_program(src, "main")


def test_a_task_outside_a_package_keeps_one_object(tmp_path):
    """Declared in a subprogram, the task is visible to nobody else: no public object."""
    main = ("with Ada.Text_IO; use Ada.Text_IO;\nprocedure Main is\n"
            + SPEC.split("is\n", 1)[1].rsplit("end Servers;", 1)[0]
            + BODY.split("is\n", 1)[1].rsplit("end Servers;", 1)[0]
            + MAIN.split("X : Integer;\n", 1)[1].replace("end Main;", "end Main;")
            ).replace("begin\n   --  the server", "   X : Integer;\nbegin\n   --  the server", 1)
    src = write(tmp_path, {"main.adb": main})
    assert run_program(src, "main").stdout == EXPECTED
    translate(tmp_path)
    text = (src / "main.adb").read_text()
    assert "Rendezvous" not in text and re.search(r"^ *protected Server is$", text, re.M)
    assert run_program(src, "main").stdout == EXPECTED


def test_rewritten_lines_map_back_to_the_users_lines():
    data = b"a\nb\nc\nd\n"
    edits = [Edit(Path("/f"), 2, 4, "B1\nB2\nB3\n", "t"),   # line 2 becomes three lines
             Edit(Path("/f"), 6, 6, "new\n", "t")]      # a line inserted before line 4
    # rewritten: a, B1, B2, B3, c, new, d
    assert [original_line(data, edits, k) for k in range(1, 8)] == [1, 2, 2, 2, 3, 4, 4]
    assert original_line(data, [], 3) == 3
    assert gnat_says("GNAT, in the rewritten text: x") == "x"


REJECTED = """
procedure Main is
   task type Counter is
      entry Total (T : out Integer);
   end Counter;
   task body Counter is
   begin
      accept Total (T : out Integer) do
         T := 1;
      end Total;
   end Counter;
   procedure Report (Which : Counter) is
      T : Integer;
   begin
      Which.Total (T);
   end Report;
   procedure Outer (W : Counter) is
   begin
      Report (W);
   end Outer;
   C : Counter;
begin
   Outer (C);
end Main;
"""


def test_a_translation_gnat_rejects_is_refused_at_the_users_line(tmp_path):
    write(tmp_path, {"main.adb": REJECTED})
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    d = out.decisions["Main.Counter"]
    assert not d.rewritten
    line = REJECTED.lstrip().splitlines().index("      Report (W);") + 1
    assert f"GNAT rejects the translation of src/main.adb:{line}: " in d.reason, d.reason
    assert "rewritten" not in d.reason


def test_a_task_named_outside_its_body_in_a_visible_part_answers_by_its_public_object(
        tmp_path):
    """Server'Terminated, Servers.Server'Callable and Server'Identity in a client:
    functions of the public object, asking the rendezvous object in the package body."""
    said = ('   Put_Line (Boolean\'Image (Server\'Terminated) & " "\n'
            '             & Boolean\'Image (Servers.Server\'Callable));\n'
            '   if Ada.Task_Identification."=" (Server\'Identity,\n'
            '                                  Ada.Task_Identification.Null_Task_Id) then\n'
            '      Put_Line ("no identity");\n'
            '   end if;\n')
    main = ("with Ada.Task_Identification;\n" + MAIN.lstrip()).replace(
        '   Put_Line ("sum" & Integer\'Image (X));\n',
        '   Put_Line ("sum" & Integer\'Image (X));\n' + said)
    src = write(tmp_path, {"servers.ads": SPEC, "servers.adb": BODY, "main.adb": main})
    want = run_program(src, "main").stdout
    assert want == EXPECTED + "FALSE TRUE\n"
    translate(tmp_path)
    client = (src / "main.adb").read_text()
    assert "Server.Agent_Terminated" in client and "Servers.Server.Agent_Callable" in client
    assert "Server.Agent_Identity" in client
    spec = re.sub(r"--.*", "", (src / "servers.ads").read_text())
    assert not re.search(r"Rendezvous|Select_|Accept_|Close", spec)
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == want


def test_a_task_aborted_outside_its_body_in_a_visible_part_is_refused(tmp_path):
    """abort Server must close the object right after: the public object would show
    Close, so the protocol could not be hidden and the task is refused there."""
    main = MAIN.replace('   Put_Line ("sum" & Integer\'Image (X));\n',
                        '   Put_Line ("sum" & Integer\'Image (X));\n   abort Server;\n')
    body = BODY.replace("         or\n            terminate;\n", "")
    src = write(tmp_path, {"servers.ads": SPEC, "servers.adb": body, "main.adb": main})
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    decision = out.decisions["Servers.Server"]
    assert not decision.rewritten and not out.changes
    assert "name used outside its body" in decision.reason


NESTED = """package P is
   package Q is
      task type T is entry E; end T;
   private
      task type U is entry E; end U;
   end Q;
   generic
   package G is
      task type GT is entry E; end GT;
   end G;
private
   task type V is entry E; end V;
end P;
"""


def test_shown_to_clients_means_visible_parts_all_the_way_up(tmp_path):
    from rdv2po.frontend import syntax
    from rdv2po.schemes.general.scheme import shown_to_clients
    from rdv2po.frontend.sources import load
    (tmp_path / "p.ads").write_text(NESTED)
    src, _ = load(tmp_path / "p.ads")
    decls = {syntax.text(syntax.first_child(n, "identifier")): n
             for n in syntax.walk(syntax.parse(src).root_node)
             if n.type == "task_type_declaration"}
    assert {name: shown_to_clients(d) for name, d in decls.items()} == {
        "T": True, "U": False, "GT": True, "V": False}


TYPE_SPEC = """package Pools is
   task type Worker (Base : Integer) is
      entry Go (X : Integer);
      entry Get (X : out Integer);
   end Worker;
end Pools;
"""

TYPE_BODY = """package body Pools is
   task body Worker is
      Sum : Integer := Base;
   begin
      loop
         select
            accept Go (X : Integer) do
               Sum := Sum + X;
            end Go;
         or
            accept Get (X : out Integer) do
               X := Sum;
            end Get;
         or
            terminate;
         end select;
      end loop;
   end Worker;
end Pools;
"""

TYPE_MAIN = """with Ada.Text_IO; use Ada.Text_IO;
with Pools; use Pools;
procedure Main is
   W : Worker (10);
   X : Integer;
begin
   W.Go (1);
   W.Go (2);
   W.Get (X);
   Put_Line ("sum" & Integer'Image (X));
end Main;
"""


def test_a_task_type_in_a_visible_part_shows_only_its_entries(tmp_path):
    """The public protected type has the task's entries and, privately, the rendezvous
    object: a client can call the entries and nothing of the protocol."""
    src = write(tmp_path, {"pools.ads": TYPE_SPEC, "pools.adb": TYPE_BODY,
                           "main.adb": TYPE_MAIN})
    assert run_program(src, "main").stdout == "sum 13\n"
    translate(tmp_path)
    spec = (src / "pools.ads").read_text()
    public = re.search(r"^ *protected type Worker \(Base : Integer\) is\n(.*?)^ *private\n(.*?)"
                       r"^ *end Worker;", spec, re.S | re.M)
    assert public is not None, spec
    items = [ln.strip() for ln in public.group(1).splitlines() if ln.strip()]
    assert items == ["entry Go (X : Integer);", "entry Get (X : out Integer);"]
    hidden = [ln.strip() for ln in re.sub(r"--.*", "", public.group(2)).splitlines() if ln.strip()]
    assert hidden == ["Rendezvous : Worker_Rendezvous (Base => Base);", "Passing : Boolean := True;"]
    body = (src / "pools.adb").read_text()
    assert "requeue Rendezvous.Go with abort;" in body
    for config in ("", "pragma Detect_Blocking;\n"):
        result = run_program(src, "main", config)
        assert result.returncode == 0, result.stderr
        assert result.stdout == "sum 13\n"
    # what the one-object form let a client call does not compile
    for evil, name in (("W.Close;", "Close"), ("W.Rendezvous.Close;", "Rendezvous"),
                       ("W.Get_Take (X);", "Get_Take")):
        (src / "main.adb").write_text(TYPE_MAIN.replace("   W.Go (2);\n", f"   {evil}\n"))
        with pytest.raises(AssertionError, match=f'(?s)gnatmake failed.*"{name}"'):
            run_program(src, "main")


def test_a_task_type_in_a_visible_part_answers_its_attributes(tmp_path):
    """W'Callable, W'Terminated in a client: functions of the public type, asking the
    rendezvous object (not part of the protocol: asking breaks nothing)."""
    main = TYPE_MAIN.replace('   Put_Line ("sum"', '   Put_Line (Boolean\'Image (W\'Callable)'
                             ' & Boolean\'Image (W\'Terminated));\n   Put_Line ("sum"')
    src = write(tmp_path, {"pools.ads": TYPE_SPEC, "pools.adb": TYPE_BODY, "main.adb": main})
    want = run_program(src, "main").stdout
    assert want == "TRUEFALSE\nsum 13\n"
    translate(tmp_path)
    spec = re.sub(r"--.*", "", (src / "pools.ads").read_text())
    public = spec[spec.index("protected type Worker (Base"):]
    assert "function Agent_Callable return Boolean;" in public
    assert "function Agent_Terminated return Boolean;" in public
    assert "W.Agent_Callable" in (src / "main.adb").read_text()
    for config in ("", "pragma Detect_Blocking;\n"):
        assert run_program(src, "main", config).stdout == want


def test_an_abort_of_a_task_type_in_a_visible_part_is_refused(tmp_path):
    """abort W must close the object after it: the public type would show Close."""
    main = TYPE_MAIN.replace('   Put_Line ("sum"', '   abort W;\n   Put_Line ("sum"')
    # no terminate alternative: with one, an abort anywhere is refused for another reason
    body = TYPE_BODY.replace("         or\n            terminate;\n", "")
    write(tmp_path, {"pools.ads": TYPE_SPEC, "pools.adb": body, "main.adb": main})
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), "general"))
    decision = out.decisions["Pools.Worker"]
    assert not decision.rewritten and not out.changes
    assert "a task type in the visible part of a package specification" in decision.reason
    assert "an abort of its objects" in decision.reason

"""False obstacles found on real code (corpus static_bounds and its refused twin run
the translations): here, what the corpus cannot show because the task stays refused
either way, or what only a folder of several programs shows."""

from __future__ import annotations

from pathlib import Path

from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options


def _run(tmp_path: Path, files: dict[str, str], scheme: str = "caller-runs"):
    (tmp_path / "src").mkdir()
    for name, text in files.items():
        (tmp_path / "src" / name).write_text(text.lstrip())
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme=scheme))


def _reasons(out, task: str) -> list[str]:
    d = next(d for name, d in out.decisions.items() if name.endswith("." + task))
    assert not d.rewritten
    return [f"{o.construct}: {o.reason}" for o in d.obstacles or (d,)]


LOGGER = """
with Ada.Text_IO;
procedure Main is
   task Logger is
      entry Log (S : String);
   end Logger;
   task body Logger is
   begin
      LOOP_HEAD
         accept Log (S : String) do
            Ada.Text_IO.Put_Line (S);
         end Log;
      end loop;
   end Logger;
begin
   Logger.Log ("a");
   Logger.Log ("b");
end Main;
"""


def test_a_for_server_loop_is_refused_as_such_not_as_never_ending(tmp_path):
    got = _reasons(_run(tmp_path, {"main.adb": LOGGER.replace("LOOP_HEAD",
                                                              "for N in 1 .. 2 loop")}),
                   "Logger")
    assert any("a for loop as the server loop" in r for r in got), got
    assert not any("never ends" in r for r in got), got


def test_a_plain_server_loop_without_terminate_still_never_ends(tmp_path):
    got = _reasons(_run(tmp_path, {"main.adb": LOGGER.replace("LOOP_HEAD", "loop")}),
                   "Logger")
    assert any("never ends" in r for r in got), got


COUNTER = """
with Ada.Text_IO;
procedure Main is
   type Node_ID is range 1 .. 4;
   task Counter is
      entry Take;
   end Counter;
   task body Counter is
      Me : Node_ID := Node_ID'Pred (Node_ID'Last);
   begin
      loop
         select
            accept Take do
               Ada.Text_IO.Put_Line (Node_ID'Image (Me));
            end Take;
         or
            terminate;
         end select;
      end loop;
   end Counter;
begin
   Counter.Take;
end Main;
"""
OTHER = """
procedure Other is
   type Node_ID is range 1 .. 9;
   N : Node_ID := 9;
begin
   N := N - 1;
end Other;
"""


def test_a_type_named_like_another_programs_is_the_one_gnat_resolved(tmp_path):
    out = _run(tmp_path, {"main.adb": COUNTER, "other.adb": OTHER})
    d = out.decisions["Main.Counter"]
    assert d.rewritten, [(o.construct, o.reason) for o in d.obstacles or (d,)]


def test_a_name_alike_does_not_make_an_indefinite_subtype_definite(tmp_path):
    # Main's Node_ID is a subtype of the unbounded String: the initial value gives the
    # bounds; the Node_ID range type of another program says nothing about it
    text = COUNTER.replace("type Node_ID is range 1 .. 4;",
                           "subtype Node_ID is String;").replace(
        "Node_ID'Pred (Node_ID'Last)", "Integer'Image (3)").replace(
        "Node_ID'Image (Me)", "Me")
    got = _reasons(_run(tmp_path, {"main.adb": text, "other.adb": OTHER}), "Counter")
    assert any("its bounds come from an initial value" in r for r in got), got

"""Plain loops proved to end by a local stepping towards a fixed bound
(translator/schemes/caller_runs/ranking.py; docs/caller-runs-scheme.md, "Loops").

The server's code after the accept calls a text-folding procedure, whose outer loop
ends because every pass moves ``M`` past the line it printed.  Taken, it prints the
same as the original; each variant below breaks one step of the proof (a pass that may
not move ``M``, a bound that moves, a width that may be used up, a test that may be
stepped over, a local changed through a renaming, a handler the proof does not model)
and must be refused as a loop that may never end.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

TEMPLATE = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   Margin : Integer range 0 .. MARGIN_LAST := 2;

   procedure Fold (Msg : String) is
      Width  : constant Integer range 10 .. 80 := 12;
      Indent : constant Integer := Margin + 2;
      I : Integer := 0;
      M : Integer := Msg'First;
      N : Integer;
      DECLS
   begin
      BEFORE
      loop
         if I + (Msg'Last - M + 1) > Width then
            N := M + (Width - I) - 1;
            if Msg (N) /= ' ' then
               while N >= M and then Msg (N + 1) /= ' ' loop
                  N := N - 1;
               end loop;
               if N < M then
                  N := M + (Width - I) - 1;
               end if;
            end if;
         else
            N := Msg'Last;
         end if;
         PRINT
         I := Indent;
         STEP
         while M <= Msg'Last and then Msg (M) = ' ' loop
            M := M + 1;
         end loop;
         EXIT_TEST
      end loop;
   end Fold;

   task Server is
      entry Put (S : String);
      entry Sync;
   end Server;
   task body Server is
      Text : String (1 .. 40);
      Length : Natural := 0;
   begin
      loop
         select
            accept Put (S : String) do
               Length := S'Length;
               Text (1 .. Length) := S;
            end Put;
            Fold (Text (1 .. Length));
         or
            accept Sync;        -- the last Fold is done: main prints after it
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Put ("the rendezvous is dead long live");
   Server.Put ("a b");
   Server.Put ("unbreakablewordsallthewaydown");
   Server.Sync;
   Put_Line ("main done");
end Main;
"""

TAKEN = {"MARGIN_LAST": "4", "DECLS": "", "BEFORE": "null;",
         "PRINT": "Put_Line ((1 .. I => ' ') & Msg (M .. N));",
         "STEP": "M := N + 1;", "EXIT_TEST": "exit when M > Msg'Last;"}

REFUSED = {
    # a pass where N fell below M leaves M where it was (N < M is not re-set)
    "no_step": {"STEP": "M := N;"},
    # the indent may use up the width: N := M + (Width - I) - 1 may lie before M
    "wide_margin": {"MARGIN_LAST": "20"},
    # the bound moves with the local
    "moving_bound": {"DECLS": "Stop : Integer := Msg'Last;",
                     "EXIT_TEST": "Stop := Stop + 1; exit when M > Stop;"},
    # M may step over an exact bound
    "equal_test": {"EXIT_TEST": "exit when M = Msg'Last + 1;"},
    # the local is changed through a renaming
    "renamed": {"DECLS": "R : Integer renames M;", "BEFORE": "R := Msg'First;"},
    # an inner loop that may spin: the pass itself may never end
    "inner_spin": {"STEP": "M := N + 1; while M < Msg'Last loop null; end loop;"},
    # a handler inside the pass: a path the proof does not model
    "handler": {"PRINT": "begin Put_Line (Msg (M .. N)); exception when others => "
                         "N := M - 1; end;"},
}


def _program(changes: dict[str, str]) -> str:
    text = TEMPLATE
    for key, value in {**TAKEN, **changes}.items():
        text = text.replace(key, value)
    return text.lstrip()


def _run(tmp_path: Path, text: str):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text)
    return in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                                scheme="caller-runs"))


def _server(out):
    return next(d for name, d in out.decisions.items() if name.endswith(".Server"))


@pytest.mark.parametrize("exit_first", [False, True])
def test_a_folding_loop_is_proved_to_end_and_prints_the_same(tmp_path, exit_first):
    changes = {}
    if exit_first:      # the test first: M as the pass found it
        changes = {"EXIT_TEST": "null;"}
        text = _program(changes).replace(
            "      loop\n         if I +", "      loop\n         exit when M > Msg'Last;\n"
            "         if I +")
    else:
        text = _program(changes)
    (tmp_path / "orig").mkdir()
    (tmp_path / "orig" / "main.adb").write_text(text)
    want = run_program(tmp_path / "orig", "main", "").stdout
    assert want == ("the\n    rendezvo\n    us is\n    dead\n    long\n    live\n"
                    "a b\nunbreakablew\n    ordsallt\n    hewaydow\n    n\nmain done\n"), want
    out = _run(tmp_path, text)
    d = _server(out)
    assert d.rewritten, [o.reason for o in d.obstacles or (d,)]
    in_dir(tmp_path, lambda: rewrite.write(out))
    assert "task body Server" not in (tmp_path / "src" / "main.adb").read_text()
    assert run_program(tmp_path / "src", "main", "").stdout == want


@pytest.mark.parametrize("variant", sorted(REFUSED))
def test_a_loop_the_proof_does_not_reach_is_refused(tmp_path, variant):
    d = _server(_run(tmp_path, _program(REFUSED[variant])))
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any("may never end" in r for r in reasons), reasons


# A step read through a name the proof takes for another, each case with a twin that
# keeps the step and is taken: a procedure with the loop, called after the accept.
WORK = """
with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   TOP
   procedure Work (Limit : Integer) is SEPARATE
   task Server is
      entry Go (N : Integer);
   end Server;
   task body Server is
      Limit : Integer := 0;
   begin
      loop
         select
            accept Go (N : Integer) do
               Limit := N;
            end Go;
            Work (Limit);
         or
            terminate;
         end select;
      end loop;
   end Server;
begin
   Server.Go (3);
   Put_Line ("main done");
end Main;
"""

WORK_BODY = """
procedure Work (Limit : Integer) is
   M : Integer := 0;
   K : Integer := 1;
   DECLS
begin
   BEFORE
   loop
      INNER
      M := M + K;
      exit when M > Limit;
   end loop;
   Put_Line ("work done");
end Work;
"""

ALIASES = {
    # the sources' "*" hides the predefined one: Step is 0, not 2
    "operator_in_constant": {
        "TOP": 'function "*" (L, R : Integer) return Integer is (0);\n'
               "   Two : constant Integer := 2;\n   Step : constant Integer := Two * 1;",
        "DECLS": "Local : constant Integer := Step;", "BEFORE": "K := Local;"},
    # the instance's in out formal object renames K: Zero_K sets it to 0
    "generic_in_out": {
        "DECLS": "generic\n      X : in out Integer;\n   procedure Set_Zero;\n"
                 "   procedure Set_Zero is\n   begin\n      X := 0;\n   end Set_Zero;\n"
                 "   procedure Zero_K is new Set_Zero (K);",
        "BEFORE": "Zero_K;"},
    # the block's K is 1, the one M steps by 0
    "shadowed": {"BEFORE": "K := 0;",
                 "INNER": "for I in 1 .. 1 loop\n         declare\n            K : Integer := 1;"
                          "\n         begin\n            null;\n         end;\n      end loop;"},
    # checks suppressed: a counter may wrap round below its bound (here it would not:
    # refused all the same, the proof cannot tell)
    "suppressed": {"DECLS": "pragma Suppress (Overflow_Check);"},
    # a subunit sets K to 0, out of sight of the unit's file
    "subunit": {"DECLS": "procedure Helper is separate;", "BEFORE": "Helper;",
                "HELPER": "K := 0;"},
}

# the same programs with the step kept: taken
TWINS = {
    "operator_in_constant": {"TOP": "Two : constant Integer := 2;\n"
                                    "   Step : constant Integer := Two * 1;"},
    "generic_in_out": {"BEFORE": "Zero_J;", "DECLS": "J : Integer := 5;\n   " +
                       ALIASES["generic_in_out"]["DECLS"]
                       .replace("Zero_K is new Set_Zero (K)", "Zero_J is new Set_Zero (J)")},
    "shadowed": {"BEFORE": "null;",
                 "INNER": ALIASES["shadowed"]["INNER"].replace("K :", "J :")},
    "subunit": {"HELPER": "Put_Line (\"helper\");"},
    "suppressed": {"DECLS": "pragma Suppress (Index_Check);"},
}


def _work_files(tmp_path: Path, changes: dict[str, str]) -> Path:
    keys = {"TOP": "", "DECLS": "", "BEFORE": "null;", "INNER": "null;", "HELPER": "null;"}
    keys.update(changes)
    body = WORK_BODY
    for key in ("DECLS", "BEFORE", "INNER"):
        body = body.replace(key, keys[key])
    src = tmp_path / "src"
    src.mkdir()
    main = WORK.replace("TOP", keys["TOP"])
    if "Helper" in body:        # Work a subunit of Main, Helper one of Work
        main = main.replace("SEPARATE", "separate;")
        (src / "main-work.adb").write_text("with Ada.Text_IO; use Ada.Text_IO;\n"
                                           "separate (Main)" + body)
        (src / "main-work-helper.adb").write_text(
            f"separate (Main.Work)\nprocedure Helper is\nbegin\n   {keys['HELPER']}\n"
            "end Helper;\n")
    else:
        main = main.replace("procedure Work (Limit : Integer) is SEPARATE",
                            body.strip().replace("\n", "\n   "))
    (src / "main.adb").write_text(main.lstrip())
    return src


@pytest.mark.parametrize("case", sorted(ALIASES))
def test_a_step_read_through_another_name_is_refused(tmp_path, case):
    _work_files(tmp_path, ALIASES[case])
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    d = _server(out)
    assert not d.rewritten
    reasons = [o.reason for o in d.obstacles or (d,)]
    assert any("may never end" in r for r in reasons), reasons


@pytest.mark.parametrize("case", sorted(TWINS))
def test_its_twin_that_keeps_the_step_is_taken(tmp_path, case):
    _work_files(tmp_path, {**ALIASES[case], **TWINS[case]})
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)),
                                               scheme="caller-runs"))
    d = _server(out)
    assert d.rewritten, [o.reason for o in d.obstacles or (d,)]

"""The caller-runs translation keeps the task body's comments
(translator/schemes/caller_runs/generate.py: ``_declaration``, ``_leading``).

A comment after a declaration stays on its line (the tree holds the last one outside
the declarative part), and the comment above the first statement after an accept
(held by the alternative, apart from the statements) comes with that statement.
"""

from __future__ import annotations

from corpus_harness import run_program
from rewrite_harness import in_dir
from rdv2po import rewrite
from rdv2po.frontend.analysis import Options

NOTES = """with Ada.Text_IO; use Ada.Text_IO;
procedure Main is
   task Keeper is
      entry Put (V : Integer);
   end Keeper;

   task body Keeper is
      Last  : Integer := 0;  -- the value of the last call
      Total : Integer := 0;  -- the sum of all calls
   begin
      loop
         select
            accept Put (V : Integer) do
               Last := V;
            end Put;
            -- add it up
            --   (each call)
            Total := Total + Last;
            -- report
            Put_Line ("total" & Integer'Image (Total));
         or
            terminate;
         end select;
      end loop;
   end Keeper;
begin
   for K in 1 .. 3 loop
      Keeper.Put (K);
   end loop;
end Main;
"""


def test_every_comment_of_the_task_body_is_kept_in_place(tmp_path):
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(NOTES)
    want = run_program(tmp_path / "src", "main").stdout
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    assert next(d for n, d in out.decisions.items() if n.endswith("Keeper")).rewritten
    in_dir(tmp_path, lambda: rewrite.write(out))
    new = (tmp_path / "src" / "main.adb").read_text()
    for comment in ("-- the value of the last call", "-- the sum of all calls", "-- add it up",
                    "--   (each call)", "-- report"):
        assert new.count(comment) == 1, (comment, new)
    assert "Last  : Integer := 0;  -- the value of the last call\n" in new
    assert "Total : Integer := 0;  -- the sum of all calls\n" in new
    lines = [ln.strip() for ln in new.splitlines()]
    at = lines.index("-- add it up")
    assert lines[at + 1:at + 3] == ["--   (each call)", "Total := Total + Last;"], new
    assert run_program(tmp_path / "src", "main").stdout == want == \
        "total 1\ntotal 3\ntotal 6\n"


def test_comments_keep_the_files_encoding(tmp_path):
    # a Latin-1 comment was decoded as UTF-8 and could not be written back (a crash)
    (tmp_path / "src").mkdir()
    latin = NOTES.replace("-- the sum of all calls", "-- suma \xb3\xb9czna") \
        .replace("-- add it up", "-- dodaj \xe9")
    (tmp_path / "src" / "main.adb").write_bytes(latin.encode("latin-1"))
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    in_dir(tmp_path, lambda: rewrite.write(out))
    new = (tmp_path / "src" / "main.adb").read_bytes()
    assert new.count("-- suma \xb3\xb9czna".encode("latin-1")) == 1
    assert new.count("-- dodaj \xe9".encode("latin-1")) == 1


def test_a_comment_above_an_exit_is_copied_once(tmp_path):
    # the statements after an exit are a group of their own: the comment above the
    # exit, on whose line the next statement stands, is not theirs
    text = NOTES.replace("            -- report\n", "            -- leave when big\n"
                         "            exit when Total > 5; Put_Line (\"stay\");\n")
    (tmp_path / "src").mkdir()
    (tmp_path / "src" / "main.adb").write_text(text)
    want = run_program(tmp_path / "src", "main").stdout
    out = in_dir(tmp_path, lambda: rewrite.run(Options(paths=("src",)), scheme="caller-runs"))
    in_dir(tmp_path, lambda: rewrite.write(out))
    new = (tmp_path / "src" / "main.adb").read_text()
    assert new.count("-- leave when big") == 1, new
    assert run_program(tmp_path / "src", "main").stdout == want

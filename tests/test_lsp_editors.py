"""docs/editor.md's configurations in the real editors, where they are installed.

Neovim (headless) and Emacs (batch, eglot) load the configuration exactly
as the page gives it, open a corpus server's spec, must show its RDV001
finding and, once the user picks the code action, hold exactly the files
``rdv2po rewrite --select`` writes.  Skipped where the editor is missing
(Debian: apt-get install neovim, or emacs-nox elpa-eglot).
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOC = (ROOT / "docs/editor.md").read_text()
TASK = "Buffers.Buffer"
TITLE = f"Rewrite task {TASK} as a protected object (accepting-server scheme)"


def _block(section: str, lang: str) -> str:
    """The first ``lang`` code block of the page's ``section``."""
    part = DOC.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    return re.search(rf"```{lang}\n(.*?)```", part, re.S).group(1)


NVIM_DRIVE = """\
local function say(fmt, ...) io.stdout:write(string.format(fmt, ...) .. "\\n") end
local buf = vim.api.nvim_get_current_buf()
vim.wait(60000, function() return #vim.diagnostic.get(buf) > 0 end, 20)
for _, d in ipairs(vim.diagnostic.get(buf)) do
  local lsp = d.user_data and d.user_data.lsp or {}
  say("finding %d:%d %s %s", d.lnum + 1, d.col + 1, lsp.code or d.code or "?", d.source or "?")
end
local d = vim.diagnostic.get(buf)[1]
vim.api.nvim_win_set_cursor(0, { d.lnum + 1, d.col })
vim.ui.select = function(items, opts, on_choice)
  for _, item in ipairs(items) do say("offered %s", opts.format_item(item)) end
  on_choice(items[1], 1)
end
vim.lsp.buf.code_action()
vim.wait(60000, function()
  return table.concat(vim.api.nvim_buf_get_lines(buf, 0, -1, false), "\\n"):find("protected Buffer is") ~= nil
end, 20)
vim.wait(300)
vim.cmd("silent wall")
vim.cmd("qall!")
"""

EMACS_DRIVE = """\
(defun say (fmt &rest args) (princ (concat (apply #'format fmt args) "\\n")))
(find-file "buffers.ads")
(run-hooks 'post-command-hook)          ; eglot-ensure starts the server after a command
(with-timeout (60) (while (null (flymake-diagnostics)) (accept-process-output nil 0.05)))
(dolist (d (flymake-diagnostics))
  (say "finding %d %s" (line-number-at-pos (flymake-diagnostic-beg d)) (flymake-diagnostic-text d)))
(goto-char (flymake-diagnostic-beg (car (flymake-diagnostics))))
(advice-add 'completing-read :override
            (lambda (_prompt collection &rest _)
              (dolist (c collection) (say "offered %s" (car c)))
              (car (car collection))))
(advice-add 'y-or-n-p :override (lambda (_prompt) t))    ; yes, edit the body too
(let ((last-nonmenu-event 13)) (eglot-code-actions (point) nil nil t))
(with-timeout (60)
  (while (not (save-excursion (goto-char (point-min)) (search-forward "protected Buffer is" nil t)))
    (accept-process-output nil 0.05)))
(save-some-buffers t)
(eglot-shutdown (eglot-current-server))
"""

BARE_ADA_MODE = """\
(unless (fboundp 'ada-mode)             ; no Ada mode installed: a bare one
  (define-derived-mode ada-mode prog-mode "Ada")
  (add-to-list 'auto-mode-alist '("\\\\.ad[sb]\\\\'" . ada-mode)))
"""


def _programs(tmp_path: Path) -> tuple[Path, Path]:
    """A copy of corpus/bounded_buffer for the editor, and one rdv2po rewrote."""
    mine, expected = tmp_path / "edited", tmp_path / "expected"
    shutil.copytree(ROOT / "corpus/bounded_buffer/src", mine)
    shutil.copytree(mine, expected)
    subprocess.run([sys.executable, "-m", "rdv2po", "rewrite", "--in-place", "--select", TASK,
                    "."], cwd=expected, check=True, capture_output=True, timeout=120)
    return mine, expected


def _env(tmp_path: Path) -> dict:
    """``rdv2po`` on the PATH is this installation's, as the configurations name it;
    eglot SIGKILLs its server, whose private copy stays in this TMPDIR."""
    (tmp_path / "tmp").mkdir(exist_ok=True)
    return {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}",
            "XDG_CACHE_HOME": str(tmp_path / "cache"), "HOME": str(tmp_path),
            "TMPDIR": str(tmp_path / "tmp")}


def _same_files(mine: Path, expected: Path) -> None:
    for f in expected.iterdir():
        assert (mine / f.name).read_bytes() == f.read_bytes(), f.name


@pytest.mark.skipif(shutil.which("nvim") is None, reason="Neovim is not installed")
def test_neovim_shows_the_finding_and_applies_the_rewrite(tmp_path):
    mine, expected = _programs(tmp_path)
    (tmp_path / "init.lua").write_text(_block("Neovim (built-in client)", "lua"))
    (tmp_path / "drive.lua").write_text(NVIM_DRIVE)
    run = subprocess.run(["nvim", "--headless", "-u", str(tmp_path / "init.lua"), "buffers.ads",
                          "-c", f"luafile {tmp_path / 'drive.lua'}"], cwd=mine,
                         env=_env(tmp_path), capture_output=True, text=True, timeout=180)
    assert "finding 8:4 RDV001 rdv2po" in run.stdout, run.stdout + run.stderr
    assert f"offered {TITLE}" in run.stdout
    _same_files(mine, expected)


@pytest.mark.skipif(shutil.which("emacs") is None, reason="Emacs is not installed")
def test_emacs_eglot_shows_the_finding_and_applies_the_rewrite(tmp_path):
    probe = subprocess.run(["emacs", "--batch", "-q", "--eval",
                            "(progn (package-initialize) (require 'eglot))"],
                           capture_output=True, text=True, timeout=60)
    if probe.returncode != 0:
        pytest.skip("eglot is not installed")
    mine, expected = _programs(tmp_path)
    init = "(package-initialize)\n(require 'eglot)\n" + BARE_ADA_MODE + \
        _block("Emacs (eglot)", "elisp")
    (tmp_path / "init.el").write_text(init)
    (tmp_path / "drive.el").write_text(EMACS_DRIVE)
    run = subprocess.run(["emacs", "--batch", "-q", "-l", str(tmp_path / "init.el"),
                          "-l", str(tmp_path / "drive.el")], cwd=mine, env=_env(tmp_path),
                         capture_output=True, text=True, timeout=180)
    assert re.search(r"finding 8 rdv2po \[RDV001\]: task Buffers.Buffer", run.stdout), \
        run.stdout + run.stderr
    assert f"offered {TITLE}" in run.stdout
    _same_files(mine, expected)

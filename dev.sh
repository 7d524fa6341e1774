#!/usr/bin/env bash
# rdv2po developer entry point: installs what is missing, then runs a job.
#   ./dev.sh corpus   the main job on the bundled corpus: rewrite every case
#                     (a diff and the refusals; nothing is written)
#   ./dev.sh test     the whole test suite
#   ./dev.sh bench    the full benchmark (rdv2po bench; arguments go to it),
#                     report in bench/out/; --quick for a short run
# Installs, only when missing: GNAT and gprbuild (apt-get, needs root or
# passwordless sudo), python3-venv, and a virtual environment in .venv with
# rdv2po and its test, bench (matplotlib) and language server (pygls)
# dependencies.
set -euo pipefail
cd "$(dirname "$0")"
VENV=${RDV2PO_VENV:-.venv}

say() { printf 'dev.sh: %s\n' "$*" >&2; }

apt_install() {
  local runner=()
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null && sudo -n true 2>/dev/null; then runner=(sudo -n)
    else say "need root to install: $* (run: sudo apt-get install $*)"; exit 2; fi
  fi
  if ! command -v apt-get >/dev/null; then
    say "no apt-get on this machine; install by hand: $*"; exit 2
  fi
  say "installing $* with apt-get"
  "${runner[@]}" apt-get update -qq
  DEBIAN_FRONTEND=noninteractive "${runner[@]}" apt-get install -y -qq "$@" >/dev/null
}

ensure_gnat() {
  local missing=()
  command -v gnatmake >/dev/null || missing+=(gnat)
  command -v gprbuild >/dev/null || missing+=(gprbuild)
  [ ${#missing[@]} -eq 0 ] || apt_install "${missing[@]}"
}

ensure_venv() {
  if [ ! -x "$VENV/bin/python" ]; then
    if ! python3 -m venv "$VENV" 2>/dev/null; then
      rm -rf "$VENV"
      apt_install python3-venv
      python3 -m venv "$VENV"
    fi
  fi
  local stamp="$VENV/.rdv2po-installed"
  if [ ! -f "$stamp" ] || [ setup.py -nt "$stamp" ]; then
    say "installing rdv2po and test dependencies into $VENV"
    "$VENV/bin/python" -m pip install -q --upgrade pip >/dev/null
    "$VENV/bin/python" -m pip install -q -e '.[test,bench,lsp]'
    touch "$stamp"
  fi
}

job=${1:-help}
shift || true
case "$job" in
  corpus)
    ensure_gnat; ensure_venv
    for case_dir in corpus/*/; do
      [ -d "$case_dir/src" ] || continue
      printf '== %s\n' "${case_dir%/}"
      (cd "$case_dir" && "../../$VENV/bin/rdv2po" rewrite --diff src "$@") || [ $? -eq 1 ]
    done ;;
  test)
    ensure_gnat; ensure_venv
    exec "$VENV/bin/python" -m pytest -q "$@" ;;
  bench)
    ensure_gnat; ensure_venv
    exec "$VENV/bin/rdv2po" bench --out bench/out "$@" ;;
  *)
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'; exit 2 ;;
esac

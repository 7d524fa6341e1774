"""Translation schemes: each turns tasks of one kind into protected objects (or, for
the caller-runs scheme, into a package the callers run).

base.py says what a scheme is, registry.py lists them; one folder per family
(accepting/, calling/, caller_runs/, general/), what several use in common/, GNAT
run-time workarounds in runtime/.

May import: write/, frontend/ and the shared modules below them.  Inside schemes/,
imports run downwards only: registry -> families -> runtime -> common -> base; the
families never import each other."""

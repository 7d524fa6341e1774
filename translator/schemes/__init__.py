"""Translation schemes: each turns tasks of one kind into protected objects.

base.py says what a scheme is, registry.py lists them; one folder per family
(server/, general/), what several use in common/, GNAT run-time workarounds in
runtime/.  Imports run downwards only: registry -> families -> runtime, common -> base."""

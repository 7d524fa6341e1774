"""What GNAT's run-time library does where the language leaves it open or gets it
wrong, and the refusals and copies the schemes add because of it.

Checked against GNAT 12.2.0 (Debian package gnat 12.2, ``gnat --version``),
reading its run-time sources (s-tasren.adb, s-tpobop.adb, s-taenca.adb) and
running the corpus.  Recheck each module against a new GNAT before trusting it:

- conditional_requeue: a conditional call requeued to a task entry is cancelled
  by GNAT, queued by a protected entry;
- handoff_race: a cancelled call meeting a requeue in an accept body can leave
  a lock held for ever;
- by_copy: GNAT passes every composite entry parameter by reference.
"""

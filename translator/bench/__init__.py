"""``rdv2po bench``: run programs in their rendezvous form and in each form the
translator makes of them, count time and context switches, write a report.

suite (what runs) -> versions (rewrite.run in a private copy) -> build
(gnatmake -O2) -> harness (interleaved runs; runner forks, machine watches
the load) -> stats -> report.md, results.json, plots.  See docs/bench.md.
"""

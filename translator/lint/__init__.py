"""``rdv2po lint``: findings about server tasks, for editors, pre-commit and CI.

engine.py runs a lint (the schemes decide, the rules in ``rules/`` report),
suppress.py reads ``--##`` comments, config.py the settings, output.py and
sarif.py write the formats, fix.py applies ``--fix``, command.py is the
command line.  docs/lint.md describes the whole.
"""

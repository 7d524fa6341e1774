"""``rdv2po lsp``: the lint and the rewrite in an editor, over the Language Server Protocol.

The server (server.py, on pygls) keeps the editor's buffers; each lint or
rewrite runs the same engine as the command line (``lint.engine``,
``rewrite.run``) in a worker process (worker.py) over a private mirror of the
program (mirror.py), never the user's tree.  Layer: beside ``lint/``; only
the command line imports it.  docs/editor.md tells how to use it.
"""

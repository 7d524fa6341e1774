"""The caller-runs scheme: a server whose code may block becomes a package whose
procedures take the server's turn from a protected object, run the server's code
in the caller's thread, and give the turn back (docs/caller-runs-scheme.md)."""

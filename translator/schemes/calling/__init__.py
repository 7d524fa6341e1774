"""The calling-server scheme (paper section 6.2): a task that hands out work by
calling its workers' entries becomes a protected object the workers call.

scheme.py is its entry point, plugin.py what the registry lists; the server's
statements as a resumable procedure (flow.py), the workers' accepts as calls
(worker.py), a task type with one object (task_type.py), the server's own
entries (accepts.py), its exceptions and handler (ending.py), the loops it runs
between calls (loops.py) and its reads after a call of what the callee writes
beside it (after_call.py).

May import: ``schemes/base``, ``schemes/common``, ``schemes/runtime`` and the
layers below schemes/. Never another family.
"""

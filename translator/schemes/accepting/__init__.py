"""The accepting-server scheme (paper section 6.1): a task that loops over accept
and select becomes a protected object with the same entries.

scheme.py is its entry point, plugin.py what the registry lists; the body's shape
(shape.py), the entry bodies written from it (body.py), delay alternatives as
timing events (timeouts.py), the uses of the task the object must answer
(task_uses.py, task_objects.py).

May import: ``schemes/base``, ``schemes/common``, ``schemes/runtime`` and the
layers below schemes/. Never another family.
"""

"""The general scheme (paper section 5): every task with entries keeps running, its
rendezvous go through a protected object.  scheme.py is its entry point, plugin.py
what the registry lists."""

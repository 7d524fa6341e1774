"""The server schemes (paper section 6): a server task becomes a protected object.

accepting.py takes accepting servers (6.1), calling.py calling servers (6.2);
plugin.py is what the registry lists."""

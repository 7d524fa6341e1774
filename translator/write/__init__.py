"""From edits to files on disk, all or none.

Edits as byte ranges and their application (edits, origin), verification of a
rewritten program by parsing it again and compiling it with GNAT (verify), and
the crash-safe write (writer, journal).

May import: the shared modules at the package's top and frontend/. Never
schemes/, lint/, bench/ or the command line.
"""

"""rdv2po: find Ada server tasks and rewrite them into protected objects."""

__version__ = "0.1.0"

# Before anything slow is imported: Ctrl-C at start-up must not print a traceback.
from . import interrupt as _interrupt  # noqa: E402
_interrupt.install_if_command()

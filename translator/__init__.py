"""rdv2po: find Ada server tasks and rewrite them into protected objects."""

__version__ = "0.1.0"

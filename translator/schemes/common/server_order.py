"""The order in which the two server families take tasks (``Scheme.order``)."""

# Accepting servers first: a calling server must know which callees they take.
# A mixed task goes to the accepting scheme, whose refusal names the call that stops it.
ORDER = {"accepting_server": 0, "mixed": 1, "calling_server": 2}

"""What more than one scheme uses: the task site, refusals, tree questions, Ada text
fragments and layout, context clauses, activation, triggers and uses of a task; and
what both server families (accepting/, calling/) use: the body's declarations, its
variables as components, start-up code, calls the blocking analysis cannot follow,
the obstacles collected, the order the two take tasks in.

May import: ``schemes/base`` and the layers below schemes/, never a family."""

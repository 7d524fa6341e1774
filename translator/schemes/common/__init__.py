"""What more than one scheme uses: the task site, refusals, tree questions, Ada text
fragments and layout, context clauses, activation, triggers and uses of a task."""

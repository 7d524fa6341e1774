"""Translation schemes: each turns tasks of one kind into protected objects."""

"""The games Table Companion can run."""

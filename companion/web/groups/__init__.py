"""Friends' groups: pages and JSON."""

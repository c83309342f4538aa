"""``networkx.algorithms.traversal``."""

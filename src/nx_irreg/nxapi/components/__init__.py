"""``networkx.algorithms.components``."""

"""``networkx.algorithms.shortest_paths``."""

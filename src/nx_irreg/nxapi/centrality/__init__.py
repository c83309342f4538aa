"""``networkx.algorithms.centrality``."""

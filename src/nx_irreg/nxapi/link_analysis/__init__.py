"""``networkx.algorithms.link_analysis``."""

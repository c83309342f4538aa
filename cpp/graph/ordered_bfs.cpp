// Breadth-first search in NetworkX's discovery order.
//
// Algorithm: textbook queue BFS (Moore 1959; Cormen et al., "Introduction to Algorithms",
// §22.2), O(n + m), serial by definition: level-synchronous kernels (the engine, direction-
// optimizing BFS) agree on depths but not on which vertex of the previous level discovers a
// vertex first, and NetworkX's bfs_edges, bfs_tree and bfs_layers define their output by this
// serial order, so the backend runs this kernel for them.
//
// Data encoding: out-edges in CSR with rows in their stored order (NetworkX's adjacency order
// when the CSR came from a NetworkX graph), int32 vertex ids. Result: the vertices in discovery
// order (the sources first, once each), the discoverer of each vertex (-1 for sources and
// unreached vertices) and where each level ends in that order.
#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

OrderedLevels OrderedBfs(const CsrGraph& g, const std::vector<VertexId>& sources,
                         int64_t depth_limit) {
  OrderedLevels r;
  r.parent.assign(g.n, -1);
  std::vector<uint8_t> seen(g.n, 0);
  r.order.reserve(sources.size());
  for (VertexId s : sources) {
    if (seen[s]) continue;
    seen[s] = 1;
    r.order.push_back(s);
  }
  size_t begin = 0;
  for (int64_t depth = 0; begin < r.order.size(); ++depth) {
    const size_t end = r.order.size();
    r.level_end.push_back(static_cast<int64_t>(end));
    if (depth_limit >= 0 && depth >= depth_limit) break;
    // Once every vertex is seen no edge can add one: stop scanning, as NetworkX's BFS returns
    // once it has seen every node (O(n) per source on a dense graph instead of O(m)).
    const size_t all = static_cast<size_t>(g.n);
    for (size_t i = begin; i < end && r.order.size() < all; ++i) {
      const VertexId u = r.order[i];
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
        const VertexId v = g.targets[e];
        if (seen[v]) continue;
        seen[v] = 1;
        r.parent[v] = u;
        r.order.push_back(v);
      }
    }
    begin = end;
  }
  return r;
}

}  // namespace irreg::graph

// The same queue walk, every scanned edge classified as networkx.bfs_labeled_edges does: the
// discovering edge is a tree edge; an edge to a vertex of the same level a level edge, one to a
// deeper level a forward edge, one to a shallower level a reverse edge. Undirected graphs
// report a level edge once (from the end scanned first) and no reverse edges (each is the
// other side of a tree or forward edge). No depth limit: NetworkX's function has none.
namespace irreg::graph {

LabeledEdges OrderedLabeledEdges(const CsrGraph& g, const std::vector<VertexId>& sources,
                                 bool directed) {
  LabeledEdges r;
  std::vector<int32_t> depth(g.n, -1);
  std::vector<uint8_t> scanned(g.n, 0);  // undirected only: level edges already reported
  std::vector<VertexId> queue;
  queue.reserve(sources.size());
  for (VertexId s : sources) {
    if (depth[s] >= 0) continue;
    depth[s] = 0;
    queue.push_back(s);
  }
  for (size_t i = 0; i < queue.size(); ++i) {
    const VertexId u = queue[i];
    const int32_t du = depth[u];
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const VertexId v = g.targets[e];
      EdgeLabel label;
      if (depth[v] < 0) {
        depth[v] = du + 1;
        queue.push_back(v);
        label = EdgeLabel::kTree;
      } else if (depth[v] == du) {
        if (scanned[v]) continue;
        label = EdgeLabel::kLevel;
      } else if (du < depth[v]) {
        label = EdgeLabel::kForward;
      } else if (directed) {
        label = EdgeLabel::kReverse;
      } else {
        continue;
      }
      r.tail.push_back(u);
      r.head.push_back(v);
      r.label.push_back(static_cast<int8_t>(label));
    }
    if (!directed) scanned[u] = 1;
  }
  return r;
}

}  // namespace irreg::graph

// Connected components (and, with `in`, weakly connected ones) as NetworkX's
// connected_components and weakly_connected_components build them: every vertex not yet
// reached, in id order, starts a queue BFS; each vertex's out-edges are scanned in stored order,
// then its in-edges (`in`, rows in G._pred's order; null for an undirected graph, whose rows hold
// every edge). A component's vertices come in discovery order, the order NetworkX adds them to
// its set. Serial, O(n + m).
namespace irreg::graph {

OrderedComponents OrderedBfsComponents(const CsrGraph& out, const CsrGraph* in) {
  OrderedComponents r;
  r.component.assign(out.n, -1);
  r.order.reserve(out.n);
  auto reach = [&](const CsrGraph& g, VertexId u, int32_t id) {
    for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e) {
      const VertexId v = g.targets[e];
      if (r.component[v] >= 0) continue;
      r.component[v] = id;
      r.order.push_back(v);
    }
  };
  for (VertexId root = 0; root < out.n; ++root) {
    if (r.component[root] >= 0) continue;
    const int32_t id = static_cast<int32_t>(r.component_end.size());
    r.component[root] = id;
    r.order.push_back(root);
    for (size_t i = r.order.size() - 1; i < r.order.size(); ++i) {
      const VertexId u = r.order[i];
      reach(out, u, id);
      if (in != nullptr) reach(*in, u, id);
    }
    r.component_end.push_back(static_cast<int64_t>(r.order.size()));
  }
  return r;
}

}  // namespace irreg::graph

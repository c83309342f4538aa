// The longest path of a DAG, as NetworkX's dag_longest_path finds it.
//
// Algorithm: dynamic programming over a topological order (the textbook longest path in a DAG,
// Cormen et al. §24.2 with signs flipped): in NetworkX's topological_sort order, each vertex
// takes its best predecessor, the first of equal ones in G._pred's order, unless that best is
// negative (then the vertex starts a path); the path ends at the first vertex of the order with
// the largest length and is read back through the chosen predecessors. O(n + m).
//
// Data encoding: out-edges in CSR for the order, in-edges in G._pred's order with their edges'
// weights (the predecessor index); `every_edge` replaces every weight (NetworkX's weight=None
// reads default_weight). Result: the path's vertices, its length, and whether the graph was a
// DAG at all (false: a cycle stopped the order, and the path is empty).
#include <algorithm>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

LongestPath DagLongestPath(const CsrGraph& out, const CsrGraph& in,
                           std::optional<double> every_edge) {
  LongestPath r;
  const OrderedGenerations order = OrderedTopologicalGenerations(out);
  if (!order.complete) {
    r.acyclic = false;
    return r;
  }
  std::vector<double> length(out.n, 0.0);
  std::vector<VertexId> from(out.n, -1);
  for (VertexId v : order.order) {
    bool found = false;
    double best = 0;
    VertexId best_from = v;
    for (int64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
      const VertexId u = in.targets[e];
      const double candidate = length[u] + (every_edge ? *every_edge : in.weights[e]);
      if (!found || candidate > best) {
        found = true;
        best = candidate;
        best_from = u;
      }
    }
    if (!found || best < 0) {
      best = 0;
      best_from = v;
    }
    length[v] = best;
    from[v] = best_from;
  }
  if (order.order.empty()) return r;
  VertexId end = order.order.front();
  for (VertexId v : order.order)
    if (length[v] > length[end]) end = v;
  for (VertexId v = end;; v = from[v]) {
    r.path.push_back(v);
    if (from[v] == v) break;
  }
  std::reverse(r.path.begin(), r.path.end());
  r.length = length[end];
  return r;
}

}  // namespace irreg::graph

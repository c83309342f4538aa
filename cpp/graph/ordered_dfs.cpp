// Depth-first search in NetworkX's order, as the transcript networkx.dfs_labeled_edges yields.
//
// Algorithm: depth-first search (Tarjan, "Depth-first search and linear graph algorithms", SIAM
// J. Comput. 1(2), 1972) in the iterative form of Eppstein's PADS that NetworkX adapts, with
// its depth limit ("depth-limited search"): an explicit stack of (vertex, next edge) frames, so
// a path of 10^6 vertices needs no recursion. O(n + m), serial: the transcript is the order.
//
// Data encoding: out-edges in CSR with rows in their stored order (NetworkX's adjacency order
// when the CSR came from a NetworkX graph), int32 vertex ids. Result: every event in order as
// (tail, head, DfsEdgeLabel): a root opens with (root, root, forward) and closes with (root,
// root, reverse); a scanned edge to a visited vertex is nontree; one to a new vertex is forward,
// followed by reverse-depth_limit when the stack is full, else the vertex is searched and
// (parent, vertex, reverse) closes it.
#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

namespace {

struct DfsFrame {
  VertexId vertex;
  int64_t next_edge;
};

void Emit(LabeledEdges& r, VertexId tail, VertexId head, DfsEdgeLabel label) {
  r.tail.push_back(tail);
  r.head.push_back(head);
  r.label.push_back(static_cast<int8_t>(label));
}

// Searches from `root` (not yet visited) until its stack empties.
void SearchFrom(const CsrGraph& g, VertexId root, int64_t depth_limit,
                std::vector<uint8_t>& visited, std::vector<DfsFrame>& stack, LabeledEdges& r) {
  visited[root] = 1;
  Emit(r, root, root, DfsEdgeLabel::kForward);
  stack.push_back({root, g.offsets[root]});
  while (!stack.empty()) {
    DfsFrame& top = stack.back();
    const VertexId u = top.vertex;
    const int64_t end = g.offsets[u + 1];
    bool descended = false;
    while (top.next_edge < end) {
      const VertexId v = g.targets[top.next_edge++];
      if (visited[v]) {
        Emit(r, u, v, DfsEdgeLabel::kNontree);
        continue;
      }
      visited[v] = 1;
      Emit(r, u, v, DfsEdgeLabel::kForward);
      // NetworkX's depth_now is the stack's size: v is searched while it is below the limit
      if (depth_limit < 0 || static_cast<int64_t>(stack.size()) < depth_limit) {
        stack.push_back({v, g.offsets[v]});  // `top` dangles from here on; it is not used
        descended = true;
        break;
      }
      Emit(r, u, v, DfsEdgeLabel::kReverseDepthLimit);
    }
    if (descended) continue;
    stack.pop_back();
    if (!stack.empty()) Emit(r, stack.back().vertex, u, DfsEdgeLabel::kReverse);
  }
  Emit(r, root, root, DfsEdgeLabel::kReverse);
}

}  // namespace

LabeledEdges OrderedDfs(const CsrGraph& g, const std::vector<VertexId>& roots,
                        int64_t depth_limit) {
  LabeledEdges r;  // not reserved: a root may reach a small part of the graph
  std::vector<uint8_t> visited(g.n, 0);
  std::vector<DfsFrame> stack;
  for (VertexId root : roots) {
    if (!visited[root]) SearchFrom(g, root, depth_limit, visited, stack, r);
  }
  return r;
}

}  // namespace irreg::graph

// Strongly connected components in NetworkX's order.
//
// Algorithm: Tarjan's depth-first search (Tarjan, "Depth-first search and linear graph
// algorithms", SIAM J. Comput. 1(2), 1972) with Nuutila and Soisalon-Soininen's change ("On
// finding the strongly connected components in a directed graph", IPL 49(1), 1994): a vertex
// joins the stack of unassigned vertices when it finishes, not when it is discovered. Iterative
// (an explicit DFS path, so a path of 10^7 vertices needs no call stack), O(n + m), serial: the
// order of the components is the order in which their roots finish, which only this serial
// depth-first order defines. It is the same search as networkx.strongly_connected_components:
// roots tried in vertex order, each row scanned in stored order, a vertex's low link taken over
// its out-neighbours not yet assigned (the low link of a later-discovered one, else its
// discovery number).
//
// Data encoding: out-edges in CSR with rows in their stored order (NetworkX's adjacency order
// when the CSR came from a NetworkX graph), int32 vertex ids. Result: the vertices component by
// component in the order NetworkX yields the components, each component's root (its first
// discovered vertex) first and then its other vertices in the order NetworkX adds them to the
// set (the latest finished first), where each component ends in that order, and each vertex's
// component index.
//
// `whole_graph_exit` follows NetworkX 3.7's search instead (Tarjan and Zwick, "Finding strong
// components using depth-first search", EJC 119, 2024): the same components in the same order,
// but once every vertex is discovered and a back or cross arc links the search back to its
// root (low links compared Tarjan-Zwick's way, each the smallest reached so far), the rest is
// one component, its set built from the unassigned vertices in the order they finished and
// then the search path from the root. Which rule the installed NetworkX follows is probed
// (nx_irreg.versions).
#include <algorithm>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

namespace {

// A vertex's component: its root and the vertices above the root's discovery on the stack of
// finished, unassigned vertices.
void EmitComponent(VertexId root, const std::vector<int32_t>& discovery,
                   std::vector<VertexId>& unassigned, OrderedComponents& r) {
  const int32_t id = static_cast<int32_t>(r.component_end.size());
  r.component[root] = id;
  r.order.push_back(root);
  while (!unassigned.empty() && discovery[unassigned.back()] > discovery[root]) {
    const VertexId u = unassigned.back();
    unassigned.pop_back();
    r.component[u] = id;
    r.order.push_back(u);
  }
  r.component_end.push_back(static_cast<int64_t>(r.order.size()));
}

// The last component as NetworkX 3.7's early exit makes it: the unassigned vertices from the
// earliest finished, then the search path from the root.
void EmitRest(const std::vector<VertexId>& unassigned, const std::vector<VertexId>& path,
              OrderedComponents& r) {
  const int32_t id = static_cast<int32_t>(r.component_end.size());
  for (const auto* part : {&unassigned, &path}) {
    for (const VertexId u : *part) {
      r.component[u] = id;
      r.order.push_back(u);
    }
  }
  r.component_end.push_back(static_cast<int64_t>(r.order.size()));
}

}  // namespace

OrderedComponents OrderedStronglyConnectedComponents(const CsrGraph& g, bool whole_graph_exit) {
  OrderedComponents r;
  r.component.assign(g.n, -1);
  r.order.reserve(g.n);
  std::vector<int32_t> discovery(g.n, 0);  // 1, 2, ... in discovery order; 0: not discovered
  std::vector<int32_t> low(g.n, 0);
  std::vector<int64_t> next_edge(g.offsets.begin(), g.offsets.end() - 1);
  std::vector<VertexId> path;        // the DFS path, the vertex being scanned on top
  std::vector<VertexId> unassigned;  // finished vertices whose component is still open
  // Tarjan-Zwick low links (whole_graph_exit only): they decide when NetworkX 3.7 stops.
  std::vector<int32_t> link(whole_graph_exit ? g.n : 0, 0);
  int32_t discovered = 0;
  auto discover = [&](VertexId v) {
    discovery[v] = low[v] = ++discovered;
    if (whole_graph_exit) link[v] = discovered;
    path.push_back(v);
  };
  for (VertexId source = 0; source < g.n; ++source) {
    // Every vertex of an earlier search is assigned once its search ends.
    if (discovery[source] != 0) continue;
    discover(source);
    const int32_t root = discovered;
    while (!path.empty()) {
      const VertexId v = path.back();
      const int64_t end = g.offsets[v + 1];
      int64_t e = next_edge[v];
      for (; e < end; ++e) {
        const VertexId w = g.targets[e];
        if (discovery[w] == 0) break;
        if (r.component[w] >= 0) continue;
        low[v] = std::min(low[v], discovery[w] > discovery[v] ? low[w] : discovery[w]);
        if (whole_graph_exit && link[v] > link[w]) {
          link[v] = link[w];
          if (link[v] == root && discovered == g.n) {
            EmitRest(unassigned, path, r);
            return r;
          }
        }
      }
      if (e < end) {  // descend into the first undiscovered out-neighbour
        next_edge[v] = e + 1;
        discover(g.targets[e]);
        continue;
      }
      path.pop_back();
      if (low[v] == discovery[v]) {
        EmitComponent(v, discovery, unassigned, r);
      } else {
        unassigned.push_back(v);
      }
      // A finished child's low link counts for its parent (an assigned child's exceeds the
      // parent's discovery number, so taking it regardless changes nothing).
      if (!path.empty()) {
        low[path.back()] = std::min(low[path.back()], low[v]);
        if (whole_graph_exit && r.component[v] < 0)
          link[path.back()] = std::min(link[path.back()], link[v]);
      }
    }
  }
  return r;
}

// Kosaraju's second pass (Sharir 1981) as NetworkX's kosaraju_strongly_connected_components
// runs it: roots taken from the end of `post` (a DFS postorder of the reversed graph), rows in
// stored order. NetworkX 3.6 on gathers each root's unseen out-neighbours with a stack, until as
// many vertices as `post` holds are seen; with `preorder` (NetworkX 3.4, 3.5) a component's
// vertices come in the depth-first preorder from its root, with no such limit (the seen
// vertices are closed under reachability, so skipping them gives NetworkX's preorder of every
// reachable vertex, filtered). `component` is left empty.
OrderedComponents KosarajuComponents(const CsrGraph& g, const std::vector<VertexId>& post,
                                     bool preorder) {
  OrderedComponents r;
  std::vector<uint8_t> seen(g.n, 0);
  std::vector<VertexId> stack;
  std::vector<int64_t> next_edge;  // preorder: each vertex's next row entry to try
  if (preorder) next_edge.assign(g.offsets.begin(), g.offsets.end() - 1);
  const size_t limit = preorder ? static_cast<size_t>(g.n) + 1 : post.size();
  size_t count = 0;
  auto see = [&](VertexId v) {
    seen[v] = 1;
    ++count;
    r.order.push_back(v);
    stack.push_back(v);
  };
  for (size_t i = post.size(); i-- > 0 && count < limit;) {
    const VertexId root = post[i];
    if (seen[root]) continue;
    stack.clear();
    see(root);
    while (!stack.empty() && count < limit) {
      const VertexId v = stack.back();
      if (preorder) {  // descend into the next unseen out-neighbour, else finish v
        int64_t& e = next_edge[v];
        while (e < g.offsets[v + 1] && seen[g.targets[e]]) ++e;
        if (e < g.offsets[v + 1]) {
          see(g.targets[e++]);
        } else {
          stack.pop_back();
        }
        continue;
      }
      stack.pop_back();
      for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        if (!seen[g.targets[e]]) see(g.targets[e]);
      }
    }
    r.component_end.push_back(static_cast<int64_t>(r.order.size()));
  }
  return r;
}

}  // namespace irreg::graph

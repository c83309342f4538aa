// Biconnected components, cut vertices and bridges of an undirected graph in NetworkX's order.
//
// Algorithm: Hopcroft and Tarjan's low-link depth-first search ("Efficient algorithms for graph
// manipulation", CACM 16(6), 1973), iterative (an explicit stack of frames, so a path of 10^7
// vertices needs no call stack), serial, O(n + m). It is networkx's _biconnected_dfs step for
// step: roots tried in vertex order, each row scanned in stored order, the edge back to a
// vertex's parent skipped by vertex (so a root's self-loop is skipped and another vertex's is a
// back edge of its component), discovery numbers counted from 0 at each root, each component's
// edges cut from the stack of visited edges when a child's low link does not reach above its
// parent. The order of the components, of their edges and of the cut vertices is therefore
// NetworkX's. Bridges come from the same search: a tree edge is one when no back edge from the
// child's subtree reaches its parent or above (low[child] > discovery[parent]); a self-loop
// never is.
//
// Data encoding: the undirected graph as CSR with every edge stored both ways (a self-loop
// once), rows in NetworkX's adjacency order, int32 vertex ids.
#include <algorithm>
#include <vector>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

namespace {

struct Frame {
  VertexId grandparent;  // the parent's parent (the root for the root's own frame)
  VertexId parent;       // the vertex whose row is being scanned
  int64_t next;          // its next edge
};

class LowLinkSearch {
 public:
  LowLinkSearch(const CsrGraph& g, bool components)
      : g_(g),
        components_(components),
        discovery_(g.n, -1),
        low_(g.n, 0),
        tree_edge_(components ? g.n : 0, 0),
        in_component_(components ? g.n : 0, -1),
        cut_(g.n, 0),
        bridge_parent_(g.n, -1) {}

  void SearchFrom(VertexId root) {
    int32_t discovered = 0;
    discovery_[root] = low_[root] = discovered++;
    int64_t root_children = 0;
    stack_.push_back({root, root, g_.offsets[root]});
    while (!stack_.empty()) {
      Frame& top = stack_.back();
      const VertexId grandparent = top.grandparent, parent = top.parent;
      if (top.next < g_.offsets[parent + 1]) {
        const VertexId child = g_.targets[top.next++];
        if (child == grandparent) continue;
        if (discovery_[child] >= 0) {
          if (discovery_[child] <= discovery_[parent]) {  // a back edge (or a self-loop)
            low_[parent] = std::min(low_[parent], discovery_[child]);
            PushEdge(parent, child);
          }
          continue;
        }
        discovery_[child] = low_[child] = discovered++;
        if (components_) tree_edge_[child] = static_cast<int64_t>(edges_tail_.size());
        PushEdge(parent, child);
        stack_.push_back({parent, child, g_.offsets[child]});  // `top` is invalid from here
        continue;
      }
      stack_.pop_back();
      if (stack_.empty()) break;
      if (low_[parent] > discovery_[grandparent]) bridge_parent_[parent] = grandparent;
      if (stack_.size() > 1) {  // the grandparent is not the root
        if (low_[parent] >= discovery_[grandparent]) {
          EmitComponent(parent);
          AddCut(grandparent);
        }
        low_[grandparent] = std::min(low_[grandparent], low_[parent]);
      } else {
        ++root_children;
        EmitComponent(parent);
      }
    }
    if (root_children > 1) AddCut(root);
  }

  bool discovered(VertexId v) const { return discovery_[v] >= 0; }

  // The bridges as G.edges() lists them when G's nodes come in `order`: each edge from the
  // endpoint earlier in it, rows in stored order (a subgraph copied in another node order
  // keeps each row's order).
  void OrderBridges(const std::vector<VertexId>& order) {
    std::vector<int32_t> rank(g_.n, -1);
    for (size_t i = 0; i < order.size(); ++i) rank[order[i]] = static_cast<int32_t>(i);
    for (const VertexId u : order) {
      for (int64_t e = g_.offsets[u]; e < g_.offsets[u + 1]; ++e) {
        const VertexId v = g_.targets[e];
        if (rank[v] <= rank[u]) continue;
        if (bridge_parent_[v] == u || bridge_parent_[u] == v) {
          result_.bridge_tail.push_back(u);
          result_.bridge_head.push_back(v);
        }
      }
    }
  }

  Biconnected Take() { return std::move(result_); }

 private:
  void PushEdge(VertexId tail, VertexId head) {
    if (!components_) return;
    edges_tail_.push_back(tail);
    edges_head_.push_back(head);
  }

  // The edges pushed since `child`'s tree edge form one component.
  void EmitComponent(VertexId child) {
    if (!components_) return;
    const auto begin = static_cast<std::ptrdiff_t>(tree_edge_[child]);
    result_.edge_tail.insert(result_.edge_tail.end(), edges_tail_.begin() + begin,
                             edges_tail_.end());
    result_.edge_head.insert(result_.edge_head.end(), edges_head_.begin() + begin,
                             edges_head_.end());
    // Its nodes as NetworkX's set(chain(edges)) meets them, each once.
    const auto id = static_cast<int32_t>(result_.component_end.size());
    for (auto e = static_cast<size_t>(begin); e < edges_tail_.size(); ++e) {
      for (const VertexId v : {edges_tail_[e], edges_head_[e]}) {
        if (in_component_[v] == id) continue;
        in_component_[v] = id;
        result_.node_order.push_back(v);
      }
    }
    result_.node_end.push_back(static_cast<int64_t>(result_.node_order.size()));
    edges_tail_.resize(begin);
    edges_head_.resize(begin);
    result_.component_end.push_back(static_cast<int64_t>(result_.edge_tail.size()));
  }

  // NetworkX yields a cut vertex at each child that it separates and keeps the first.
  void AddCut(VertexId v) {
    if (cut_[v]) return;
    cut_[v] = 1;
    result_.articulation.push_back(v);
  }

  const CsrGraph& g_;
  const bool components_;
  std::vector<int32_t> discovery_;  // from 0 at each root; -1: not discovered
  std::vector<int32_t> low_;
  std::vector<int64_t> tree_edge_;     // where each vertex's tree edge sits on the edge stack
  std::vector<int32_t> in_component_;  // the last component that listed each vertex
  std::vector<uint8_t> cut_;
  std::vector<VertexId> bridge_parent_;  // the parent across a bridge to it; -1: none
  std::vector<Frame> stack_;
  std::vector<VertexId> edges_tail_, edges_head_;  // visited edges not yet in a component
  Biconnected result_;
};

}  // namespace

Biconnected BiconnectedSearch(const CsrGraph& g, bool components, VertexId root,
                              const std::vector<VertexId>* edge_order) {
  LowLinkSearch search(g, components);
  std::vector<VertexId> searched;
  if (root >= 0) {
    search.SearchFrom(root);
  } else {
    for (VertexId v = 0; v < g.n; ++v) {
      if (!search.discovered(v)) search.SearchFrom(v);
    }
  }
  if (edge_order == nullptr) {
    for (VertexId v = 0; v < g.n; ++v) {
      if (search.discovered(v)) searched.push_back(v);
    }
    edge_order = &searched;
  }
  search.OrderBridges(*edge_order);
  return search.Take();
}

}  // namespace irreg::graph

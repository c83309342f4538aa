// Searches that visit every edge once: networkx.edge_bfs and networkx.edge_dfs, in their order.
//
// Algorithm: NetworkX's edge searches step for step. Each vertex gets one cursor over its edges
// (out-edges in adjacency order; with orientation "reverse" its in-edges in G._pred's order;
// with "ignore" the out-edges, then the in-edges) when the search first reaches it. The
// depth-first form keeps a stack of vertices: the top takes its next edge, an edge not yet
// visited is yielded and its far end pushed, an exhausted top is popped; the breadth-first form
// keeps a queue of vertices, each scanning all its edges when it leaves the queue, enqueueing
// far ends not seen before and yielding edges not yet visited. An edge is visited once: by its
// ordered pair in a digraph (an in-edge is the same edge as the out-edge it mirrors), by its
// unordered pair in a graph. Serial, O(n + m log m) (the pairing of slots is a sort).
//
// Data encoding: CSR rows in NetworkX's adjacency order (a multigraph's parallel edges
// collapsed: its keys are NetworkX's to report), the in-edges as G._pred's rows. Result: tail,
// head and 0 (forward) or 1 (reverse) per yielded edge.
#include <algorithm>
#include <deque>
#include <utility>
#include <vector>

#include "graph/ordered_kernels.hpp"

namespace irreg::graph {

namespace {

uint64_t PairKey(VertexId tail, VertexId head) {
  return (static_cast<uint64_t>(tail) << 32) | static_cast<uint32_t>(head);
}

// Out-slots by (tail, head), to find the slot of a pair.
class SlotOfPair {
 public:
  explicit SlotOfPair(const CsrGraph& g) {
    keyed_.reserve(g.num_edges());
    for (VertexId u = 0; u < g.n; ++u)
      for (int64_t e = g.offsets[u]; e < g.offsets[u + 1]; ++e)
        keyed_.emplace_back(PairKey(u, g.targets[e]), e);
    std::sort(keyed_.begin(), keyed_.end());
  }
  int64_t operator()(VertexId tail, VertexId head) const {
    const auto it = std::lower_bound(keyed_.begin(), keyed_.end(),
                                     std::make_pair(PairKey(tail, head), int64_t{-1}));
    return it != keyed_.end() && it->first == PairKey(tail, head) ? it->second : -1;
  }

 private:
  std::vector<std::pair<uint64_t, int64_t>> keyed_;
};

class EdgeWalk {
 public:
  EdgeWalk(const CsrGraph& out, const CsrGraph* in, bool directed, EdgeOrientation orientation)
      : out_(out),
        in_(in),
        // NetworkX's edges_from: a graph's edges are its out-edges whatever the orientation.
        use_out_(!directed || orientation != EdgeOrientation::kReverse),
        use_in_(directed && (orientation == EdgeOrientation::kReverse ||
                             orientation == EdgeOrientation::kIgnore)),
        out_cursor_(out.n),
        in_cursor_(out.n),
        started_(out.n, 0),
        visited_(out.num_edges(), 0),
        edge_id_(out.num_edges()) {
    // Every slot's id: itself, or for an undirected edge the smaller of its two slots.
    const SlotOfPair slot(out);
    for (VertexId u = 0; u < out.n; ++u) {
      for (int64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
        edge_id_[e] = directed ? e : std::min(e, slot(out.targets[e], u));
      }
    }
    if (use_in_) {
      in_id_.resize(in->num_edges());
      for (VertexId v = 0; v < in->n; ++v)
        for (int64_t e = in->offsets[v]; e < in->offsets[v + 1]; ++e)
          in_id_[e] = slot(in->targets[e], v);
    }
  }

  // The next edge of v not yet scanned: false when v has none left.
  bool Next(VertexId v, VertexId& tail, VertexId& head, int8_t& label) {
    if (!started_[v]) {
      started_[v] = 1;
      out_cursor_[v] = use_out_ ? out_.offsets[v] : out_.offsets[v + 1];
      in_cursor_[v] = use_in_ ? in_->offsets[v] : 0;
    }
    if (out_cursor_[v] < out_.offsets[v + 1]) {
      const int64_t e = out_cursor_[v]++;
      tail = v;
      head = out_.targets[e];
      label = 0;
      id_ = edge_id_[e];
      return true;
    }
    if (use_in_ && in_cursor_[v] < in_->offsets[v + 1]) {
      const int64_t e = in_cursor_[v]++;
      tail = in_->targets[e];
      head = v;
      label = 1;
      id_ = in_id_[e];
      return true;
    }
    return false;
  }
  // Marks the edge Next gave last as visited; false if it already was.
  bool Visit() {
    if (visited_[id_]) return false;
    visited_[id_] = 1;
    return true;
  }
  bool started(VertexId v) const { return started_[v] != 0; }

 private:
  const CsrGraph& out_;
  const CsrGraph* in_;
  bool use_out_, use_in_;
  std::vector<int64_t> out_cursor_, in_cursor_;
  std::vector<uint8_t> started_, visited_;
  std::vector<int64_t> edge_id_, in_id_;
  int64_t id_ = -1;
};

void Emit(LabeledEdges& r, VertexId tail, VertexId head, int8_t label) {
  r.tail.push_back(tail);
  r.head.push_back(head);
  r.label.push_back(label);
}

}  // namespace

LabeledEdges EdgeSearch(const CsrGraph& out, const CsrGraph* in, bool directed,
                        const std::vector<VertexId>& sources, EdgeOrientation orientation,
                        bool depth_first) {
  EdgeWalk walk(out, in, directed, orientation);
  LabeledEdges r;
  VertexId tail, head;
  int8_t label;
  // A reverse edge leads to its tail.
  auto far_end = [&] { return label == 1 ? tail : head; };
  if (depth_first) {
    std::vector<VertexId> stack;
    for (const VertexId start : sources) {
      stack.assign(1, start);
      while (!stack.empty()) {
        if (!walk.Next(stack.back(), tail, head, label)) {
          stack.pop_back();
        } else if (walk.Visit()) {
          stack.push_back(far_end());
          Emit(r, tail, head, label);
        }
      }
    }
    return r;
  }
  std::vector<uint8_t> seen(out.n, 0);
  std::deque<VertexId> queue(sources.begin(), sources.end());
  for (const VertexId s : sources) seen[s] = 1;
  while (!queue.empty()) {
    const VertexId v = queue.front();
    queue.pop_front();
    // A source listed twice is queued twice; NetworkX's second scan of it finds nothing new.
    while (walk.Next(v, tail, head, label)) {
      const VertexId child = far_end();
      if (!seen[child]) {
        seen[child] = 1;
        queue.push_back(child);
      }
      if (walk.Visit()) Emit(r, tail, head, label);
    }
  }
  return r;
}

}  // namespace irreg::graph

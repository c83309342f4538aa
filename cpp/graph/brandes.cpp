// Brandes' betweenness from a chunk of sources (graph/brandes.hpp): NetworkX's searches
// (_single_source_shortest_path_basic, _single_source_dijkstra_path_basic) and accumulation
// (_accumulate_basic, _accumulate_endpoints), with predecessor lists read off the reversed
// edges instead of stored.
#include "graph/brandes.hpp"

#include <functional>
#include <limits>
#include <queue>
#include <tuple>
#include <utility>

namespace irreg {
namespace graph {
namespace {

constexpr double kUnseen = std::numeric_limits<double>::infinity();

// What the searches and the accumulation read of a vertex, side by side: a predecessor test
// and its share touch one cache line instead of three.
struct VertexState {
  double dist = kUnseen;       // hops or length once settled; kUnseen before
  double sigma = 0.0;          // shortest paths from the source (NetworkX's sigma, a double)
  double delta = 0.0;          // dependency
  double tentative = kUnseen;  // Dijkstra's `seen`: the best length found so far
};

// One source's search state, reused across the chunk's sources and reset along `order` only
// (every vertex a search reaches, it settles).
struct Search {
  std::vector<VertexState> at;
  // Hops (-1: not reached) of a BFS: 4 bytes a vertex, so the searches' tests stay in L1 on
  // graphs of thousands of vertices (the doubles beside them are read only along paths).
  std::vector<int32_t> depth;
  std::vector<int64_t> rank;    // position in `order` (the edge subset accumulation reads it)
  std::vector<VertexId> order;  // NetworkX's S: vertices in the order settled
  std::vector<VertexId> queue;
  explicit Search(int32_t n) : at(n), depth(n, -1), rank(n, 0) {
    order.reserve(n);
    queue.resize(n);
  }

  void Reset() {
    for (VertexId v : order) at[v] = VertexState{}, depth[v] = -1;
    order.clear();
  }

  void Settle(VertexId v) {
    rank[v] = static_cast<int64_t>(order.size());
    order.push_back(v);
  }

  // NetworkX's BFS: counts paths along every edge into the next level.
  int64_t Bfs(const CsrGraph& g, VertexId s) {
    int64_t edges = 0;
    size_t head = 0, tail = 0;
    at[s].sigma = 1.0;
    at[s].dist = 0;
    depth[s] = 0;
    queue[tail++] = s;
    while (head < tail) {
      const VertexId v = queue[head++];
      Settle(v);
      const double next = at[v].dist + 1, paths = at[v].sigma;
      const int32_t level = depth[v] + 1;
      edges += g.degree(v);
      for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        const VertexId w = g.targets[e];
        if (depth[w] < 0) {
          queue[tail++] = w;
          depth[w] = level;
          at[w].dist = next;
        }
        if (depth[w] == level) at[w].sigma += paths;
      }
    }
    return edges;
  }

  // NetworkX's Dijkstra: a heap of (length, insertion count, predecessor, vertex); a vertex's
  // paths are counted when it is settled (from the entry's predecessor) and on every equal
  // length found afterwards, settled or not.
  int64_t Dijkstra(const CsrGraph& g, VertexId s) {
    using Entry = std::tuple<double, int64_t, VertexId, VertexId>;
    std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> heap;
    int64_t pushes = 0, edges = 0;
    at[s].sigma = 1.0;
    at[s].tentative = 0.0;
    heap.emplace(0.0, pushes++, s, s);
    while (!heap.empty()) {
      const auto [d, count, pred, v] = heap.top();
      heap.pop();
      if (at[v].dist != kUnseen) continue;
      at[v].sigma += at[pred].sigma;
      Settle(v);
      at[v].dist = d;
      edges += g.degree(v);
      for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) {
        VertexState& w = at[g.targets[e]];
        const double length = d + g.weights[e];
        if (w.dist == kUnseen && (w.tentative == kUnseen || length < w.tentative)) {
          w.tentative = length;
          heap.emplace(length, pushes++, v, g.targets[e]);
          w.sigma = 0.0;
        } else if (length == w.tentative) {
          w.sigma += at[v].sigma;
        }
      }
    }
    return edges;
  }

  // Whether in-edge e (v -> w) lies on a shortest path to w: v settled and as far as w less
  // the edge, computed as the search computed it (an unsettled v is at kUnseen: never).
  template <bool kWeighted>
  bool OnPath(const CsrGraph& in, int64_t e, double dist_w) const {
    const double dist_v = at[in.targets[e]].dist;
    return (kWeighted ? dist_v + in.weights[e] : dist_v + 1) == dist_w;
  }

  // Dependencies from the last settled vertex back, each predecessor (an in-edge on a shortest
  // path) taking its share: NetworkX's accumulations, chosen by `o`.
  template <bool kWeighted>
  void Accumulate(const CsrGraph& in, VertexId s, const BrandesOptions& o, double* score,
                  double* edge_score) {
    if (o.endpoints) score[s] += static_cast<double>(order.size()) - 1;
    for (size_t i = order.size(); i-- > 0;) {
      const VertexId w = order[i];
      VertexState& state = at[w];
      const bool target = o.targets != nullptr && o.targets[w];
      if (o.edges && o.targets != nullptr) {  // _accumulate_edges_subset
        // Shares read delta[w], which a zero-length self-loop changes: NetworkX meets it in
        // P[w] where w was settled, after the predecessors settled before w.
        int64_t predecessors = 0;
        for (int64_t e = in.offsets[w]; e < in.offsets[w + 1]; ++e)
          predecessors += OnPath<kWeighted>(in, e, state.dist);
        for (int pass = 0; pass < 3; ++pass)
          for (int64_t e = in.offsets[w]; e < in.offsets[w + 1]; ++e) {
            const VertexId v = in.targets[e];
            const int this_pass = v == w ? 1 : rank[v] < rank[w] ? 0 : 2;
            if (this_pass != pass || !OnPath<kWeighted>(in, e, state.dist)) continue;
            const double c = target ? (at[v].sigma / state.sigma) * (1.0 + state.delta)
                                    : state.delta / static_cast<double>(predecessors);
            edge_score[e] += c;
            at[v].delta += c;
          }
        continue;
      }
      double coeff = (1 + state.delta) / state.sigma;
      if (o.targets != nullptr && !(target && w != s)) coeff = state.delta / state.sigma;
      if (!kWeighted && w == s) continue;  // a BFS source has no predecessors
      if constexpr (kWeighted) {
        for (int64_t e = in.offsets[w]; e < in.offsets[w + 1]; ++e) {
          if (!OnPath<true>(in, e, state.dist)) continue;
          VertexState& v = at[in.targets[e]];
          const double c = v.sigma * coeff;
          if (o.edges) edge_score[e] += c;
          v.delta += c;
        }
      } else {
        const int32_t previous = depth[w] - 1;
        for (int64_t e = in.offsets[w]; e < in.offsets[w + 1]; ++e) {
          if (depth[in.targets[e]] != previous) continue;
          VertexState& v = at[in.targets[e]];
          const double c = v.sigma * coeff;
          if (o.edges) edge_score[e] += c;
          v.delta += c;
        }
      }
      if (w != s && !o.edges) score[w] += o.endpoints ? state.delta + 1 : state.delta;
    }
  }
};

// The plain case (BFS, per vertex, no subset) in GAPBS's successor form, without a branch on
// the graph's data: a BFS whose every edge runs the same instructions (the tests "first
// reached" and "on a shortest path" select values instead of jumping: on random graphs each went
// either way half the time, and their mispredictions took most of the time; ER 4,000/16,000,
// all sources, 1 thread: on-path edge list walked backwards 747 ms, successor lists 541 ms,
// without branches 434 ms), listing each
// vertex's successors on shortest paths; then, from the last vertex reached back, each vertex's
// dependency summed over its successors in row order. The shares reach a vertex in another
// order than NetworkX's (which adds them as the successors are settled, last first), so the
// sums differ from NetworkX's in the last bits; each share is NetworkX's, sigma[v] x
// ((1 + delta[w]) / sigma[w]).
class SuccessorBrandes {
 public:
  // symmetric: g holds both directions of every edge (an undirected graph), so its rows are
  // also the in-edges that bottom-up steps read; otherwise every step is top-down.
  SuccessorBrandes(const CsrGraph& g, bool symmetric)
      : g_(g),
        symmetric_(symmetric),
        at_(g.n),
        coeff_(g.n),
        extra_(g.n, 0.0),
        queue_(g.n + 1),
        row_end_(g.n),
        successors_(g.num_edges() + 1),
        pred_end_(g.n),
        predecessors_(symmetric ? g.num_edges() + 1 : 0) {}

  // One source's dependencies, added to score[] (endpoints: NetworkX's endpoints=True).
  int64_t Run(VertexId s, bool endpoints, double* score) {
    const int64_t reached = Search(s);
    if (endpoints) score[s] += static_cast<double>(reached - 1);
    for (int64_t i = reached; i-- > 0;) {
      const VertexId v = queue_[i];
      const double sv = at_[v].sigma;
      double delta = extra_[v];  // the shares of children found bottom-up
      for (int64_t j = i > 0 ? row_end_[i - 1] : 0; j < row_end_[i]; ++j)
        delta += sv * coeff_[successors_[j]];
      const double coeff = (1 + delta) / sv;
      coeff_[v] = coeff;
      if (i > 0) score[v] += endpoints ? delta + 1 : delta;
      if (i >= bottom_up_from_) {  // found bottom-up: hand each predecessor its share
        const int64_t k = i - bottom_up_from_;
        for (int64_t j = k > 0 ? pred_end_[k - 1] : 0; j < pred_end_[k]; ++j) {
          const VertexId p = predecessors_[j];
          extra_[p] += at_[p].sigma * coeff;
        }
      }
    }
    for (int64_t i = 0; i < reached; ++i) at_[queue_[i]] = Reached{}, extra_[queue_[i]] = 0.0;
    return edges_;
  }

 private:
  // NetworkX's BFS with path counts, one level at a time: queue_[0, reached) in the order
  // reached; the successors of queue_[i] on shortest paths are successors_[row_end_[i - 1],
  // row_end_[i]). Levels whose out-edges outnumber the in-edges of the vertices not yet reached
  // (the last levels of a small-world graph: on ER 10^4/4x10^4, 59% of a BFS's edges leave its
  // last two levels; all sources, 1 thread: 2,925 ms top-down, 1,843 ms) are stepped bottom-up
  // instead (Beamer's direction optimization; the sums over all in-edges leave no early exit): each
  // vertex not yet reached sums the paths of its in-neighbours on the level and lists them
  // (predecessors_, per queue index from bottom_up_from_); once bottom-up, the search stays
  // bottom-up.
  int64_t Search(VertexId s) {
    const int64_t* offsets = g_.offsets.data();
    Reached* at = at_.data();
    int64_t head = 0, tail = 1, listed = 0, unexplored = g_.num_edges();
    edges_ = 0;
    bottom_up_from_ = g_.n + 1;
    at[s] = {0, 1.0};
    queue_[0] = s;
    for (int32_t level = 0; head < tail; ++level) {
      const int64_t level_end = tail;
      int64_t frontier_edges = 0;
      for (int64_t i = head; i < level_end; ++i)
        frontier_edges += offsets[queue_[i] + 1] - offsets[queue_[i]];
      unexplored -= frontier_edges;  // symmetric: in-edges of reached vertices = their out-edges
      if (symmetric_ &&
          (bottom_up_from_ <= g_.n || frontier_edges > unexplored + (g_.n - level_end))) {
        if (bottom_up_from_ > g_.n) bottom_up_from_ = level_end;
        for (int64_t i = head; i < level_end; ++i) row_end_[i] = listed;
        tail = BottomUpStep(level, tail);
      } else {
        for (int64_t i = head; i < level_end; ++i) {
          listed = TopDownRow(queue_[i], level + 1, &tail, listed);
          row_end_[i] = listed;
        }
      }
      head = level_end;
    }
    return tail;
  }

  // The out-edges of v (at level - 1), with no branch on the data; returns the successors
  // listed so far.
  int64_t TopDownRow(VertexId v, int32_t level, int64_t* queue_tail, int64_t listed) {
    const VertexId* targets = g_.targets.data();
    Reached* at = at_.data();
    VertexId* queue = queue_.data();
    VertexId* successors = successors_.data();
    int64_t tail = *queue_tail;
    const double share[2] = {0.0, at[v].sigma};  // indexed by "on a shortest path"
    const int64_t begin = g_.offsets[v], end = g_.offsets[v + 1];
    edges_ += end - begin;
    for (int64_t e = begin; e < end; ++e) {
      const VertexId w = targets[e];
      const int32_t d = at[w].depth;
      const int32_t fresh = d >> 31;  // all ones when w is first reached
      queue[tail] = w;                // kept only when fresh: queue_ has room for one more
      tail -= fresh;
      const int32_t dw = (d & ~fresh) | (level & fresh);
      at[w].depth = dw;
      const int on_path = dw == level;
      at[w].sigma += share[on_path];
      successors[listed] = w;
      listed += on_path;
    }
    *queue_tail = tail;
    return listed;
  }

  // Every vertex not yet reached, in id order, takes the paths of its in-neighbours on `level`
  // and joins level + 1 if it has any; returns the queue's new tail.
  int64_t BottomUpStep(int32_t level, int64_t tail) {
    const VertexId* targets = g_.targets.data();
    const int64_t* offsets = g_.offsets.data();
    Reached* at = at_.data();
    int64_t listed = tail > bottom_up_from_ ? pred_end_[tail - 1 - bottom_up_from_] : 0;
    for (VertexId w = 0; w < g_.n; ++w) {
      if (at[w].depth >= 0) continue;
      const int64_t first = listed;
      double paths = 0.0;
      edges_ += offsets[w + 1] - offsets[w];
      for (int64_t e = offsets[w]; e < offsets[w + 1]; ++e) {
        const VertexId p = targets[e];
        const bool on_path = at[p].depth == level;
        paths += on_path ? at[p].sigma : 0.0;  // a select: inf x 0 would be nan
        predecessors_[listed] = p;
        listed += on_path;
      }
      if (listed == first) continue;
      at[w] = {level + 1, paths};
      queue_[tail] = w;
      pred_end_[tail - bottom_up_from_] = listed;
      ++tail;
    }
    return tail;
  }

  const CsrGraph& g_;
  bool symmetric_;
  // What the search reads and writes of every edge's target, in one 16-byte record: one cache
  // line a test instead of two.
  struct Reached {
    int32_t depth = -1;  // hops, -1 not reached
    double sigma = 0.0;  // shortest paths from the source (NetworkX's sigma)
  };
  std::vector<Reached> at_;
  std::vector<double> coeff_;  // (1 + delta) / sigma, once the vertex's delta is final
  std::vector<double> extra_;  // shares handed up by children found bottom-up
  std::vector<VertexId> queue_;
  std::vector<int64_t> row_end_;
  std::vector<VertexId> successors_;
  int64_t bottom_up_from_ = 0;     // the first queue index found bottom-up (n + 1: none)
  std::vector<int64_t> pred_end_;  // per queue index from bottom_up_from_
  std::vector<VertexId> predecessors_;
  int64_t edges_ = 0;
};

}  // namespace

BetweennessSums Brandes(const CsrGraph& out, const CsrGraph& in,
                        const std::vector<VertexId>& sources, const BrandesOptions& options) {
  BetweennessSums r;
  r.score.assign(out.n, 0.0);
  if (options.edges) r.edge_score.assign(in.num_edges(), 0.0);
  r.stats.supersteps = static_cast<int64_t>(sources.size());
  if (!options.weighted && !options.edges && options.targets == nullptr) {
    SuccessorBrandes plain(out, options.symmetric);
    for (VertexId s : sources)
      r.stats.active_edges += plain.Run(s, options.endpoints, r.score.data());
    return r;
  }
  Search search(out.n);
  for (VertexId s : sources) {
    if (options.weighted) {
      r.stats.active_edges += search.Dijkstra(out, s);
      search.Accumulate<true>(in, s, options, r.score.data(), r.edge_score.data());
    } else {
      r.stats.active_edges += search.Bfs(out, s);
      search.Accumulate<false>(in, s, options, r.score.data(), r.edge_score.data());
    }
    search.Reset();
  }
  return r;
}

}  // namespace graph
}  // namespace irreg

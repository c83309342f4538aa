// Direction-optimizing breadth-first search.
//
// Algorithm: level-synchronous BFS that switches direction by frontier size (Beamer, Asanovic,
// Patterson, "Direction-Optimizing Breadth-First Search", SC'12; GAPBS src/bfs.cc). Top-down
// steps push from a small frontier over out-edges. Once the frontier's out-edges outnumber
// 1/alpha of the unexplored edges, bottom-up steps let each unvisited vertex scan its in-edges
// for a parent in the frontier and stop at the first one; once the frontier shrinks below
// n/beta (and stops growing) the search goes back to top-down.
//
// Data encoding: out-edges in the CSR of the layout, in-edges in its transposed CSR (rows sorted
// by source; GraphLayout::in_edges); int32 vertex ids. The frontier is a queue (vector of ids) in
// top-down steps and a bitmap (one bit per vertex) in bottom-up steps. Result: depth per vertex
// (-1 unreached) and parent (-1 at the source and unreached).
//
// During the search each vertex has one 64-bit word, depth in the high half and parent in the
// low half, split into the two result arrays at the end: a discovery writes one cache line, not
// two (GAPBS keeps a parent only; with separate depth and parent arrays, the second random write
// per discovery left irreg 19% behind it on GAPBS's -u 20 graph). An unvisited vertex holds
// -1 - out-degree as its depth (GAPBS keeps -degree in its parent array): the read that finds a
// vertex unvisited also gives its degree for the scout count, with no read of the offsets.
//
// Parents: bottom-up scans in-edges in source order, so the first parent found is the
// smallest id; top-down keeps the smallest claimant. Either way the parent is the smallest-id
// vertex of the previous level with an edge to the vertex, as in the engine's variants.
//
// Parallel (threads > 1; GAPBS's scheme): top-down claims a vertex, and lowers its parent to a
// smaller claimant of the same level, with a compare-and-swap on its word; discoveries go to
// per-thread buffers flushed into the shared queue at an atomic tail. Bottom-up runs over
// vertices in parallel (each writes only its own word) in chunks of whole bitmap words. Depths
// and parents are the serial ones whatever the count.
#include <algorithm>
#include <memory>

#include "core/threads.hpp"
#include "graph/fast_kernels.hpp"
#include "graph/queue_buffer.hpp"

namespace irreg::graph {
namespace {

class Bitmap {
 public:
  explicit Bitmap(int64_t n) : words_((n + 63) / 64, 0) {}
  void Clear() { std::fill(words_.begin(), words_.end(), 0); }
  void Set(int64_t i) { words_[i >> 6] |= uint64_t{1} << (i & 63); }
  void SetAtomic(int64_t i) {
    __atomic_fetch_or(&words_[i >> 6], uint64_t{1} << (i & 63), __ATOMIC_RELAXED);
  }
  bool Get(int64_t i) const { return (words_[i >> 6] >> (i & 63)) & 1; }
  void Swap(Bitmap& other) { words_.swap(other.words_); }
  int64_t num_words() const { return static_cast<int64_t>(words_.size()); }
  uint64_t word(int64_t w) const { return words_[w]; }

 private:
  std::vector<uint64_t> words_;
};

// One vertex's search state: depth (high half) and parent (low half).
using Word = uint64_t;
inline Word Pack(int32_t depth, VertexId parent) {
  return (static_cast<Word>(static_cast<uint32_t>(depth)) << 32) | static_cast<uint32_t>(parent);
}
inline int32_t DepthOf(Word w) { return static_cast<int32_t>(static_cast<uint32_t>(w >> 32)); }
inline VertexId ParentOf(Word w) { return static_cast<VertexId>(static_cast<uint32_t>(w)); }

// The word of a vertex not reached yet: depth -1 - its out-degree (degrees are below
// 2**31 - 1), parent -1.
inline Word Unvisited(const CsrGraph& g, int64_t v) {
  return Pack(static_cast<int32_t>(-1 - g.degree(static_cast<VertexId>(v))), -1);
}

// Expands `frontier` (depth `level`) over out-edges into `next`. Returns the out-degree sum of
// the vertices discovered (the next frontier's "scout count").
int64_t TopDownStep(const CsrGraph& out, const std::vector<VertexId>& frontier, int32_t level,
                    Word* state, std::vector<VertexId>& next, RunStats& stats) {
  int64_t scout = 0;
  next.clear();
  for (VertexId u : frontier) {
    stats.active_edges += out.degree(u);
    for (int64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
      const VertexId v = out.targets[e];
      const Word w = state[v];
      const int32_t d = DepthOf(w);
      if (d < 0) {
        state[v] = Pack(level + 1, u);
        next.push_back(v);
        scout += -1 - static_cast<int64_t>(d);
      } else if (d == level + 1 && u < ParentOf(w)) {
        state[v] = Pack(level + 1, u);
      }
    }
  }
  return scout;
}

// Every unvisited vertex looks for an in-neighbour in `front` (depth `level`) and joins `next`
// at the first one. Returns how many joined.
int64_t BottomUpStep(const CsrGraph& in, const Bitmap& front, int32_t level, Word* state,
                     Bitmap& next, RunStats& stats) {
  int64_t awake = 0;
  next.Clear();
  for (VertexId v = 0; v < in.n; ++v) {
    if (DepthOf(state[v]) >= 0) continue;
    for (int64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
      stats.active_edges++;
      if (front.Get(in.targets[e])) {
        state[v] = Pack(level + 1, in.targets[e]);
        next.Set(v);
        ++awake;
        break;
      }
    }
  }
  return awake;
}

void QueueToBitmap(const std::vector<VertexId>& queue, Bitmap& bitmap) {
  for (VertexId u : queue) bitmap.Set(u);
}

// Ascending ids: the order the next top-down step scans the frontier in.
void BitmapToQueue(const Bitmap& bitmap, int32_t n, std::vector<VertexId>& queue) {
  queue.clear();
  for (VertexId v = 0; v < n; ++v)
    if (bitmap.Get(v)) queue.push_back(v);
}

// ---- The parallel steps (threads > 1): same results as the serial ones above.

// A top-down step over fewer frontier out-edges runs on one thread (the same code, no team):
// long thin searches (a grid: ~1000 levels of ~1000 vertices) otherwise pay a fork and join
// per level for little work.
constexpr int64_t kMinParallelEdges = 4096;
constexpr int64_t kBottomUpChunk = 1024;

// Queues here hold n slots; `size`/`next_size` say how many are in use (no refill per step).
int64_t ParallelTopDownStep(const CsrGraph& out, const VertexId* frontier, int64_t size,
                            int32_t level, Word* state, VertexId* next, int64_t* next_size,
                            int64_t frontier_edges, RunStats& stats, int32_t threads) {
  int64_t scout = 0, edges = 0, tail = 0;
#pragma omp parallel num_threads(threads) \
    reduction(+ : scout, edges) if (frontier_edges >= kMinParallelEdges)
  {
    QueueBuffer buffer(next, &tail);
#pragma omp for schedule(dynamic, 64) nowait
    for (int64_t i = 0; i < size; ++i) {
      const VertexId u = frontier[i];
      edges += out.degree(u);
      const Word mine = Pack(level + 1, u);
      for (int64_t e = out.offsets[u]; e < out.offsets[u + 1]; ++e) {
        const VertexId v = out.targets[e];
        Word w = __atomic_load_n(&state[v], __ATOMIC_RELAXED);
        // Claim v, or lower its parent to u; a lost race reloads the word and decides again.
        for (;;) {
          const int32_t d = DepthOf(w);
          const bool claim = d < 0;
          if (!claim && !(d == level + 1 && u < ParentOf(w))) break;
          if (__atomic_compare_exchange_n(&state[v], &w, mine, true, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED)) {
            if (claim) {
              buffer.Push(v);
              scout += -1 - static_cast<int64_t>(d);
            }
            break;
          }
        }
      }
    }
    buffer.Flush();
  }
  *next_size = tail;
  stats.active_edges += edges;
  return scout;
}

int64_t ParallelBottomUpStep(const CsrGraph& in, const Bitmap& front, int32_t level, Word* state,
                             Bitmap& next, RunStats& stats, int32_t threads) {
  int64_t awake = 0, edges = 0;
  next.Clear();
  // Chunks of 1024 vertices are whole bitmap words: each word of `next` has one writer, so a
  // plain store does (GAPBS's choice); an atomic or per discovery cost ~30% of the 2-thread
  // search on RMAT scale 20.
  static_assert(kBottomUpChunk % 64 == 0);
#pragma omp parallel for num_threads(threads) schedule(dynamic, kBottomUpChunk) \
    reduction(+ : awake, edges)
  for (VertexId v = 0; v < in.n; ++v) {
    if (DepthOf(state[v]) >= 0) continue;
    for (int64_t e = in.offsets[v]; e < in.offsets[v + 1]; ++e) {
      ++edges;
      if (front.Get(in.targets[e])) {
        state[v] = Pack(level + 1, in.targets[e]);
        next.Set(v);
        ++awake;
        break;
      }
    }
  }
  stats.active_edges += edges;
  return awake;
}

void ParallelQueueToBitmap(const VertexId* queue, int64_t size, Bitmap& bitmap, int32_t threads) {
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t i = 0; i < size; ++i) bitmap.SetAtomic(queue[i]);
}

// Any order will do: parents no longer depend on the order the frontier is scanned in.
int64_t ParallelBitmapToQueue(const Bitmap& bitmap, VertexId* queue, int32_t threads) {
  int64_t tail = 0;
  const int64_t words = bitmap.num_words();
#pragma omp parallel num_threads(threads)
  {
    QueueBuffer buffer(queue, &tail);
#pragma omp for schedule(dynamic, 256) nowait
    for (int64_t w = 0; w < words; ++w)
      for (uint64_t bits = bitmap.word(w); bits != 0; bits &= bits - 1)
        buffer.Push(static_cast<VertexId>(w * 64 + __builtin_ctzll(bits)));
    buffer.Flush();
  }
  return tail;
}

void ParallelSearch(const GraphLayout& g, VertexId source, int32_t threads, int64_t alpha,
                    int64_t beta, Word* state, RunStats& stats) {
  const CsrGraph& out = g.csr();
  const int32_t n = out.n;
  // Uninitialised: only the slots a frontier fills are ever touched (no serial zeroing of 2n).
  std::unique_ptr<VertexId[]> frontier(new VertexId[n]), next(new VertexId[n]);
  frontier[0] = source;
  int64_t size = 1, next_size = 0;
  int64_t unexplored = out.num_edges();
  int64_t scout = out.degree(source);  // out-edges of the frontier
  int32_t level = 0;
  while (size > 0) {
    if (scout > unexplored / alpha) {
      const CsrGraph& in = g.in_edges(threads);
      Bitmap front(n), grown(n);
      ParallelQueueToBitmap(frontier.get(), size, front, threads);
      int64_t awake = size, previous;
      do {
        previous = awake;
        awake = ParallelBottomUpStep(in, front, level, state, grown, stats, threads);
        front.Swap(grown);
        ++level;
        ++stats.supersteps;
      } while (awake > 0 && (awake >= previous || awake > n / beta));
      size = ParallelBitmapToQueue(front, frontier.get(), threads);
      scout = 1;
      continue;
    }
    unexplored -= scout;
    scout = ParallelTopDownStep(out, frontier.get(), size, level, state, next.get(), &next_size,
                                std::max(scout, size), stats, threads);
    frontier.swap(next);
    size = next_size;
    ++level;
    ++stats.supersteps;
  }
}

void SerialSearch(const GraphLayout& g, VertexId source, int64_t alpha, int64_t beta, Word* state,
                  RunStats& stats) {
  const CsrGraph& out = g.csr();
  const int32_t n = out.n;
  std::vector<VertexId> frontier{source}, next;
  int64_t unexplored = out.num_edges();
  int64_t scout = out.degree(source);  // out-edges of the frontier
  int32_t level = 0;
  while (!frontier.empty()) {
    if (scout > unexplored / alpha) {
      const CsrGraph& in = g.in_edges(1);
      Bitmap front(n), grown(n);
      QueueToBitmap(frontier, front);
      int64_t awake = static_cast<int64_t>(frontier.size()), previous;
      do {
        previous = awake;
        awake = BottomUpStep(in, front, level, state, grown, stats);
        front.Swap(grown);
        ++level;
        ++stats.supersteps;
      } while (awake > 0 && (awake >= previous || awake > n / beta));
      BitmapToQueue(front, n, frontier);
      scout = 1;
      continue;
    }
    unexplored -= scout;
    scout = TopDownStep(out, frontier, level, state, next, stats);
    frontier.swap(next);
    ++level;
    ++stats.supersteps;
  }
}

}  // namespace

BfsResult DirectionOptimizingBfs(const GraphLayout& g, VertexId source, int32_t threads,
                                 int64_t alpha, int64_t beta) {
  const CsrGraph& out = g.csr();
  const int32_t n = out.n;
  std::unique_ptr<Word[]> state(new Word[n]);
  ParallelFor(threads, n, [&](int64_t v) { state[v] = Unvisited(out, v); });
  state[source] = Pack(0, -1);
  BfsResult r{std::vector<int32_t>(n), std::vector<int32_t>(n), {}};
  if (threads > 1)
    ParallelSearch(g, source, threads, alpha, beta, state.get(), r.stats);
  else
    SerialSearch(g, source, alpha, beta, state.get(), r.stats);
  ParallelFor(threads, n, [&](int64_t v) {
    const int32_t d = DepthOf(state[v]);
    r.depth[v] = d < 0 ? -1 : d;
    r.parent[v] = ParentOf(state[v]);
  });
  return r;
}

}  // namespace irreg::graph

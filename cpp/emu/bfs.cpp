#include <algorithm>
#include <stdexcept>

#include "core/huge_pages.hpp"
#include "emu/kernels.hpp"

namespace irreg::emu {
namespace {

// The STINGER-like layout: vertex v's neighbours fill blocks of edge_block entries, each block
// pointing to the next. Every block comes from the pool of v's own nodelet, so a neighbour list is
// co-located with its vertex (seed §3.2, §5.2: the graph engine "does not attempt to evenly
// partition the graph"). The host reads the blocks' contents from the CSR: block k of v holds
// entries indptr[v] + k * edge_block onwards.

// The nodelet of vertex v: vertices (and parents, new parents and queues) are striped by id
// (seed §3.2), and a vertex's edge blocks live with it.
int32_t NodeletOf(int64_t v, int32_t nodelets) { return static_cast<int32_t>(v % nodelets); }

// Which vertices have a parent, a bit each, a nodelet's vertices together: every edge of
// Algorithm 1 and every vertex of Algorithm 2's scan asks, and 2^21 Marks (16 MB) are far beyond
// the host's caches where 2^21 bits (256 KB) are not. A nodelet's bits start a cache line of
// their own: host threads simulating different nodes never write the same line.
class HasParent {
 public:
  void Reset(int64_t n, int32_t nodelets) {
    nodelets_ = nodelets;
    const int64_t per_nodelet = (n + nodelets - 1) / nodelets;
    words_ = ((per_nodelet + 63) / 64 + 7) / 8 * 8;
    bits_.assign(static_cast<size_t>(words_) * nodelets, 0);
  }
  bool operator[](int64_t v) const { return bits_[Word(v)] >> (v / nodelets_ % 64) & 1; }
  void Set(int64_t v) { bits_[Word(v)] |= uint64_t{1} << (v / nodelets_ % 64); }

 private:
  // v is the (v / nodelets)-th vertex of its nodelet (NodeletOf: the one striping rule).
  size_t Word(int64_t v) const {
    return static_cast<size_t>(NodeletOf(v, nodelets_) * words_ + v / nodelets_ / 64);
  }
  int32_t nodelets_ = 1;
  int64_t words_ = 0;
  HugePageVector<uint64_t> bits_;
};

struct BfsState {
  const int64_t* indptr;
  const int32_t* indices;
  int64_t edge_block;
  // The host's copy of the real state, kept small (ids fit int32) and parent next to depth, so
  // that simulating a claim touches one cache line of the host, not three.
  struct Mark {
    int32_t parent = -1;
    int32_t depth = -1;
  };
  HugePageVector<Mark> mark;
  HasParent has_parent;  // mark[v].parent >= 0, where the simulation asks it
  HugePageVector<int32_t> new_parent;
  std::vector<std::vector<int32_t>> queue, next_queue;  // per nodelet
  int32_t level = 0;
  // block_array: vertex v's edge blocks, on v's nodelet (indexed by v).
  int32_t vertex_array, block_array, parent_array, new_parent_array, queue_array, tail_array;
};

// What each frontier vertex, edge block and edge costs, access by access, as the seed's Cilk BFS
// does it (§3.2: vertices and parents striped by id, a local queue per nodelet, edge blocks with
// their vertex; every load 1 instruction, plus those named):
//   per frontier vertex: 1 load  its queue slot;  1 load  its first edge block pointer;  2 instr.
//   per edge block:      2 loads the block's next pointer and entry count
//   per edge, Algorithm 2 (remote writes):
//                        1 load  the neighbour id w (local: the block is with its vertex)
//                        1 write nP[w]: a store when w is local; otherwise a packet through the
//                                node's engine (and the links and the far engine when w is on
//                                another node) and remote_write_cycles at w's nodelet; the
//                                threadlet waits only for the engine to take it
//                        2 instr. increment and branch
//   per level, Algorithm 2's scan of every local vertex v: 1 load parent[v], 3 instr.; when v has
//                        no parent, 1 load nP[v]; when nP[v] is set, 1 store parent[v], a local
//                        atomic (the queue tail: load + store) and 1 store into the queue
//   per edge, Algorithm 1 (migrating threads):
//                        1 load  the neighbour id w, 2 instr.
//                        a migration to w's nodelet when it is another one (a context through the
//                        engines, and the links between nodes), a compare-and-swap on parent[w]
//                        at that nodelet (load + store), 2 instr.; when it claims w: a local
//                        atomic on the tail and 1 store into the queue; then a migration back
//                        for the next neighbour (it is on the vertex's nodelet)
// Graph500 TEPS counts each undirected edge with both ends reached once: 2 edge visits per TEPS.

// Explores a slice of its nodelet's queue: s[0] next queue index, s[1] end, s[2] nodelet,
// s[3] current vertex, s[4] next entry (a CSR position), s[5] the end of the current block, s[6]
// the end of the vertex's entries, s[7] the neighbour being claimed (the threadlet's registers).
// pc 0: next vertex, 4: its record, 1: a block header, 2: next entry, 3: claim the neighbour
// (Alg. 1). A step does one load, so requests reach the channels in time order.
class Explore : public Program {
 public:
  Explore(BfsState* st, bool migrate) : st_(st), migrate_(migrate) {}

  Step Run(Simulator& sim, Thread& t) override {
    BfsState& s = *st_;
    const int32_t nodelets = sim.nodelets();
    switch (t.pc) {
      case 0: {
        if (t.s[0] >= t.s[1]) return Step::kDone;
        const int64_t slot = t.s[2] + nodelets * t.s[0];
        if (!sim.At(t, s.queue_array, slot)) return Step::kBlocked;
        sim.Read(t, s.queue_array, slot);
        t.s[3] = s.queue[t.s[2]][t.s[0]];
        ++t.s[0];
        // The host's read of the next step, fetched while other threadlets run.
        __builtin_prefetch(&s.indptr[t.s[3]]);
        t.pc = 4;
        return Step::kContinue;
      }
      case 4:
        sim.Read(t, s.vertex_array, t.s[3]);  // pointer to the first edge block
        sim.Compute(t, 2);
        t.s[4] = s.indptr[t.s[3]];
        t.s[6] = s.indptr[t.s[3] + 1];
        t.s[5] = t.s[4];
        if (t.s[4] < t.s[6]) __builtin_prefetch(&s.indices[t.s[4]]);
        t.pc = t.s[4] < t.s[6] ? 1 : 0;
        return Step::kContinue;
      case 1:
        if (!sim.MoveTo(t, Home(sim, t))) return Going(t, &s.indices[t.s[4]]);
        sim.Read(t, s.block_array, t.s[3], 2);  // next pointer and count
        t.s[5] = std::min(t.s[4] + s.edge_block, t.s[6]);
        t.pc = 2;
        return Step::kContinue;
      case 2:
        return migrate_ ? Entry(sim, t) : Block(sim, t);
      case 3:
        return Claim(sim, t);
    }
    return Step::kDone;
  }

 private:
  // Algorithm 2: one neighbour per step, a remote write into new_parent for each.
  Step Block(Simulator& sim, Thread& t) {
    BfsState& s = *st_;
    if (t.s[4] >= t.s[5]) return NextBlock(t);
    if (!sim.MoveTo(t, Home(sim, t))) return Step::kBlocked;
    const int32_t w = s.indices[t.s[4]];
    sim.Read(t, s.block_array, t.s[3]);  // the neighbour's id
    sim.Write(t, s.new_parent_array, w);
    sim.Compute(t, 2);  // increment, loop branch
    // The lowest writer wins: nodes simulated at once write here together, and any writer is a
    // right parent (the scan only asks whether there is one).
    int32_t seen = __atomic_load_n(&s.new_parent[w], __ATOMIC_RELAXED);
    const int32_t v = static_cast<int32_t>(t.s[3]);
    while ((seen < 0 || v < seen) &&
           !__atomic_compare_exchange_n(&s.new_parent[w], &seen, v, true, __ATOMIC_RELAXED,
                                        __ATOMIC_RELAXED)) {
    }
    ++t.s[4];
    return Step::kContinue;
  }

  // Algorithm 1: read one neighbour here, then migrate to it and claim it.
  Step Entry(Simulator& sim, Thread& t) {
    BfsState& s = *st_;
    if (t.s[4] >= t.s[5]) return NextBlock(t);
    if (!sim.MoveTo(t, Home(sim, t))) return Going(t, &s.indices[t.s[4]]);
    sim.Read(t, s.block_array, t.s[3]);  // the neighbour's id
    sim.Compute(t, 2);
    t.s[7] = s.indices[t.s[4]];
    t.pc = 3;
    return Claim(sim, t);
  }

  Step Claim(Simulator& sim, Thread& t) {
    BfsState& s = *st_;
    const int32_t w = static_cast<int32_t>(t.s[7]);
    if (!sim.At(t, s.parent_array, w)) return Step::kBlocked;
    sim.Atomic(t, s.parent_array, w);  // compare-and-swap on parent[w]
    if (!s.has_parent[w]) {
      s.has_parent.Set(w);
      s.mark[w] = {static_cast<int32_t>(t.s[3]), s.level + 1};
      const int32_t home = NodeletOf(w, sim.nodelets());
      sim.Atomic(t, s.tail_array, home);  // claim a slot in the local queue
      const int64_t slot = home + static_cast<int64_t>(sim.nodelets()) *
                                      static_cast<int64_t>(s.next_queue[home].size());
      sim.Write(t, s.queue_array, slot);
      s.next_queue[home].push_back(w);
    }
    sim.Compute(t, 2);
    ++t.s[4];
    t.pc = 2;
    return Entry(sim, t);  // straight on to the next neighbour: usually a migration home
  }

  // The threadlet migrates; `next` is the host's data for its step where it arrives.
  static Step Going(Thread& t, const void* next) {
    t.next_read = next;
    return Step::kBlocked;
  }

  // The nodelet of the current vertex, which holds its edge blocks.
  static int32_t Home(const Simulator& sim, const Thread& t) {
    return NodeletOf(t.s[3], sim.nodelets());
  }

  // Follows the block's next pointer (read with its header), or ends the vertex.
  static Step NextBlock(Thread& t) {
    t.pc = t.s[5] < t.s[6] ? 1 : 0;
    return Step::kContinue;
  }

  BfsState* st_;
  bool migrate_;
};

// Algorithm 2's scan of local vertices home + nodelets * j, j in [s[0], s[1]): a vertex without
// a parent that received one this level joins the next queue.
class Scan : public Program {
 public:
  static constexpr int kRun = 8;
  explicit Scan(BfsState* st) : st_(st) {}
  Step Run(Simulator& sim, Thread& t) override {
    BfsState& s = *st_;
    if (t.s[0] >= t.s[1]) return Step::kDone;
    const int32_t home = static_cast<int32_t>(t.s[2]);
    const int64_t v = home + static_cast<int64_t>(sim.nodelets()) * t.s[0];
    if (t.pc == 0) {
      // Up to kRun vertices that already have a parent in one step: a scanning threadlet only
      // loads from its own nodelet, so running a few loads ahead moves nothing (< 0.1%).
      int64_t u = v;
      for (int run = 0; run < kRun; ++run) {
        sim.Read(t, s.parent_array, u);
        sim.Compute(t, 3);
        if (!s.has_parent[u]) {
          t.pc = 1;
          break;
        }
        if (++t.s[0] >= t.s[1]) break;
        u += sim.nodelets();
      }
      return Step::kContinue;
    }
    t.pc = 0;
    ++t.s[0];
    sim.Read(t, s.new_parent_array, v);
    if (s.new_parent[v] < 0) return Step::kContinue;
    s.has_parent.Set(v);
    s.mark[v] = {s.new_parent[v], s.level + 1};
    sim.Write(t, s.parent_array, v);
    const int64_t slot = home + static_cast<int64_t>(sim.nodelets()) *
                                    static_cast<int64_t>(s.next_queue[home].size());
    sim.Atomic(t, s.tail_array, home);
    sim.Write(t, s.queue_array, slot);
    s.next_queue[home].push_back(static_cast<int32_t>(v));
    return Step::kContinue;
  }

 private:
  BfsState* st_;
};

// Splits `count` items of nodelet d over at most `per` workers in equal contiguous slices.
void AddSlices(std::vector<Worker>* workers, Program* program, int32_t d, int64_t count,
               int32_t per) {
  if (count == 0) return;
  const int64_t share = (count + per - 1) / per;
  for (int64_t lo = 0; lo < count; lo += share) {
    Worker w;
    w.nodelet = d;
    w.program = program;
    w.s[0] = lo;
    w.s[1] = std::min(count, lo + share);
    w.s[2] = d;
    workers->push_back(w);
  }
}

}  // namespace

int32_t BfsLevels(int32_t n, const int64_t* indptr, const int32_t* indices, int32_t source) {
  if (source < 0 || source >= n) throw std::invalid_argument("source is not a vertex");
  std::vector<int32_t> depth(n, -1), frontier{source}, next;
  depth[source] = 0;
  int32_t levels = 0;
  while (!frontier.empty()) {
    ++levels;
    next.clear();
    for (const int32_t v : frontier)
      for (int64_t e = indptr[v]; e < indptr[v + 1]; ++e)
        if (depth[indices[e]] < 0) depth[indices[e]] = levels, next.push_back(indices[e]);
    frontier.swap(next);
  }
  return levels;
}

BfsResult SimulateBfs(const Machine& m, int32_t n, const int64_t* indptr, const int32_t* indices,
                      int32_t source, const BfsOptions& o) {
  Simulator sim(m);
  sim.set_host_threads(o.host_threads);
  const int32_t nodelets = sim.nodelets();
  if (o.threads < nodelets || o.threads % nodelets != 0)
    throw std::invalid_argument("threads must be a positive multiple of the nodelet count (" +
                                std::to_string(nodelets) + "), got " + std::to_string(o.threads));
  if (o.edge_block < 1) throw std::invalid_argument("edge_block must be >= 1");
  if (source < 0 || source >= n) throw std::invalid_argument("source is not a vertex");
  const bool migrate = o.strategy == BfsStrategy::kMigrate;

  BfsState s;
  s.indptr = indptr;
  s.indices = indices;
  s.edge_block = o.edge_block;
  s.mark.assign(n, {});
  s.new_parent.assign(n, -1);
  s.queue.assign(nodelets, {});
  s.next_queue.assign(nodelets, {});
  s.vertex_array = sim.Allocate(n, Placement::kStriped);
  s.block_array = sim.Allocate(n, Placement::kStriped);
  s.parent_array = sim.Allocate(n, Placement::kStriped);
  s.new_parent_array = sim.Allocate(n, Placement::kStriped);
  s.queue_array = sim.Allocate(n, Placement::kStriped);
  s.tail_array = sim.Allocate(nodelets, Placement::kStriped);
  s.mark[source] = {source, 0};
  s.has_parent.Reset(n, nodelets);
  s.has_parent.Set(source);
  s.queue[NodeletOf(source, nodelets)].push_back(source);

  Explore explore(&s, migrate);
  Scan scan(&s);
  const int32_t per = o.threads / nodelets;
  Cycles now = 0;
  for (;;) {
    std::vector<Worker> workers;
    for (int32_t d = 0; d < nodelets; ++d)
      AddSlices(&workers, &explore, d, static_cast<int64_t>(s.queue[d].size()), per);
    if (workers.empty()) break;
    now = sim.RunWorkers(now, workers);
    if (!migrate) {
      workers.clear();
      for (int32_t d = 0; d < nodelets; ++d)
        AddSlices(&workers, &scan, d, n > d ? (n - d + nodelets - 1) / nodelets : 0, per);
      now = sim.RunWorkers(now, workers);
    }
    s.queue.swap(s.next_queue);
    for (auto& q : s.next_queue) q.clear();
    ++s.level;
  }
  BfsResult r;
  r.report = sim.report(now);
  int64_t degrees = 0;
  for (int32_t v = 0; v < n; ++v)
    if (s.mark[v].depth >= 0) degrees += indptr[v + 1] - indptr[v];
  r.edges = degrees / 2;
  r.levels = s.level;
  r.parent.resize(n);
  r.depth.resize(n);
  for (int32_t v = 0; v < n; ++v) r.parent[v] = s.mark[v].parent, r.depth[v] = s.mark[v].depth;
  return r;
}

}  // namespace irreg::emu

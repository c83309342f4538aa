// The level steps of the bit-parallel multi-source BFS, compiled once per ISA (see
// graph/ms_bfs_kernels.hpp): every edge a step walks moves the bits of all 512 searches of a
// batch at once with one block OR (simd/source_bits.hpp).
#include "graph/ms_bfs_kernels.hpp"

#include "simd/source_bits.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using B = simd::SourceBits;
using graph::LevelOutcome;
using graph::LevelSums;
using graph::SourceBlock;
using graph::SourceLevel;

// Vertex v's new bits `fresh` (already without its `seen` bits) into next, seen, the sums and
// the outcome.
inline void Settle(const SourceLevel& s, const LevelSums* sums, LevelOutcome* out, VertexId v,
                   B::Block seen, B::Block fresh) {
  B::Store(s.next[v].word, fresh);
  if (B::IsZero(fresh)) return;
  const B::Block now = B::Or(seen, fresh);
  B::Store(s.seen[v].word, now);
  if (B::IsFull(now)) out->closed_edges += s.in_offsets[v + 1] - s.in_offsets[v];
  out->active[out->num_active++] = v;
  out->frontier_edges += s.out_offsets[v + 1] - s.out_offsets[v];
  const uint64_t* bits = s.next[v].word;
  for (int i = 0; i < B::kWords; ++i) out->alive[i] |= bits[i];
  if (sums != nullptr) {
    const int count = B::PopCount(bits);
    sums->reached[v] += count;
    sums->total[v] += static_cast<int64_t>(count) * sums->level;
    sums->inverse[v] += sums->unit * static_cast<unsigned>(count);
    if (sums->farthest[v] < sums->level) sums->farthest[v] = sums->level;  // earlier batches
  }
}

int64_t PushLevel(const SourceLevel& s, const VertexId* active, int64_t num_active,
                  VertexId* touched) {
  int64_t num_touched = 0;
  for (int64_t i = 0; i < num_active; ++i) {
    const VertexId u = active[i];
    const B::Block bits = B::Load(s.frontier[u].word);
    for (int64_t e = s.out_offsets[u]; e < s.out_offsets[u + 1]; ++e) {
      const VertexId v = s.out_targets[e];
      const B::Block before = B::Load(s.next[v].word);
      touched[num_touched] = v;  // kept only if v's block was empty: no branch to mispredict
      num_touched += B::IsZero(before);
      B::Store(s.next[v].word, B::Or(before, bits));
    }
  }
  return num_touched;
}

void SettleLevel(const SourceLevel& s, const VertexId* touched, int64_t num_touched,
                 const LevelSums* sums, LevelOutcome* out) {
  for (int64_t i = 0; i < num_touched; ++i) {
    const VertexId v = touched[i];
    const B::Block seen = B::Load(s.seen[v].word);
    Settle(s, sums, out, v, seen, B::AndNot(B::Load(s.next[v].word), seen));
  }
}

void PullLevel(const SourceLevel& s, const LevelSums* sums, LevelOutcome* out) {
  for (VertexId v = 0; v < s.n; ++v) {
    const B::Block seen = B::Load(s.seen[v].word);
    if (B::IsFull(seen)) continue;  // every search has been here: next[v] stays zero
    B::Block reached = B::Zero();
    for (int64_t e = s.in_offsets[v]; e < s.in_offsets[v + 1]; ++e)
      reached = B::Or(reached, B::Load(s.frontier[s.in_sources[e]].word));
    Settle(s, sums, out, v, seen, B::AndNot(reached, seen));
  }
}

}  // namespace

graph::MsBfsKernels MakeMsBfsKernels() { return {&PushLevel, &SettleLevel, &PullLevel}; }

}  // namespace IRREG_ISA_NS
}  // namespace irreg

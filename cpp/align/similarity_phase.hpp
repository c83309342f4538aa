// The similarity computation of seed 002 §3.3 (Alg. 3–5) on the CPU, and the refinement that
// follows it each round.
//  - ALL: one task per bucket b of G1: its vertices against every G2 vertex of the buckets
//    touching b (compSimAll).
//  - PAIR: one task per (bucket, touching bucket) pair, in a shuffled order, each inserting
//    into the shared top-k lists (compSimPair / compSimPairAux); on several threads each
//    thread inserts into lists of its own, merged per vertex at the end.
//  - BLK keeps the caller's vertex ids; HCB renumbers the vertices of both graphs by the Hilbert
//    rank of their bucket, so a task reads contiguous features.
// The tasks are the parallel work (a dynamically scheduled OpenMP loop); ALL's tasks own
// disjoint G1 vertices and write the shared lists directly.
// The top-k order is total, so every scheme and layout gives the same lists; they differ in task
// count, load balance and locality, which PhaseStats measures.
#pragma once

#include <cstdint>
#include <vector>

#include "align/labelled_graph.hpp"
#include "align/quad_tree.hpp"
#include "align/top_k.hpp"
#include "core/named_values.hpp"

namespace irreg::align {

enum class Scheme { kAll, kPair };
inline constexpr NamedValue<Scheme> kSchemeNames[] = {
    {"all", Scheme::kAll, "one task per bucket"},
    {"pair", Scheme::kPair, "one task per bucket pair"},
};
enum class Layout { kBlk, kHcb };
inline constexpr NamedValue<Layout> kLayoutNames[] = {
    {"blk", Layout::kBlk, "vertices in blocks"},
    {"hcb", Layout::kHcb, "vertices along a Hilbert curve"},
};

struct VertexLayout {
  std::vector<int32_t> order1, order2;  // layout id -> caller's id
  std::vector<int32_t> rank1, rank2;    // caller's id -> layout id
};
VertexLayout MakeLayout(Layout layout, const Buckets& buckets, int32_t n1, int32_t n2);

struct PhaseStats {
  int64_t tasks = 0;
  int64_t comparisons = 0;
  int64_t max_task_comparisons = 0;
  double task_comparisons_cv = 0;  // coefficient of variation of comparisons per task
  int64_t vertex_reads = 0;        // vertices whose features a task reads, summed over tasks
  int64_t lines_touched = 0;       // distinct 16-vertex blocks (64-byte lines of int32) per task
  double seconds = 0;
  // vertex_reads / (16 * lines_touched): 1 when every line a task touches is fully used.
  double locality() const {
    return lines_touched ? static_cast<double>(vertex_reads) / (16.0 * lines_touched) : 0.0;
  }
};

// G1 vertices with settled[u] != 0 (caller's ids; empty: none) are left out: a confident pair
// is rechecked by Refine, whose candidates include its partner's neighbourhood. The tasks run
// on `threads` OpenMP threads (1: serially, no parallel region), dynamically scheduled; lists
// and stats (but seconds) are the same at every count.
void CompareBuckets(const Buckets& buckets, const VertexLayout& layout, const SimilarityView& f1,
                    const SimilarityView& f2, Scheme scheme, const ScoreWeights& weights,
                    ScoreCandidatesFn score, uint64_t seed, const std::vector<char>& settled,
                    TopK* top, PhaseStats* stats, int32_t threads = 1);

struct RefineStats {
  int64_t candidates = 0;  // pairs scored
  double seconds = 0;
};

// Rescores each G1 vertex's bucket candidates, together with the G2 vertices that neighbour the
// partners of its confident neighbours, adding the marks component (how many of u's neighbours
// are aligned to neighbours of v). partner1[u'] is u''s confident partner or -1. Parallel over
// G1 vertices on `threads` threads; the same lists at every count.
void Refine(const LabelledGraph& g1, const LabelledGraph& g2, const VertexLayout& layout,
            const SimilarityView& f1, const SimilarityView& f2,
            const std::vector<int32_t>& partner1, const ScoreWeights& weights,
            ScoreCandidatesFn score, const TopK& bucket_top, TopK* out, RefineStats* stats,
            int32_t threads = 1);

}  // namespace irreg::align

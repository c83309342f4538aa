// The aligner's similarity kernel (seed 002 §3.3, §5.3; DESIGN §8), compiled once per ISA by
// align/similarity_kernels.cpp and reached through the dispatch table like every other kernel.
// One call scores one vertex u of G1 against a list of G2 candidates, SIMD across candidates:
// each lane is one pair and does the same operations in the same order on every ISA, so scores
// are bit-identical across ISAs (the file is compiled with -ffp-contract=off).
#pragma once

#include <cstdint>
#include <string>

#include "core/isa_tables.hpp"

namespace irreg::align {

// Per-vertex features of one graph, indexed by the vertex's id in the current layout.
struct SimilarityView {
  int32_t num_vertices = 0;
  const int32_t* degree = nullptr;
  const int32_t* type = nullptr;  // null: no vertex types
  int32_t log2_hist_width = 0;    // histograms hold 1 << log2_hist_width counts per vertex
  const int32_t* vertex_type_hist = nullptr;  // neighbours per type class; null: none
  const int32_t* edge_type_hist = nullptr;    // incident edges per type class; null: none
  const float* attr = nullptr;  // attr_dim floats per vertex, NaN = missing; null: none
  int32_t attr_dim = 0;
  const uint8_t* anchor_distance = nullptr;  // anchor_stride bytes per vertex; null: no anchors
  int32_t num_anchors = 0;
  int32_t anchor_stride = 0;  // a multiple of 16, unused bytes equal in both graphs
};

// Weights of the components; a component whose weight is 0 is skipped. The score is the
// weighted mean of the components in [0, 1]:
//   degree         min(d_u, d_v) / max(d_u, d_v)
//   type           1 when the vertex types are equal
//   vertex types   sum over classes of min(neighbours of u, of v) / max(d_u, d_v)
//   edge types     the same over incident edge types
//   attribute      mean over dims of 1 - |a - b| / (|a| + |b|) (0 when either is missing)
//   anchors        (equal + off-by-one / 2) BFS distances to the anchors / number of anchors
//   marks          marks[v] / max(d_u, d_v): u's neighbours aligned to neighbours of v
struct ScoreWeights {
  float degree = 0, type = 0, vertex_types = 0, edge_types = 0, attribute = 0, anchors = 0,
        marks = 0;
  float total() const {
    return degree + type + vertex_types + edge_types + attribute + anchors + marks;
  }
};

// Scores u (of g1) against cand[0..n) (ids of g2). cand must be readable for 16 entries past n
// (any valid ids: those lanes are computed and dropped). marks (indexed by g2 id) is read only
// when weights.marks > 0.
using ScoreCandidatesFn = void (*)(const SimilarityView& g1, const SimilarityView& g2, int32_t u,
                                   const int32_t* cand, int64_t n, const int32_t* marks,
                                   const ScoreWeights& weights, float* out);

struct AlignKernels {
  ScoreCandidatesFn score_candidates;
};

// The similarity kernel of ResolveIsa(isa) (similarity_kernel_tables.cpp); MakeAlignKernels is
// defined in align/similarity_kernels.cpp.
const AlignKernels& AlignKernelsFor(const std::string& isa);

}  // namespace irreg::align

namespace irreg {
// Each ISA's table, defined with its kernels (compiled once per ISA).
IRREG_DECLARE_ISA_TABLES(align::AlignKernels, MakeAlignKernels)
}  // namespace irreg

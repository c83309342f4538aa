// gsaNA-style graph alignment (seed 002 §3.3; DESIGN §8), iterated: each round places both
// graphs on a plane by BFS distances from anchor pairs, buckets the plane, compares every G1
// vertex with the G2 vertices of its own and touching buckets (the seed's five similarity
// components plus agreement of the anchor distances), refines with the marks of confident
// neighbours, extracts a one-to-one alignment, and makes its confident pairs the next round's
// anchors. Stops when a round adds (almost) no confident pair.
// On AlignParams::threads (DESIGN §12): the anchor BFS runs of DistancesFrom, the features, the
// bucket tasks, Refine and the matching's sort run in parallel; SpreadAnchors' farthest-first
// chain (each choice needs the previous BFS), the quad tree, the projection and the greedy
// sweep stay serial. Every output but the seconds is the same at every count.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "align/labelled_graph.hpp"
#include "align/matching.hpp"
#include "align/similarity_phase.hpp"

namespace irreg::align {

struct AlignParams {
  int32_t k = 10;  // candidates kept per G1 vertex
  Scheme scheme = Scheme::kPair;
  Layout layout = Layout::kHcb;
  uint64_t seed = 0;
  int32_t bucket_size = 128;        // points (of both graphs) per quad-tree leaf
  int32_t iterations = 6;           // rounds at most
  int32_t max_anchors = 32;         // anchors used for placement per round (at most 64)
  float min_score = 0.0f;           // pairs scoring below are left unmatched
  std::vector<VertexPair> anchors;  // known pairs: always matched, first anchors
  std::string isa;
  int32_t threads = 1;  // OpenMP threads (1: the serial path); the result does not depend on it
};

struct RoundStats {
  int32_t anchors = 0;
  int32_t buckets = 0, oversized_buckets = 0, depth = 0;
  PhaseStats similarity;
  RefineStats refine;
  int64_t matched = 0, confident = 0;
  double place_seconds = 0, match_seconds = 0;
};

struct AlignResult {
  std::vector<int32_t> partner;  // per G1 vertex: G2 vertex or -1
  std::vector<float> score;      // per G1 vertex: the pair's score (NaN when unmatched)
  TopK top;                      // the last round's candidate lists
  std::vector<RoundStats> rounds;
  std::string isa;
};

// The components a graph's labels allow, each of weight 1; marks weigh 2.
ScoreWeights ComponentWeights(const LabelledGraph& g, bool anchors, bool marks);
// Histogram width for the type ids both graphs use.
int32_t HistogramLog2WidthFor(const LabelledGraph& g1, const LabelledGraph& g2);

// Throws std::invalid_argument on bad parameters (naming them).
AlignResult Align(const LabelledGraph& g1, const LabelledGraph& g2, const AlignParams& params);

// One round's similarity phase input: the buckets of the plane placed from the anchors, the vertex
// layout, both graphs' features in layout order and the bucket phase's weights.
struct RoundInput {
  Buckets buckets;
  VertexLayout layout;
  VertexFeatures f1, f2;
  ScoreWeights weights;
};
// d1: G1's distances to the anchors' first vertices (the caller has them from choosing anchors).
RoundInput PlaceRound(const LabelledGraph& g1, const LabelledGraph& g2,
                      const std::vector<VertexPair>& anchors, const AnchorDistances& d1,
                      const AlignParams& params, int32_t log2_hist_width);

// The first round as Align runs it without given anchors (structural anchors); the Emu model
// runs its similarity phase.
RoundInput PrepareFirstRound(const LabelledGraph& g1, const LabelledGraph& g2,
                             const AlignParams& params);

}  // namespace irreg::align

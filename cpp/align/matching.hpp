// One-to-one alignment from the top-k lists, and the pairs trusted enough to anchor the next
// round.
#pragma once

#include <cstdint>
#include <vector>

#include "align/placement.hpp"
#include "align/top_k.hpp"

namespace irreg::align {

struct Matching {
  std::vector<int32_t> partner1;  // per G1 vertex: its G2 partner or -1
  std::vector<int32_t> partner2;  // per G2 vertex: its G1 partner or -1
  std::vector<float> score1;      // score of the pair, per G1 vertex (NaN when unmatched)
};

// Greedy by score: every listed (u, v) in descending score (ties: lower u, then lower v) is
// taken when both ends are free and the score reaches min_score. `fixed` pairs are taken first.
// The sort runs on `threads` threads; the sweep that takes pairs is serial (each choice depends
// on the ones before it).
Matching GreedyMatch(const TopK& top, int32_t n2, const std::vector<VertexPair>& fixed,
                     float min_score, int32_t threads = 1);

// Matched pairs that are unambiguous: v is u's strict best (its score above u's second) and u
// is the strict best of every list v appears in. `fixed` pairs are always confident.
std::vector<VertexPair> ConfidentPairs(const TopK& top, const Matching& m,
                                       const std::vector<VertexPair>& fixed);

}  // namespace irreg::align

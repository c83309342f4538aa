// Where gsaNA puts vertices (seed 002 §3.3): BFS distances from anchor pairs give every vertex
// of both graphs a vector with the same meaning on both sides; one principal-component
// projection, fitted on both graphs together, reduces it to a point of the plane.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "align/labelled_graph.hpp"

namespace irreg::align {

using VertexPair = std::pair<int32_t, int32_t>;  // (vertex of G1, vertex of G2)

// Anchor pairs chosen from structure alone: the highest-degree vertices of each graph (ties by
// the degrees of their neighbours), paired greedily by a degree/type/neighbourhood similarity.
std::vector<VertexPair> ChooseStructuralAnchors(const LabelledGraph& g1, const LabelledGraph& g2,
                                                int32_t max_anchors);

// Up to max_anchors of `confident`, spread out: each next one is the confident vertex of G1
// farthest (in hops) from the anchors chosen so far, ties to the higher degree, then lower id.
// Fills d1 with the distances from the chosen G1 ends (computed on the way).
std::vector<VertexPair> SpreadAnchors(const LabelledGraph& g1,
                                      const std::vector<VertexPair>& confident, int32_t max_anchors,
                                      AnchorDistances* d1);

// Distances from each anchor vertex (one BFS each, our direction-optimizing BFS; the BFS runs
// are independent and spread over `threads` threads).
AnchorDistances DistancesFrom(const LabelledGraph& g, const std::vector<int32_t>& anchors,
                              int32_t threads = 1);

struct PlanePoints {
  std::vector<double> x1, y1, x2, y2;  // per vertex of G1 / G2, caller's ids
};
PlanePoints ProjectToPlane(const AnchorDistances& d1, const AnchorDistances& d2);

}  // namespace irreg::align

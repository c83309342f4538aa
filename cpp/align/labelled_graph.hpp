// One side of an alignment: the undirected structure (for BFS and neighbourhoods) and its labels,
// in the caller's vertex ids, plus the per-vertex features the similarity kernel reads, laid out
// in any vertex order (BLK: ids as given; HCB: by the Hilbert order of the vertex's bucket).
#pragma once

#include <cstdint>
#include <memory>
#include <vector>

#include "align/similarity_kernels.hpp"
#include "graph/graph_layout.hpp"

namespace irreg::align {

struct LabelledGraph {
  // Undirected, self-loops dropped; each CSR entry's weight is its edge's type class.
  std::shared_ptr<const graph::GraphLayout> structure;
  std::vector<int32_t> vertex_type;  // dense type ids; empty: no vertex types
  bool has_edge_types = false;
  std::vector<float> attr;  // attr_dim per vertex, NaN = missing; empty: no attribute
  int32_t attr_dim = 0;

  const graph::CsrGraph& csr() const { return structure->csr(); }
  int32_t num_vertices() const { return structure->csr().n; }
};

// Distances (hops, 255 = unreached, capped at 254) from each anchor, anchor_stride bytes per
// vertex in the caller's ids; bytes past num_anchors are 0.
struct AnchorDistances {
  int32_t num_anchors = 0;
  int32_t stride = 0;
  std::vector<uint8_t> hops;
  // Exact hops (-1: unreached), v * num_anchors + anchor, for the plane. The bytes saturate at
  // 254, which would pile every far vertex of a long path on one point and one bucket.
  std::vector<int32_t> depth;
};

// Features in layout order: `order[k]` is the caller's id of layout vertex k.
struct VertexFeatures {
  std::vector<int32_t> degree, type, vertex_type_hist, edge_type_hist;
  std::vector<float> attr;
  std::vector<uint8_t> anchor_distance;
  SimilarityView view;  // points into the vectors above
};

// Histogram classes: type ids folded onto 2^log2_width classes (at most 16).
int32_t HistogramLog2Width(int32_t num_type_ids);

// Each vertex's features are its own, so the vertices are spread over `threads` threads.
void BuildFeatures(const LabelledGraph& g, const std::vector<int32_t>& order,
                   int32_t log2_hist_width, const AnchorDistances& anchors, VertexFeatures* out,
                   int32_t threads = 1);

}  // namespace irreg::align

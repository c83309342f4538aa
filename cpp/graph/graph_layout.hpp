// A graph as the engine runs it (seed 000 §4.2.1): the CSR, and the same edges tiled and grouped
// into conflict-free vectors once (destination rule), with the slot of every CSR edge so that
// recording a sender's out-edges is enough to activate them. Built once, reused by every run.
#pragma once

#include <cstdint>
#include <memory>
#include <mutex>
#include <vector>

#include "graph/csr_graph.hpp"
#include "tiling/index_collection.hpp"
#include "tiling/tiling_kernels.hpp"

namespace irreg::graph {

// Tile edge for a graph of n vertices and m edges when the caller gives none (see its comment).
int32_t DefaultGraphTileSize(int32_t n, int64_t m);

class GraphLayout {
 public:
  // tile_size 0 picks DefaultGraphTileSize. The grouped index is built on first use: the CSR
  // kernels (direction-optimizing BFS, Dijkstra, union-find, the ordered traversals) never need
  // it, and a NetworkX conversion should not pay for it until an engine variant runs.
  GraphLayout(CsrGraph csr, int32_t tile_size, const TilingKernels& kernels);

  const CsrGraph& csr() const { return csr_; }
  const IndexCollection& index() const { return grouped().index; }
  // Slot of CSR edge e in the grouped arrays.
  const std::vector<int32_t>& slot_of_edge() const { return grouped().slot_of_edge; }
  // Weight per slot (0 for padding).
  const std::vector<double>& slot_weight() const { return grouped().slot_weight; }
  // Local row (source % T) per slot: the grouped Xcoord with every edge active.
  const int32_t* local_row() const { return index().slots().xcoord.data(); }
  const int32_t* local_col() const { return index().slots().ycoord.data(); }
  int64_t num_groups() const { return index().slots().num_groups(); }
  // Groups of tile row r are [tile_row_groups()[r], tile_row_groups()[r + 1]).
  const std::vector<int64_t>& tile_row_groups() const { return grouped().tile_row_groups; }
  // Groups in tile columns below c: tile_col_groups()[c] (prefix over columns, one pass at
  // build). The engine cuts tile columns into thread shares of about equal work with it.
  const std::vector<int64_t>& tile_col_groups() const { return grouped().tile_col_groups; }
  int32_t log2_tile() const { return index().geometry().log2_tile; }
  int32_t tile_size() const { return tile_size_; }
  double lane_fill() const;
  // Slot of each edge (rows[i], cols[i]) by Search-and-Activate's batched binary search.
  void LocateSlots(const int32_t* rows, const int32_t* cols, int64_t n, int32_t* slots,
                   const TilingKernels& index_kernels) const;

  // In-edges as CSR (ids only: CsrGraph::InEdges) for bottom-up BFS steps and WCC: the CSR
  // itself when symmetric_sorted, else a copy built on first use (on `threads` threads) and
  // kept. has_in_edges(): it needs no build (symmetric, or built by an earlier call).
  const CsrGraph& in_edges(int32_t threads) const;
  bool has_in_edges() const;
  // The weight of each in-edge of in_edges(threads), in its order (the link-analysis products
  // pull weighted in-edges): the CSR's own weights when it is its own transpose, else built on
  // first use and kept, 8 bytes an edge.
  const std::vector<double>& in_edge_weights(int32_t threads) const;
  // The sum of each vertex's out-edge weights (PageRank divides by it), built on first use and
  // kept: one pass over the weights that every PageRank call would otherwise repeat.
  const std::vector<double>& out_weight_sums() const;

  // The weights as uint32 when every one is a whole number and n times the largest is below
  // 2^32 - 1 (so no path sum can overflow): delta-stepping then runs on integer distances, whose
  // sums are the float64 sums exactly, in half the bytes. Empty otherwise. Built on first use
  // (one pass over the weights) and kept: 4 bytes an edge.
  const std::vector<uint32_t>& integer_weights() const;

 private:
  struct Grouped {
    mutable IndexCollection index;  // Locate without activation changes nothing
    std::vector<int32_t> slot_of_edge;
    std::vector<double> slot_weight;
    std::vector<int64_t> tile_row_groups;
    std::vector<int64_t> tile_col_groups;
  };
  const Grouped& grouped() const;

  CsrGraph csr_;
  int32_t tile_size_;
  const TilingKernels* index_kernels_;
  mutable std::once_flag grouped_once_;
  mutable std::unique_ptr<Grouped> grouped_;
  mutable std::once_flag transposed_once_;
  mutable std::unique_ptr<CsrGraph> transposed_;
  mutable bool has_transposed_ = false;  // set once transposed_ is built
  mutable std::once_flag in_weights_once_;
  mutable std::vector<double> in_weights_;
  mutable std::once_flag out_sums_once_;
  mutable std::vector<double> out_sums_;
  mutable std::once_flag integer_once_;
  mutable std::vector<uint32_t> integer_weights_;
};

}  // namespace irreg::graph

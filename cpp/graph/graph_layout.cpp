#include "graph/graph_layout.hpp"

#include <algorithm>

namespace irreg::graph {

// TODO(tile sweep): placeholder rule until `irreg bench graph --sweep-tile-size` picks one.
int32_t DefaultGraphTileSize(int32_t n, int64_t m) {
  int32_t t = 512;
  // Grow the tile until a tile holds enough edges on average to fill groups.
  while (t < kMaxTileSize) {
    const double tiles_per_side = std::max(1.0, static_cast<double>(n) / t);
    if (static_cast<double>(m) / (tiles_per_side * tiles_per_side) >= 64.0) break;
    t *= 2;
  }
  // A tile wider than the graph only wastes key bits.
  while (t > 64 && t / 2 >= n) t /= 2;
  return t;
}

GraphLayout::GraphLayout(CsrGraph csr, int32_t tile_size, const KernelTable& kernels)
    : csr_(std::move(csr)),
      index_(std::max(csr_.n, 1), std::max(csr_.n, 1),
             tile_size > 0 ? tile_size : DefaultGraphTileSize(csr_.n, csr_.num_edges()),
             ConflictRule::kDestination) {
  const int64_t m = csr_.num_edges();
  std::vector<int32_t> rows(m);
  for (VertexId u = 0; u < csr_.n; ++u)
    std::fill(rows.begin() + csr_.offsets[u], rows.begin() + csr_.offsets[u + 1], u);
  index_.Build(rows.data(), csr_.targets.data(), /*ids=*/nullptr, m, /*active=*/true, kernels);
  const GroupedSlots& slots = index_.slots();
  slot_of_edge_.assign(m, -1);
  const EdgeId* slot_edge = slots.slot_edge.data();
  for (int64_t s = 0; s < slots.num_slots(); ++s)
    if (slot_edge[s] >= 0) slot_of_edge_[slot_edge[s]] = static_cast<int32_t>(s);
  // Groups are laid out tile by tile in key order, so each tile row's groups are contiguous.
  const int32_t tile_rows = (std::max(csr_.n, 1) + index_.geometry().tile_size - 1) >> log2_tile();
  tile_row_groups_.assign(tile_rows + 1, 0);
  for (int64_t g = 0; g < slots.num_groups(); ++g) ++tile_row_groups_[(slots.row_base[g] >> log2_tile()) + 1];
  for (int32_t r = 0; r < tile_rows; ++r) tile_row_groups_[r + 1] += tile_row_groups_[r];
  slot_weight_.assign(slots.num_slots(), 0.0);
  for (int64_t s = 0; s < slots.num_slots(); ++s)
    if (slot_edge[s] >= 0) slot_weight_[s] = csr_.weights[slot_edge[s]];
}

double GraphLayout::lane_fill() const {
  const int64_t slots = index_.slots().num_slots();
  return slots == 0 ? 1.0 : static_cast<double>(csr_.num_edges()) / static_cast<double>(slots);
}

void GraphLayout::LocateSlots(const int32_t* rows, const int32_t* cols, int64_t n,
                              int32_t* slots, const KernelTable& kernels) const {
  index_.Locate(rows, cols, n, /*activate=*/false, slots, kernels);
}

const CsrGraph& GraphLayout::transposed() const {
  std::call_once(transposed_once_, [this] { transposed_ = std::make_unique<CsrGraph>(csr_.Transposed()); });
  return *transposed_;
}

}  // namespace irreg::graph

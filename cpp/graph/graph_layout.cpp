#include "graph/graph_layout.hpp"

#include <algorithm>
#include <cmath>
#include <cstdint>

namespace irreg::graph {

// The largest tile. Within a tile every edge's source and destination fall in T-vertex ranges, so
// a range is reused about 16 m T / n^2 times per sweep (lanes per cache line x edges per tile /
// T): reuse grows with T, and at T = 32768 a range of doubles is 256 KiB, still inside L2. Best
// of 3, avx512, opt vs serial: RMAT scale 20 at T = 4096, 16384, 32768: BFS 241, 191, 168 ms,
// SSSP 934, 968, 641 ms, WCC 729, 583, 504 ms (lane fill 0.64, 0.96, 0.99); ER of the same size
// at T = 8192 / 32768: BFS 323 / 286 ms, SSSP 2.36 / 2.29 s; 1000 x 1000 grid at T = 2048 /
// 32768: BFS 216 / 146 ms. Smaller graphs get one tile (no wider than needed).
int32_t DefaultGraphTileSize(int32_t n, int64_t /*m*/) {
  int32_t t = 64;
  while (t < kMaxTileSize && t < n) t *= 2;
  return t;
}

GraphLayout::GraphLayout(CsrGraph csr, int32_t tile_size, const TilingKernels& kernels)
    : csr_(std::move(csr)),
      tile_size_(tile_size > 0 ? tile_size : DefaultGraphTileSize(csr_.n, csr_.num_edges())),
      index_kernels_(&kernels) {
  TileGeometry(std::max(csr_.n, 1), std::max(csr_.n, 1), tile_size_);  // throws on a bad tile now
}

const GraphLayout::Grouped& GraphLayout::grouped() const {
  std::call_once(grouped_once_, [this] {
    const int32_t n = std::max(csr_.n, 1);
    grouped_.reset(
        new Grouped{IndexCollection(n, n, tile_size_, ConflictRule::kDestination), {}, {}, {}, {}});
    Grouped& g = *grouped_;
    const int64_t m = csr_.num_edges();
    std::vector<int32_t> rows(m);
    for (VertexId u = 0; u < csr_.n; ++u)
      std::fill(rows.begin() + csr_.offsets[u], rows.begin() + csr_.offsets[u + 1], u);
    g.index.Build(rows.data(), csr_.targets.data(), /*ids=*/nullptr, m, /*active=*/true,
                  *index_kernels_);
    const GroupedSlots& slots = g.index.slots();
    g.slot_of_edge.assign(m, -1);
    const EdgeId* slot_edge = slots.slot_edge.data();
    for (int64_t s = 0; s < slots.num_slots(); ++s)
      if (slot_edge[s] >= 0) g.slot_of_edge[slot_edge[s]] = static_cast<int32_t>(s);
    // Groups are laid out tile by tile in key order, so each tile row's groups are contiguous.
    const int32_t log2 = g.index.geometry().log2_tile;
    // In int64: n + tile_size - 1 overflows int32 for n near the 2^31 vertex limit.
    const int32_t tile_rows =
        static_cast<int32_t>((int64_t{n} + g.index.geometry().tile_size - 1) >> log2);
    g.tile_row_groups.assign(tile_rows + 1, 0);
    for (int64_t k = 0; k < slots.num_groups(); ++k)
      ++g.tile_row_groups[(slots.row_base[k] >> log2) + 1];
    for (int32_t r = 0; r < tile_rows; ++r) g.tile_row_groups[r + 1] += g.tile_row_groups[r];
    // The matrix is square: as many tile columns as tile rows.
    g.tile_col_groups.assign(tile_rows + 1, 0);
    for (int64_t k = 0; k < slots.num_groups(); ++k)
      ++g.tile_col_groups[(slots.col_base[k] >> log2) + 1];
    for (int32_t c = 0; c < tile_rows; ++c) g.tile_col_groups[c + 1] += g.tile_col_groups[c];
    g.slot_weight.assign(slots.num_slots(), 0.0);
    for (int64_t s = 0; s < slots.num_slots(); ++s)
      if (slot_edge[s] >= 0) g.slot_weight[s] = csr_.weights[slot_edge[s]];
  });
  return *grouped_;
}

double GraphLayout::lane_fill() const {
  const int64_t slots = index().slots().num_slots();
  return slots == 0 ? 1.0 : static_cast<double>(csr_.num_edges()) / static_cast<double>(slots);
}

void GraphLayout::LocateSlots(const int32_t* rows, const int32_t* cols, int64_t n, int32_t* slots,
                              const TilingKernels& index_kernels) const {
  grouped().index.Locate(rows, cols, n, /*activate=*/false, slots, index_kernels);
}

const CsrGraph& GraphLayout::in_edges(int32_t threads) const {
  if (csr_.symmetric_sorted) return csr_;  // its own transpose: no copy
  std::call_once(transposed_once_, [this, threads] {
    transposed_ = std::make_unique<CsrGraph>(csr_.InEdges(threads));
    __atomic_store_n(&has_transposed_, true, __ATOMIC_RELEASE);
  });
  return *transposed_;
}

bool GraphLayout::has_in_edges() const {
  return csr_.symmetric_sorted || __atomic_load_n(&has_transposed_, __ATOMIC_ACQUIRE);
}

const std::vector<double>& GraphLayout::in_edge_weights(int32_t threads) const {
  const CsrGraph& in = in_edges(threads);
  if (&in == &csr_) return csr_.weights;
  std::call_once(in_weights_once_, [this, &in] {
    // In-edges list their sources in ascending order (CsrGraph::InEdges): walking the rows in
    // order puts each weight where its edge went.
    std::vector<int64_t> next(in.offsets.begin(), in.offsets.end() - 1);
    std::vector<double> weights(in.num_edges());
    for (VertexId u = 0; u < csr_.n; ++u)
      for (int64_t e = csr_.offsets[u]; e < csr_.offsets[u + 1]; ++e)
        weights[next[csr_.targets[e]]++] = csr_.weights[e];
    in_weights_ = std::move(weights);
  });
  return in_weights_;
}

const std::vector<double>& GraphLayout::out_weight_sums() const {
  std::call_once(out_sums_once_, [this] {
    std::vector<double> sums(csr_.n, 0.0);
    for (VertexId u = 0; u < csr_.n; ++u)
      for (int64_t e = csr_.offsets[u]; e < csr_.offsets[u + 1]; ++e) sums[u] += csr_.weights[e];
    out_sums_ = std::move(sums);
  });
  return out_sums_;
}

const std::vector<uint32_t>& GraphLayout::integer_weights() const {
  std::call_once(integer_once_, [this] {
    const int64_t m = csr_.num_edges();
    const double limit = static_cast<double>(UINT32_MAX - 1) / std::max<int32_t>(1, csr_.n);
    // An infinite weight (an edge no path may use) keeps the float labels.
    if (m == 0 || csr_.finite.count != m || !(csr_.min_weight >= 0) || !(csr_.finite.high < limit))
      return;
    std::vector<uint32_t> whole(m);
    for (int64_t e = 0; e < m; ++e) {
      const double w = csr_.weights[e];
      if (w != std::floor(w)) return;
      whole[e] = static_cast<uint32_t>(w);
    }
    integer_weights_ = std::move(whole);
  });
  return integer_weights_;
}

}  // namespace irreg::graph

// Sort keys of the inspector: (tile_row, tile_col, local_row, local_col) packed into 64 bits, so
// one radix sort orders edges by tile and, within a tile, by relative position. A plain loop the
// compiler vectorizes with this translation unit's ISA.
#include "tiling/tiling_kernels.hpp"

namespace irreg {
namespace IRREG_ISA_NS {

void ComputeSortKeys(const int32_t* rows, const int32_t* cols, int64_t n, int32_t log2_tile,
                     int32_t column_bits, uint64_t* keys) {
  const uint32_t t_mask = (1u << log2_tile) - 1;
  const int w_bits = 2 * log2_tile;
  for (int64_t i = 0; i < n; ++i) {
    const uint32_t r = static_cast<uint32_t>(rows[i]), c = static_cast<uint32_t>(cols[i]);
    const uint64_t tile = (static_cast<uint64_t>(r >> log2_tile) << column_bits) | (c >> log2_tile);
    const uint64_t w = (static_cast<uint64_t>(r & t_mask) << log2_tile) | (c & t_mask);
    keys[i] = (tile << w_bits) | w;
  }
}

}  // namespace IRREG_ISA_NS
}  // namespace irreg

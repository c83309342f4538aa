// The inspector (seed 000 §2.3, §4.2.1): edges -> T x T tiles -> conflict-free groups of
// kLanes slots. Used for the first build and, on each rebuild, for the new edges only (§5.2).
#pragma once

#include <cstdint>

#include "tiling/tile_index.hpp"
#include "tiling/tiling_kernels.hpp"

namespace irreg {

// Tiles and groups edges (rows[i], cols[i]) with caller ids edge_ids[i] (null: i). Duplicate
// edges keep one slot, labelled with the id of their last occurrence. Groups are appended to
// `slots` (active: xcoord = local row; else -1); the returned generation indexes them.
// Ids must already be validated against `geo`. With threads > 1 the sort keys, the radix sort
// and the grouping (whole tiles at once) run on OpenMP threads; every output array is the
// serial one exactly (same groups, same lane order). threads == 1 is the serial code path.

TileIndex TileAndGroup(const int32_t* rows, const int32_t* cols, const EdgeId* edge_ids, int64_t n,
                       const TileGeometry& geo, ConflictRule rule, Grouping grouping, bool active,
                       const TilingKernels& kernels, GroupedSlots* slots, int32_t threads = 1);

}  // namespace irreg

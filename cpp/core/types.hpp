// Scalar types shared by every component, defined once (gapbs style).
#pragma once

#include <cstdint>

namespace irreg {

using VertexId = int32_t;  // row/column of the sparse-matrix view; NetworkX labels map to 0..n-1
using EdgeId = int64_t;    // position of an edge in the caller's input arrays
using SlotId = int32_t;    // lane slot in the grouped arrays (group * kLanes + lane)
using TileKey = int64_t;   // (tile_row << column_bits) | tile_col: row-major tile order

// Lane width of a conflict-free group, whatever the ISA: one grouped layout serves all of them
// (AVX-512 runs a group as one 16-lane vector, AVX2 as two, scalar lane by lane).
inline constexpr int kLanes = 16;

// Largest tile edge: relative positions w = local_row * T + local_col must fit an int32.
inline constexpr int kMaxTileSize = 1 << 15;

}  // namespace irreg

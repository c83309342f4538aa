// The per-tile index of one generation (seed 000 §4.2.1, §5.1) and the grouped slot arrays that
// every generation appends to (DESIGN §4).
#pragma once

#include <cstdint>

#include "core/named_values.hpp"
#include "core/shared_array.hpp"
#include "core/types.hpp"

namespace irreg {

// Geometry of the sparse-matrix view: edge (i, j) lives in tile (i >> log2_tile, j >> log2_tile)
// at relative position w = (i % T) * T + (j % T).
struct TileGeometry {
  int32_t n_rows = 0;
  int32_t n_cols = 0;
  int32_t tile_size = 0;
  int32_t log2_tile = 0;
  int32_t column_bits = 0;  // bits of a tile column in a TileKey

  TileGeometry() = default;
  TileGeometry(int32_t rows, int32_t cols, int32_t tile);
  TileKey KeyOf(int32_t tile_row, int32_t tile_col) const {
    return (static_cast<TileKey>(tile_row) << column_bits) | tile_col;
  }
  int32_t TileRowOf(TileKey key) const { return static_cast<int32_t>(key >> column_bits); }
  int32_t TileColOf(TileKey key) const {
    return static_cast<int32_t>(key & ((TileKey{1} << column_bits) - 1));
  }
};

// Which lanes of a group may not repeat a vertex: graph kernels write only the destination
// (column); MD writes forces to both ends, so neither a row nor a column may repeat.
enum class ConflictRule { kDestination, kBothEnds };
inline constexpr NamedValue<ConflictRule> kConflictRuleNames[] = {
    {"destination", ConflictRule::kDestination, "graph kernels write the edge's destination"},
    {"both_ends", ConflictRule::kBothEnds, "MD writes both ends"},
};

// How a tile's edges are packed: kWindow (default) places each edge with a find-first-set over
// a window of 64 open groups, O(1) per edge; kFirstFit is the original inspector's greedy
// first-fit over all of the tile's groups, kept as the paper's baseline.
enum class Grouping { kWindow, kFirstFit };
inline constexpr NamedValue<Grouping> kGroupingNames[] = {
    {"window", Grouping::kWindow, "the default"},
    {"first_fit", Grouping::kFirstFit, "the original inspector's greedy baseline"},
};

// One sorted Index/Pos generation. Tiles are sorted by key; within a tile Index is sorted.
struct TileIndex {
  SharedArray<TileKey> tile_keys;
  SharedArray<int32_t> index_begin;  // tiles + 1 offsets into index/pos
  SharedArray<int32_t> index;        // relative positions w
  SharedArray<int32_t> pos;          // slot holding index[k]
  SharedArray<int32_t> group_begin;  // tiles + 1 group ids (global) of this generation's groups

  int64_t num_tiles() const { return static_cast<int64_t>(tile_keys.size()); }
  int64_t num_edges() const { return static_cast<int64_t>(index.size()); }
};

// Finds the tiles of a stream of edges in one generation. Edge lists usually come row by row
// (neighbour lists, CSR order): while the tile row stays the same, the search is confined to
// that row's few tiles; otherwise it is a binary search over all tile keys.
class TileFinder {
 public:
  TileFinder(const TileIndex& gen, const TileGeometry& geo) : gen_(gen), geo_(geo) {}
  // Position of tile (tile_row, tile_col) in gen.tile_keys, or -1.
  int64_t Find(int32_t tile_row, int32_t tile_col);
  // [lo, hi) of tile t's Index segment that can hold `key`. Within a row's tiles it gallops
  // from where the previous key of the same tile fell, so edges sorted within each tile (as
  // row-ordered lists are) leave the SIMD binary search a window of a few entries.
  void Segment(int64_t t, int32_t key, int32_t* lo, int32_t* hi);

 private:
  static constexpr int kCursors = 64;  // tiles per row that keep a cursor
  const TileIndex& gen_;
  const TileGeometry& geo_;
  int32_t row_ = -1;        // tile row of the previous query
  bool row_known_ = false;  // [row_begin_, row_end_) holds row_'s tiles
  int64_t row_begin_ = 0, row_end_ = 0;
  int32_t cursor_[kCursors];  // per tile of the row: a position at or before the last key
};

// Grouped arrays: slot = group * kLanes + lane.
struct GroupedSlots {
  SharedArray<int32_t> xcoord;    // local row when active, -1 when inactive or padding
  SharedArray<int32_t> ycoord;    // local column, -1 for padding
  SharedArray<EdgeId> slot_edge;  // caller's edge id of the slot, -1 for padding
  SharedArray<int32_t> row_base;  // per group: tile_row * T
  SharedArray<int32_t> col_base;  // per group: tile_col * T

  int64_t num_groups() const { return static_cast<int64_t>(row_base.size()); }
  int64_t num_slots() const { return static_cast<int64_t>(xcoord.size()); }
  // Groups of one tile share this key; ascending keys are tile order (row tile, then column).
  static uint64_t TileOrder(int32_t row_base, int32_t col_base) {
    return (static_cast<uint64_t>(row_base) << 32) | static_cast<uint32_t>(col_base);
  }
  uint64_t TileOrderOf(int64_t group) const { return TileOrder(row_base[group], col_base[group]); }
};

}  // namespace irreg

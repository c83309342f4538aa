// Tile geometry and the tile finder of the per-tile index (see tile_index.hpp).
#include "tiling/tile_index.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

namespace irreg {

TileGeometry::TileGeometry(int32_t rows, int32_t cols, int32_t tile)
    : n_rows(rows), n_cols(cols), tile_size(tile) {
  if (tile < 1 || tile > kMaxTileSize || (tile & (tile - 1)) != 0)
    throw std::invalid_argument("tile_size must be a power of two in [1, " +
                                std::to_string(kMaxTileSize) + "], got " + std::to_string(tile));
  if (rows < 0 || cols < 0) throw std::invalid_argument("n_rows and n_cols must be non-negative");
  while ((1 << log2_tile) < tile) ++log2_tile;
  const int64_t tile_cols = (static_cast<int64_t>(cols) + tile - 1) >> log2_tile;
  while ((int64_t{1} << column_bits) < tile_cols) ++column_bits;
}

int64_t TileFinder::Find(int32_t tile_row, int32_t tile_col) {
  const TileKey* keys = gen_.tile_keys.data();
  const TileKey key = geo_.KeyOf(tile_row, tile_col);
  const TileKey* first = keys;
  const TileKey* last = keys + gen_.num_tiles();
  if (tile_row == row_) {
    if (!row_known_) {  // second query in this row: worth finding the row's range once
      row_begin_ = std::lower_bound(first, last, geo_.KeyOf(tile_row, 0)) - keys;
      row_end_ = std::lower_bound(keys + row_begin_, last, geo_.KeyOf(tile_row + 1, 0)) - keys;
      row_known_ = true;
      std::fill(cursor_, cursor_ + kCursors, -1);
    }
    for (int64_t t = row_begin_; t < row_end_ && keys[t] <= key; ++t)
      if (keys[t] == key) return t;
    return -1;
  }
  row_ = tile_row;
  row_known_ = false;
  const TileKey* it = std::lower_bound(first, last, key);
  return (it != last && *it == key) ? it - keys : -1;
}

void TileFinder::Segment(int64_t t, int32_t key, int32_t* lo, int32_t* hi) {
  const int32_t begin = gen_.index_begin[t], end = gen_.index_begin[t + 1];
  *lo = begin;
  *hi = end;
  if (!row_known_ || t - row_begin_ >= kCursors) return;
  int32_t& cursor = cursor_[t - row_begin_];
  if (cursor >= begin) {
    const int32_t* index = gen_.index.data();
    if (index[cursor] < key) {
      int32_t below = cursor, step = 1, probe = cursor + 1;
      while (probe < end && index[probe] < key) {
        below = probe;
        step <<= 1;
        probe = cursor + step;
      }
      *lo = below + 1;
      *hi = std::min(probe + 1, end);
    } else {
      *hi = cursor + 1;  // out of order: the key is at or before the cursor
    }
  }
  cursor = std::min(*lo, end - 1);  // stays inside the segment when the key is past its end
}

}  // namespace irreg

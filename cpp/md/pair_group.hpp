// MD's grouped storage (DESIGN §4, §7; seed 000 §2.3, §5): one group is kLanes pairs of one
// tile, no row and no column repeated among its active lanes (the both-ends conflict rule). A
// tile is at most 256 atoms on a side, so a lane's local row and column are one byte each and a
// group, with its column base and its lanes' active bits, is 40 bytes: 2.5 bytes a slot, where
// the graph layout (int32 coordinates and an int64 edge id per slot) needs 16.
#pragma once

#include <cstdint>

#include "core/types.hpp"

namespace irreg::md {

// Largest MD tile edge: local rows and columns are uint8.
inline constexpr int32_t kMaxPairTile = 256;

struct PairGroup {
  uint8_t row[kLanes];  // local row of each lane (row tile's first atom + row)
  uint8_t col[kLanes];  // local column (col_base + col)
  int32_t col_base;     // the tile's first column: atom + (image << log2 columns per image)
  uint16_t active;      // bit l: lane l holds a pair; others are holes or padding (any row/col)
  uint16_t unused;
};
static_assert(sizeof(PairGroup) == 40);

// A run of groups whose rows start at row_base: a row tile's groups, or a part of them.
struct GroupSpan {
  const PairGroup* groups;
  int64_t num_groups;
  int32_t row_base;
};

}  // namespace irreg::md

#include "tiling/tile_and_group.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "tiling/radix_sort.hpp"

namespace irreg {

namespace {

// Lanes of one group while it is being filled.
struct GroupBuffer {
  int count = 0;
  int64_t opened = 0;
  int32_t member[kLanes], row[kLanes], col[kLanes];
  EdgeId id[kLanes];

  void Add(int32_t k, int32_t local_row, int32_t local_col, EdgeId edge) {
    member[count] = k;
    row[count] = local_row;
    col[count] = local_col;
    id[count] = edge;
    ++count;
  }
};

// Appends `g` as the next group of the slot arrays, padded to kLanes, and records the slot of
// each member in the generation's Pos.
void AppendGroup(const GroupBuffer& g, int32_t row_base, int32_t col_base, bool active,
                 GroupedSlots* slots, std::vector<int32_t>* pos) {
  const int64_t first_slot = slots->num_groups() * kLanes;
  if (first_slot + kLanes > INT32_MAX)
    throw std::length_error("grouped index would exceed 2^31 slots; split the edges over "
                            "several indexes");
  slots->row_base.push_back(row_base);
  slots->col_base.push_back(col_base);
  slots->xcoord.resize(first_slot + kLanes, -1);
  slots->ycoord.resize(first_slot + kLanes, -1);
  slots->slot_edge.resize(first_slot + kLanes, -1);
  int32_t* x = slots->xcoord.data() + first_slot;
  int32_t* y = slots->ycoord.data() + first_slot;
  EdgeId* e = slots->slot_edge.data() + first_slot;
  for (int lane = 0; lane < g.count; ++lane) {
    x[lane] = active ? g.row[lane] : -1;
    y[lane] = g.col[lane];
    e[lane] = g.id[lane];
    (*pos)[g.member[lane]] = static_cast<int32_t>(first_slot + lane);
  }
}

// Packs one tile's edges into groups with a window of up to 64 open groups. A per-vertex
// bitmask says which open groups already hold that row/column, so placing an edge is a
// find-first-set: the lowest open group it does not conflict with. When every open group
// conflicts, the oldest is closed (padded) to make room, which bounds the work per edge.
class TileGrouper {
 public:
  TileGrouper(int32_t tile_size, ConflictRule rule, bool active, GroupedSlots* slots,
              std::vector<int32_t>* pos)
      : rule_(rule), active_(active), slots_(slots), pos_(pos),
        row_mask_(tile_size, 0), col_mask_(tile_size, 0) {}

  void BeginTile(int32_t row_base, int32_t col_base) {
    row_base_ = row_base;
    col_base_ = col_base;
  }

  // k: the edge's position in the generation's Index (its Pos entry is filled on close).
  void Place(int32_t k, int32_t local_row, int32_t local_col, EdgeId id) {
    uint64_t taken = col_mask_[local_col];
    if (rule_ == ConflictRule::kBothEnds) taken |= row_mask_[local_row];
    uint64_t fits = live_ & ~taken;
    int s;
    if (fits != 0) {
      s = __builtin_ctzll(fits);
    } else if (live_ != ~uint64_t{0}) {
      s = __builtin_ctzll(~live_);
      Open(s);
    } else {
      s = Oldest();
      Close(s);
      Open(s);
    }
    GroupBuffer& g = open_[s];
    g.Add(k, local_row, local_col, id);
    row_mask_[local_row] |= uint64_t{1} << s;
    col_mask_[local_col] |= uint64_t{1} << s;
    if (g.count == kLanes) Close(s);
  }

  void EndTile() {
    while (live_ != 0) Close(Oldest());
  }

 private:
  void Open(int s) {
    live_ |= uint64_t{1} << s;
    open_[s].count = 0;
    open_[s].opened = opened_++;
  }

  int Oldest() const {
    int best = -1;
    for (uint64_t m = live_; m != 0; m &= m - 1) {
      const int s = __builtin_ctzll(m);
      if (best < 0 || open_[s].opened < open_[best].opened) best = s;
    }
    return best;
  }

  // Emits the open group in slot s and frees the slot.
  void Close(int s) {
    const GroupBuffer& g = open_[s];
    AppendGroup(g, row_base_, col_base_, active_, slots_, pos_);
    const uint64_t bit = uint64_t{1} << s;
    for (int lane = 0; lane < g.count; ++lane) {
      row_mask_[g.row[lane]] &= ~bit;
      col_mask_[g.col[lane]] &= ~bit;
    }
    live_ &= ~bit;
  }

  ConflictRule rule_;
  bool active_;
  GroupedSlots* slots_;
  std::vector<int32_t>* pos_;
  std::vector<uint64_t> row_mask_, col_mask_;
  GroupBuffer open_[64];
  uint64_t live_ = 0;
  int64_t opened_ = 0;
  int32_t row_base_ = 0, col_base_ = 0;
};

// The original inspector's greedy first-fit (Chen et al., seed 000 §2.3): each edge goes into the
// first group of its tile, in creation order, that has room and no conflicting lane. Kept as the
// baseline the paper's Table 4 compares against; its cost grows with the groups per tile.
class FirstFitGrouper {
 public:
  FirstFitGrouper(ConflictRule rule, bool active, GroupedSlots* slots, std::vector<int32_t>* pos)
      : rule_(rule), active_(active), slots_(slots), pos_(pos) {}

  void BeginTile(int32_t row_base, int32_t col_base) {
    row_base_ = row_base;
    col_base_ = col_base;
    groups_.clear();
    first_open_ = 0;
  }

  void Place(int32_t k, int32_t local_row, int32_t local_col, EdgeId id) {
    for (size_t g = first_open_; g < groups_.size(); ++g) {
      if (groups_[g].count < kLanes && Fits(groups_[g], local_row, local_col)) {
        groups_[g].Add(k, local_row, local_col, id);
        while (first_open_ < groups_.size() && groups_[first_open_].count == kLanes)
          ++first_open_;
        return;
      }
    }
    groups_.emplace_back();
    groups_.back().Add(k, local_row, local_col, id);
  }

  void EndTile() {
    for (const GroupBuffer& g : groups_) AppendGroup(g, row_base_, col_base_, active_, slots_, pos_);
    groups_.clear();
  }

 private:
  bool Fits(const GroupBuffer& g, int32_t local_row, int32_t local_col) const {
    for (int lane = 0; lane < g.count; ++lane) {
      if (g.col[lane] == local_col) return false;
      if (rule_ == ConflictRule::kBothEnds && g.row[lane] == local_row) return false;
    }
    return true;
  }

  ConflictRule rule_;
  bool active_;
  GroupedSlots* slots_;
  std::vector<int32_t>* pos_;
  std::vector<GroupBuffer> groups_;
  size_t first_open_ = 0;
  int32_t row_base_ = 0, col_base_ = 0;
};

// Walks the sorted, deduplicated edges tile by tile, feeding them to a grouper.
template <typename Grouper>
void GroupTiles(const std::vector<uint64_t>& keys, const std::vector<int32_t>& order,
                int64_t unique, const EdgeId* edge_ids, const TileGeometry& geo, Grouper* grouper,
                std::vector<TileKey>* tile_keys, std::vector<int32_t>* index_begin,
                std::vector<int32_t>* index, std::vector<int32_t>* group_begin,
                GroupedSlots* slots) {
  const int L = geo.log2_tile;
  const uint64_t w_mask = (uint64_t{1} << (2 * L)) - 1;
  const int32_t t_mask = (1 << L) - 1;
  for (int64_t k = 0; k < unique; ++k) {
    const TileKey tile = static_cast<TileKey>(keys[k] >> (2 * L));
    if (tile_keys->empty() || tile_keys->back() != tile) {
      if (!tile_keys->empty()) grouper->EndTile();
      tile_keys->push_back(tile);
      index_begin->push_back(static_cast<int32_t>(k));
      group_begin->push_back(static_cast<int32_t>(slots->num_groups()));
      grouper->BeginTile(geo.TileRowOf(tile) << L, geo.TileColOf(tile) << L);
    }
    const int32_t w = static_cast<int32_t>(keys[k] & w_mask);
    (*index)[k] = w;
    const EdgeId id = edge_ids ? edge_ids[order[k]] : order[k];
    grouper->Place(static_cast<int32_t>(k), w >> L, w & t_mask, id);
  }
  if (!tile_keys->empty()) grouper->EndTile();
}

}  // namespace

TileIndex TileAndGroup(const int32_t* rows, const int32_t* cols, const EdgeId* edge_ids,
                       int64_t n, const TileGeometry& geo, ConflictRule rule, Grouping grouping,
                       bool active, const TilingKernels& kernels, GroupedSlots* slots) {
  if (n >= (int64_t{1} << 30))
    throw std::length_error("at most 2^30 - 1 edges per build or rebuild, got " +
                            std::to_string(n));
  const int L = geo.log2_tile;
  std::vector<uint64_t> keys(n);
  std::vector<int32_t> order(n);
  kernels.ComputeSortKeys(rows, cols, n, L, geo.column_bits, keys.data());
  for (int64_t i = 0; i < n; ++i) order[i] = static_cast<int32_t>(i);
  RadixSortPairs(&keys, &order);

  // Keep the last occurrence of each edge: the stable sort leaves it last in its run.
  int64_t unique = 0;
  for (int64_t i = 0; i < n; ++i) {
    if (i + 1 < n && keys[i + 1] == keys[i]) continue;
    keys[unique] = keys[i];
    order[unique] = order[i];
    ++unique;
  }

  std::vector<TileKey> tile_keys;
  std::vector<int32_t> index_begin, index(unique), pos(unique), group_begin;
  if (grouping == Grouping::kFirstFit) {
    FirstFitGrouper grouper(rule, active, slots, &pos);
    GroupTiles(keys, order, unique, edge_ids, geo, &grouper, &tile_keys, &index_begin, &index,
               &group_begin, slots);
  } else {
    TileGrouper grouper(geo.tile_size, rule, active, slots, &pos);
    GroupTiles(keys, order, unique, edge_ids, geo, &grouper, &tile_keys, &index_begin, &index,
               &group_begin, slots);
  }
  index_begin.push_back(static_cast<int32_t>(unique));
  group_begin.push_back(static_cast<int32_t>(slots->num_groups()));

  TileIndex out;
  out.tile_keys = SharedArray<TileKey>(std::move(tile_keys));
  out.index_begin = SharedArray<int32_t>(std::move(index_begin));
  out.index = SharedArray<int32_t>(std::move(index));
  out.pos = SharedArray<int32_t>(std::move(pos));
  out.group_begin = SharedArray<int32_t>(std::move(group_begin));
  return out;
}

}  // namespace irreg

#include "tiling/tile_and_group.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <vector>

#include "tiling/radix_sort.hpp"

namespace irreg {

namespace {

// Below this many edges the work is not worth a parallel region: an Inc-Group rebuild of
// in.lj's 32,000 atoms groups ~34,000 new pairs in 0.7 ms on one thread, while each of the
// regions and barriers of the parallel path can cost a scheduler slice on a busy machine.
constexpr int64_t kMinParallelEdges = int64_t{1} << 16;

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
    throw std::length_error(
        "grouped index would exceed 2^31 slots; split the edges over "
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
      : rule_(rule),
        active_(active),
        slots_(slots),
        pos_(pos),
        row_mask_(tile_size, 0),
        col_mask_(tile_size, 0) {}

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
        while (first_open_ < groups_.size() && groups_[first_open_].count == kLanes) ++first_open_;
        return;
      }
    }
    groups_.emplace_back();
    groups_.back().Add(k, local_row, local_col, id);
  }

  void EndTile() {
    for (const GroupBuffer& g : groups_)
      AppendGroup(g, row_base_, col_base_, active_, slots_, pos_);
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

// Walks the sorted, deduplicated edges [first, last) tile by tile (first and last on tile
// boundaries), feeding them to a grouper. index and the grouper's pos are indexed by edge k;
// index_begin gets k, group_begin the group count of `slots`.
template <typename Grouper>
void GroupTiles(const std::vector<uint64_t>& keys, const std::vector<int32_t>& order, int64_t first,
                int64_t last, const EdgeId* edge_ids, const TileGeometry& geo, Grouper* grouper,
                std::vector<TileKey>* tile_keys, std::vector<int32_t>* index_begin,
                std::vector<int32_t>* index, std::vector<int32_t>* group_begin,
                GroupedSlots* slots) {
  const int L = geo.log2_tile;
  const uint64_t w_mask = (uint64_t{1} << (2 * L)) - 1;
  const int32_t t_mask = (1 << L) - 1;
  bool open = false;
  for (int64_t k = first; k < last; ++k) {
    const TileKey tile = static_cast<TileKey>(keys[k] >> (2 * L));
    if (!open || tile_keys->back() != tile) {
      if (open) grouper->EndTile();
      open = true;
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
  if (open) grouper->EndTile();
}

// Groups [first, last) with the grouper `grouping` asks for.
void GroupRange(const std::vector<uint64_t>& keys, const std::vector<int32_t>& order, int64_t first,
                int64_t last, const EdgeId* edge_ids, const TileGeometry& geo, ConflictRule rule,
                Grouping grouping, bool active, std::vector<TileKey>* tile_keys,
                std::vector<int32_t>* index_begin, std::vector<int32_t>* index,
                std::vector<int32_t>* pos, std::vector<int32_t>* group_begin, GroupedSlots* slots) {
  if (grouping == Grouping::kFirstFit) {
    FirstFitGrouper grouper(rule, active, slots, pos);
    GroupTiles(keys, order, first, last, edge_ids, geo, &grouper, tile_keys, index_begin, index,
               group_begin, slots);
  } else {
    TileGrouper grouper(geo.tile_size, rule, active, slots, pos);
    GroupTiles(keys, order, first, last, edge_ids, geo, &grouper, tile_keys, index_begin, index,
               group_begin, slots);
  }
}

// Keeps the last occurrence of each edge (the stable sort leaves it last in its run); returns
// how many are left at the front of keys and order.
int64_t Deduplicate(std::vector<uint64_t>* keys, std::vector<int32_t>* order, int32_t threads) {
  const int64_t n = static_cast<int64_t>(keys->size());
  const uint64_t* in_k = keys->data();
  const auto last_of_run = [&](int64_t i) { return i + 1 == n || in_k[i + 1] != in_k[i]; };
  if (threads <= 1 || n < kMinParallelEdges) {
    int64_t unique = 0;
    for (int64_t i = 0; i < n; ++i) {
      if (!last_of_run(i)) continue;
      (*keys)[unique] = (*keys)[i];
      (*order)[unique] = (*order)[i];
      ++unique;
    }
    return unique;
  }
  // Shares count their survivors, then copy them to their offsets in fresh arrays (in place,
  // a share could overwrite what another has yet to read).
  const int64_t shares = threads;
  std::vector<int64_t> at(shares + 1, 0);
  std::vector<uint64_t> out_k(n);
  std::vector<int32_t> out_o(n);
  const int32_t* in_o = order->data();
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(static, 1)
    for (int64_t s = 0; s < shares; ++s) {
      int64_t kept = 0;
      for (int64_t i = n * s / shares; i < n * (s + 1) / shares; ++i) kept += last_of_run(i);
      at[s + 1] = kept;
    }
#pragma omp single
    for (int64_t s = 0; s < shares; ++s) at[s + 1] += at[s];
#pragma omp for schedule(static, 1)
    for (int64_t s = 0; s < shares; ++s) {
      int64_t j = at[s];
      for (int64_t i = n * s / shares; i < n * (s + 1) / shares; ++i) {
        if (!last_of_run(i)) continue;
        out_k[j] = in_k[i];
        out_o[j] = in_o[i];
        ++j;
      }
    }
  }
  keys->swap(out_k);
  order->swap(out_o);
  return at[shares];
}

// One part of the parallel grouping: whole tiles [first, last) of the edges, grouped into slot
// arrays of its own (slots numbered from 0) that are copied into place once every part's group
// count is known.
struct Part {
  int64_t first = 0, last = 0;
  std::vector<TileKey> tile_keys;
  std::vector<int32_t> index_begin, group_begin;
  GroupedSlots slots;
};

// Tiles are independent: a grouper starts each tile with no open group and closes them all at
// its end, so a tile's groups (members, lane order, close order) do not depend on which thread
// groups it or on the tiles before it. Parts of whole tiles are grouped at once; their groups
// are concatenated in tile order, so every array is the serial one exactly.
void GroupTilesInParallel(const std::vector<uint64_t>& keys, const std::vector<int32_t>& order,
                          int64_t unique, const EdgeId* edge_ids, const TileGeometry& geo,
                          ConflictRule rule, Grouping grouping, bool active, int32_t threads,
                          std::vector<TileKey>* tile_keys, std::vector<int32_t>* index_begin,
                          std::vector<int32_t>* index, std::vector<int32_t>* pos,
                          std::vector<int32_t>* group_begin, GroupedSlots* slots) {
  // Several parts per thread: tiles differ in size.
  const int64_t num_parts = std::min<int64_t>(unique, 8 * static_cast<int64_t>(threads));
  const int shift = 2 * geo.log2_tile;
  std::vector<Part> parts(num_parts);
  for (int64_t p = 1; p < num_parts; ++p) {
    // The first tile that starts at or after an even share of the edges.
    const int64_t even = unique * p / num_parts;
    const uint64_t next_tile = ((keys[even - 1] >> shift) + 1) << shift;
    const int64_t start =
        std::lower_bound(keys.begin() + even, keys.begin() + unique, next_tile) - keys.begin();
    parts[p].first = parts[p - 1].last = std::max(start, parts[p - 1].first);
  }
  parts[num_parts - 1].last = unique;
  const int64_t groups_before = slots->num_groups();
  std::vector<int64_t> group_at(num_parts + 1, 0), tile_at(num_parts + 1, 0);
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(dynamic, 1)
    for (int64_t p = 0; p < num_parts; ++p) {
      Part& part = parts[p];
      GroupRange(keys, order, part.first, part.last, edge_ids, geo, rule, grouping, active,
                 &part.tile_keys, &part.index_begin, index, pos, &part.group_begin, &part.slots);
    }
#pragma omp single
    {
      for (int64_t p = 0; p < num_parts; ++p) {
        group_at[p + 1] = group_at[p] + parts[p].slots.num_groups();
        tile_at[p + 1] = tile_at[p] + static_cast<int64_t>(parts[p].tile_keys.size());
      }
    }
  }
  const int64_t total_groups = groups_before + group_at[num_parts];
  if (total_groups * kLanes > INT32_MAX)
    throw std::length_error(
        "grouped index would exceed 2^31 slots; split the edges over "
        "several indexes");
  const int64_t total_slots = total_groups * kLanes;
  slots->row_base.resize(total_groups);
  slots->col_base.resize(total_groups);
  slots->xcoord.resize(total_slots);
  slots->ycoord.resize(total_slots);
  slots->slot_edge.resize(total_slots);
  tile_keys->resize(tile_at[num_parts]);
  index_begin->resize(tile_at[num_parts]);
  group_begin->resize(tile_at[num_parts]);
#pragma omp parallel for num_threads(threads) schedule(dynamic, 1)
  for (int64_t p = 0; p < num_parts; ++p) {
    const Part& part = parts[p];
    const int64_t g0 = groups_before + group_at[p], s0 = g0 * kLanes;
    const GroupedSlots& from = part.slots;
    std::copy_n(from.row_base.data(), from.num_groups(), slots->row_base.data() + g0);
    std::copy_n(from.col_base.data(), from.num_groups(), slots->col_base.data() + g0);
    std::copy_n(from.xcoord.data(), from.num_slots(), slots->xcoord.data() + s0);
    std::copy_n(from.ycoord.data(), from.num_slots(), slots->ycoord.data() + s0);
    std::copy_n(from.slot_edge.data(), from.num_slots(), slots->slot_edge.data() + s0);
    const int64_t t0 = tile_at[p];
    std::copy(part.tile_keys.begin(), part.tile_keys.end(), tile_keys->begin() + t0);
    std::copy(part.index_begin.begin(), part.index_begin.end(), index_begin->begin() + t0);
    for (size_t t = 0; t < part.group_begin.size(); ++t)
      (*group_begin)[t0 + t] = static_cast<int32_t>(g0 + part.group_begin[t]);
    for (int64_t k = part.first; k < part.last; ++k) (*pos)[k] += static_cast<int32_t>(s0);
  }
}

}  // namespace

TileIndex TileAndGroup(const int32_t* rows, const int32_t* cols, const EdgeId* edge_ids, int64_t n,
                       const TileGeometry& geo, ConflictRule rule, Grouping grouping, bool active,
                       const TilingKernels& kernels, GroupedSlots* slots, int32_t threads) {
  if (n >= (int64_t{1} << 30))
    throw std::length_error("at most 2^30 - 1 edges per build or rebuild, got " +
                            std::to_string(n));
  if (n < kMinParallelEdges) threads = 1;
  const int L = geo.log2_tile;
  std::vector<uint64_t> keys(n);
  std::vector<int32_t> order(n);
  if (threads == 1) {
    kernels.ComputeSortKeys(rows, cols, n, L, geo.column_bits, keys.data());
    for (int64_t i = 0; i < n; ++i) order[i] = static_cast<int32_t>(i);
  } else {
    const int64_t shares = threads;
#pragma omp parallel for num_threads(threads) schedule(static, 1)
    for (int64_t s = 0; s < shares; ++s) {
      const int64_t begin = n * s / shares, end = n * (s + 1) / shares;
      kernels.ComputeSortKeys(rows + begin, cols + begin, end - begin, L, geo.column_bits,
                              keys.data() + begin);
      for (int64_t i = begin; i < end; ++i) order[i] = static_cast<int32_t>(i);
    }
  }
  RadixSortPairs(&keys, &order, threads);
  const int64_t unique = Deduplicate(&keys, &order, threads);

  // Room for a first build's groups at a lane fill of one half or more, reserved at once:
  // growing by doubling copied every slot array and held old and new copies together (the peak
  // of a 1M-atom MD build). Pages reserved but never written are not resident.
  if (slots->num_groups() == 0) {  // a first build; later generations grow as they come
    const size_t groups = static_cast<size_t>(unique / (kLanes / 2) + 1);
    slots->row_base.reserve(groups), slots->col_base.reserve(groups);
    slots->xcoord.reserve(groups * kLanes), slots->ycoord.reserve(groups * kLanes);
    slots->slot_edge.reserve(groups * kLanes);
  }
  std::vector<TileKey> tile_keys;
  std::vector<int32_t> index_begin, index(unique), pos(unique), group_begin;
  // Past 2^31 slots the serial path throws cleanly; inside a parallel region it could not.
  const bool may_overflow = (slots->num_groups() + unique) * kLanes > INT32_MAX;
  if (threads == 1 || unique < kMinParallelEdges || may_overflow)
    GroupRange(keys, order, 0, unique, edge_ids, geo, rule, grouping, active, &tile_keys,
               &index_begin, &index, &pos, &group_begin, slots);
  else
    GroupTilesInParallel(keys, order, unique, edge_ids, geo, rule, grouping, active, threads,
                         &tile_keys, &index_begin, &index, &pos, &group_begin, slots);
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

#include "tiling/index_collection.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>

#include "core/threads.hpp"
#include "tiling/tile_and_group.hpp"

namespace irreg {

// Holes cost every later force sweep a masked lane each, while compaction costs one regroup of
// the active edges. `irreg bench index --sweep-compaction` (221k-atom LJ liquid, 10M pairs, 20
// rebuilds of ~5% each, one scatter_add sweep after each, avx512) took 20.3 s at 0.05, 15.7 s at
// 0.1, 13.2 s at 0.15, 13.1 s at 0.25, 14.4 s at 0.35 and 14.1 s never compacting: compacting
// more often pays the regroup too often, less often leaves the sweeps padded with holes.
const double kDefaultCompactThreshold = 0.25;

// `irreg bench index --sweep-tile-size` on the same pairs (atoms in Morton order): from T = 32 to
// 1024 the lane fill went 0.37, 0.52, 0.67, 0.80, 0.89, 0.93 and a scatter_add sweep 55, 37, 32,
// 31, 27, 27 ms; tile_and_group was fastest at 512 (780 ms) and Search-and-Activate within 10%
// from 64 up. 512 is the smallest tile at the best sweep time.
const int32_t kDefaultTileSize = 512;

IndexCollection::IndexCollection(int32_t n_rows, int32_t n_cols, int32_t tile_size,
                                 ConflictRule rule, double compact_threshold, int max_generations,
                                 Grouping grouping)
    : geo_(n_rows, n_cols, tile_size),
      rule_(rule),
      grouping_(grouping),
      compact_threshold_(compact_threshold),
      max_generations_(max_generations) {
  if (!(compact_threshold > 0.0 && compact_threshold <= 1.0))
    throw std::invalid_argument("compact_threshold must be in (0, 1], got " +
                                std::to_string(compact_threshold));
  if (max_generations < 1) throw std::invalid_argument("max_generations must be at least 1");
}

void IndexCollection::set_threads(int32_t threads) {
  CheckThreads(threads);
  threads_ = threads;
}

void IndexCollection::Validate(const int32_t* rows, const int32_t* cols, int64_t n) const {
  for (int64_t i = 0; i < n; ++i) {
    if (rows[i] < 0 || rows[i] >= geo_.n_rows)
      throw std::invalid_argument("rows[" + std::to_string(i) + "] = " + std::to_string(rows[i]) +
                                  " is outside [0, n_rows=" + std::to_string(geo_.n_rows) + ")");
    if (cols[i] < 0 || cols[i] >= geo_.n_cols)
      throw std::invalid_argument("cols[" + std::to_string(i) + "] = " + std::to_string(cols[i]) +
                                  " is outside [0, n_cols=" + std::to_string(geo_.n_cols) + ")");
  }
}

void IndexCollection::Clear() {
  slots_ = GroupedSlots();
  generations_.clear();
  active_groups_.clear();
  group_listed_.clear();
}

void IndexCollection::Build(const int32_t* rows, const int32_t* cols, const EdgeId* ids, int64_t n,
                            bool active, const TilingKernels& k) {
  Validate(rows, cols, n);
  Clear();
  AppendGeneration(rows, cols, ids, n, active, k);
}

void IndexCollection::AppendGeneration(const int32_t* rows, const int32_t* cols, const EdgeId* ids,
                                       int64_t n, bool active, const TilingKernels& k) {
  const int64_t first_group = slots_.num_groups();
  generations_.push_back(
      TileAndGroup(rows, cols, ids, n, geo_, rule_, grouping_, active, k, &slots_, threads_));
  group_listed_.resize(slots_.num_groups(), 0);
  if (!active) return;
  for (int64_t g = first_group; g < slots_.num_groups(); ++g) {
    group_listed_[g] = 1;
    active_groups_.push_back(static_cast<int32_t>(g));
  }
}

void IndexCollection::Locate(const int32_t* rows, const int32_t* cols, int64_t n, bool activate,
                             int32_t* out_slots, const TilingKernels& k) {
  std::fill(out_slots, out_slots + n, -1);
  const int L = geo_.log2_tile;
  const int32_t t_mask = geo_.tile_size - 1;
  // Chunks keep the per-query scratch in cache; pending queries shrink generation by generation.
  constexpr int64_t kChunk = int64_t{1} << 14;
  const int64_t scratch = std::min(n, kChunk);
  std::vector<int32_t> pending(scratch), keys(scratch), lo(scratch), hi(scratch), found(scratch);
  int32_t* xcoord = activate ? slots_.xcoord.data() : nullptr;
  for (int64_t start = 0; start < n; start += kChunk) {
    int64_t num_pending = std::min(kChunk, n - start);
    for (int64_t j = 0; j < num_pending; ++j) pending[j] = static_cast<int32_t>(j);
    for (const TileIndex& gen : generations_) {
      if (num_pending == 0) break;
      TileFinder finder(gen, geo_);
      for (int64_t j = 0; j < num_pending; ++j) {
        const int64_t q = start + pending[j];
        const int32_t r = rows[q], c = cols[q];
        const int64_t t = finder.Find(r >> L, c >> L);
        keys[j] = ((r & t_mask) << L) | (c & t_mask);
        if (t >= 0)
          finder.Segment(t, keys[j], &lo[j], &hi[j]);
        else
          lo[j] = hi[j] = 0;
      }
      k.SearchAndActivate(gen.index.data(), gen.pos.data(), keys.data(), lo.data(), hi.data(),
                          num_pending, L, xcoord, found.data());
      int64_t still = 0;
      for (int64_t j = 0; j < num_pending; ++j) {
        if (found[j] >= 0)
          out_slots[start + pending[j]] = found[j];
        else
          pending[still++] = pending[j];
      }
      num_pending = still;
    }
  }
  if (activate) ListGroupsOfSlots(out_slots, n);
}

void IndexCollection::ListGroupsOfSlots(const int32_t* slots, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if (slots[i] < 0) continue;
    const int32_t g = slots[i] / kLanes;
    if (!group_listed_[g]) {
      group_listed_[g] = 1;
      active_groups_.push_back(g);
    }
  }
}

int64_t IndexCollection::Activate(const int32_t* rows, const int32_t* cols, int64_t n,
                                  const TilingKernels& k) {
  Validate(rows, cols, n);
  std::vector<int32_t> slots(n);
  Locate(rows, cols, n, /*activate=*/true, slots.data(), k);
  return std::count_if(slots.begin(), slots.end(), [](int32_t s) { return s >= 0; });
}

int64_t IndexCollection::Deactivate(const int32_t* rows, const int32_t* cols, int64_t n,
                                    const TilingKernels& k) {
  Validate(rows, cols, n);
  std::vector<int32_t> slots(n);
  Locate(rows, cols, n, /*activate=*/false, slots.data(), k);
  k.ScatterSlotValue(slots_.xcoord.data(), slots.data(), n, -1);
  return std::count_if(slots.begin(), slots.end(), [](int32_t s) { return s >= 0; });
}

void IndexCollection::DeactivateAll(const TilingKernels& k) {
  const int32_t* groups = active_groups_.data();
  const int64_t n = static_cast<int64_t>(active_groups_.size());
  k.ClearGroups(slots_.xcoord.data(), groups, n);
  for (int64_t i = 0; i < n; ++i) group_listed_[groups[i]] = 0;
  active_groups_.clear();
}

UpdateStats IndexCollection::Update(const int32_t* rows, const int32_t* cols, int64_t n,
                                    const TilingKernels& k) {
  Validate(rows, cols, n);
  UpdateStats stats;
  const int64_t indexed_before = NumIndexed();
  DeactivateAll(k);
  std::vector<int32_t> slots(n);
  Locate(rows, cols, n, /*activate=*/true, slots.data(), k);

  std::vector<int32_t> new_rows, new_cols;
  std::vector<EdgeId> new_ids;
  EdgeId* slot_edge = slots_.slot_edge.data();
  for (int64_t q = 0; q < n; ++q) {
    if (slots[q] >= 0) {
      slot_edge[slots[q]] = q;  // in input order, so a repeated edge keeps its last position
      ++stats.found;
    } else {
      new_rows.push_back(rows[q]);
      new_cols.push_back(cols[q]);
      new_ids.push_back(q);
    }
  }
  if (!new_rows.empty())
    AppendGeneration(new_rows.data(), new_cols.data(), new_ids.data(),
                     static_cast<int64_t>(new_rows.size()), /*active=*/true, k);
  const int64_t indexed = NumIndexed();
  stats.added = indexed - indexed_before;
  stats.holes = indexed - NumActive(k);
  if (stats.holes > compact_threshold_ * static_cast<double>(indexed) ||
      static_cast<int>(generations_.size()) > max_generations_) {
    Compact(k);
    stats.compacted = true;
    stats.holes = 0;
  }
  return stats;
}

void IndexCollection::Compact(const TilingKernels& k) {
  std::vector<int32_t> rows, cols;
  std::vector<EdgeId> ids;
  ActiveEdges(&rows, &cols, &ids);
  Clear();
  AppendGeneration(rows.data(), cols.data(), ids.data(), static_cast<int64_t>(rows.size()),
                   /*active=*/true, k);
  ++num_compactions_;
}

void IndexCollection::ActiveEdges(std::vector<int32_t>* rows, std::vector<int32_t>* cols,
                                  std::vector<EdgeId>* ids) const {
  if (threads_ > 1) {
    ActiveEdgesInParallel(rows, cols, ids);
    return;
  }
  std::vector<int32_t> groups(active_groups_.data(), active_groups_.data() + active_groups_.size());
  std::sort(groups.begin(), groups.end());
  rows->clear();
  cols->clear();
  ids->clear();
  for (int32_t g : groups) {
    const int64_t first = static_cast<int64_t>(g) * kLanes;
    for (int lane = 0; lane < kLanes; ++lane) {
      const int32_t x = slots_.xcoord[first + lane];
      if (x < 0) continue;
      rows->push_back(slots_.row_base[g] + x);
      cols->push_back(slots_.col_base[g] + slots_.ycoord[first + lane]);
      ids->push_back(slots_.slot_edge[first + lane]);
    }
  }
}

// The serial walk's order (listed groups ascending, lanes in order) from shares of the group
// ids: group_listed_ marks exactly the groups of active_groups_, so a scan of it replaces the
// sort. Each share counts its active slots, then writes them at its offset.
void IndexCollection::ActiveEdgesInParallel(std::vector<int32_t>* rows, std::vector<int32_t>* cols,
                                            std::vector<EdgeId>* ids) const {
  const int64_t num_groups = slots_.num_groups();
  const int64_t shares = std::min<int64_t>(std::max<int64_t>(num_groups, 1), 4 * threads_);
  std::vector<int64_t> at(shares + 1, 0);
  const auto walk = [&](int64_t s, auto&& visit) {
    for (int64_t g = num_groups * s / shares; g < num_groups * (s + 1) / shares; ++g) {
      if (!group_listed_[g]) continue;
      for (int64_t slot = g * kLanes; slot < (g + 1) * kLanes; ++slot)
        if (slots_.xcoord[slot] >= 0) visit(g, slot);
    }
  };
#pragma omp parallel num_threads(threads_)
  {
#pragma omp for schedule(dynamic, 1)
    for (int64_t s = 0; s < shares; ++s) {
      int64_t count = 0;
      walk(s, [&](int64_t, int64_t) { ++count; });
      at[s + 1] = count;
    }
#pragma omp single
    {
      for (int64_t s = 0; s < shares; ++s) at[s + 1] += at[s];
      rows->resize(at[shares]);
      cols->resize(at[shares]);
      ids->resize(at[shares]);
    }
#pragma omp for schedule(dynamic, 1)
    for (int64_t s = 0; s < shares; ++s) {
      int64_t j = at[s];
      walk(s, [&](int64_t g, int64_t slot) {
        (*rows)[j] = slots_.row_base[g] + slots_.xcoord[slot];
        (*cols)[j] = slots_.col_base[g] + slots_.ycoord[slot];
        (*ids)[j] = slots_.slot_edge[slot];
        ++j;
      });
    }
  }
}

int64_t IndexCollection::NumActive(const TilingKernels& k) const {
  return k.CountActive(slots_.xcoord.data(), active_groups_.data(),
                       static_cast<int64_t>(active_groups_.size()));
}

int64_t IndexCollection::NumIndexed() const {
  int64_t total = 0;
  for (const TileIndex& gen : generations_) total += gen.num_edges();
  return total;
}

IndexCollection::Memory IndexCollection::MemoryBytes() const {
  Memory m;
  m.slots = slots_.xcoord.capacity_bytes() + slots_.ycoord.capacity_bytes() +
            slots_.slot_edge.capacity_bytes() + slots_.row_base.capacity_bytes() +
            slots_.col_base.capacity_bytes() + active_groups_.capacity_bytes() +
            CapacityBytes(group_listed_);
  for (const TileIndex& g : generations_)
    m.index += g.tile_keys.capacity_bytes() + g.index_begin.capacity_bytes() +
               g.index.capacity_bytes() + g.pos.capacity_bytes() + g.group_begin.capacity_bytes();
  return m;
}

}  // namespace irreg

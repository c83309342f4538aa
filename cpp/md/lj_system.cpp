#include "md/lj_system.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>

#ifdef _OPENMP
#include <omp.h>
#endif

#include "core/dispatch.hpp"
#include "core/shared_array.hpp"
#include "core/team.hpp"
#include "core/threads.hpp"
#include "md/lj_isa_choice.hpp"
#include "md/lj_pair_list.hpp"
#include "tiling/radix_sort.hpp"

namespace irreg::md {

// Tiles of 256 atoms: with Morton-ordered atoms a tile row meets a few dozen column tiles, each
// holding enough pairs to fill its groups (see the tile_size rows of `irreg bench md`).
const int32_t kDefaultMdTileSize = 256;

namespace {

using Clock = std::chrono::steady_clock;
double Since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

std::string Number(double x) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%g", x);
  return buf;
}

void Require(bool ok, const std::string& message) {
  if (!ok) throw std::invalid_argument(message);
}

void Accumulate(const LjTotals& part, LjTotals* totals) {
  totals->energy += part.energy;
  for (int k = 0; k < 6; ++k) totals->virial[k] += part.virial[k];
}

int32_t CeilLog2(int64_t x) {
  int32_t b = 0;
  while ((int64_t{1} << b) < x) ++b;
  return b;
}

}  // namespace

// The one place the Lennard-Jones parameters are checked (ase_irreg.LennardJones only maps
// ASE's parameters and defaults onto LjOptions): each message names the parameter and its range.
LjSystem::LjSystem(const LjOptions& options) : opt_(options) {
  const LjOptions& o = opt_;
  Require(std::isfinite(o.sigma) && o.sigma > 0, "sigma must be > 0, got " + Number(o.sigma));
  Require(std::isfinite(o.epsilon), "epsilon must be a finite number, got " + Number(o.epsilon));
  Require(std::isfinite(o.rc) && o.rc > 0, "rc must be a positive cutoff, got " + Number(o.rc));
  Require(std::isfinite(o.ro), "ro must be a finite number, got " + Number(o.ro));
  // One species, or a table per pair of species (checked entry by entry).
  std::vector<double> eps{o.epsilon}, sigma{o.sigma}, rc{o.rc};
  int32_t k = 1;
  const size_t m = o.pair_epsilon.size();
  if (m > 0 || !o.pair_sigma.empty() || !o.pair_rc.empty()) {
    Require(o.pair_sigma.size() == m && o.pair_rc.size() == m,
            "pair_epsilon, pair_sigma and pair_rc must have the same k x k size, got " +
                std::to_string(m) + ", " + std::to_string(o.pair_sigma.size()) + " and " +
                std::to_string(o.pair_rc.size()) + " entries");
    while (static_cast<size_t>(k) * k < m) ++k;
    Require(m > 0 && static_cast<size_t>(k) * k == m && k <= kMaxTypes,
            "pair tables must be k x k with 1 <= k <= " + std::to_string(kMaxTypes) + ", got " +
                std::to_string(m) + " entries");
    eps = o.pair_epsilon, sigma = o.pair_sigma, rc = o.pair_rc;
    for (int32_t a = 0; a < k; ++a)
      for (int32_t b = 0; b < k; ++b) {
        const size_t ab = static_cast<size_t>(a) * k + b, ba = static_cast<size_t>(b) * k + a;
        const std::string at = "[" + std::to_string(a) + ", " + std::to_string(b) + "]";
        Require(std::isfinite(sigma[ab]) && sigma[ab] > 0,
                "pair_sigma" + at + " must be > 0, got " + Number(sigma[ab]));
        Require(std::isfinite(eps[ab]),
                "pair_epsilon" + at + " must be a finite number, got " + Number(eps[ab]));
        Require(std::isfinite(rc[ab]) && rc[ab] > 0,
                "pair_rc" + at + " must be a positive cutoff, got " + Number(rc[ab]));
        for (const auto& [name, table] :
             {std::pair<const char*, const std::vector<double>*>{"pair_epsilon", &eps},
              {"pair_sigma", &sigma},
              {"pair_rc", &rc}})
          Require((*table)[ab] == (*table)[ba],
                  std::string(name) + " must be symmetric: " + name + at + " = " +
                      Number((*table)[ab]) + " but " + name + "[" + std::to_string(b) + ", " +
                      std::to_string(a) + "] = " + Number((*table)[ba]));
      }
  }
  const double min_rc = *std::min_element(rc.begin(), rc.end());
  const double min_sigma = *std::min_element(sigma.begin(), sigma.end());
  if (o.smooth)
    Require(o.ro >= 0 && o.ro < min_rc,
            "ro must satisfy 0 <= ro < rc (every pair's) with "
            "smooth=True, got ro=" +
                Number(o.ro) + ", rc=" + Number(min_rc));
  Require(std::isfinite(o.skin) && o.skin >= 0, "skin must be >= 0, got " + Number(o.skin));
  Require(o.rebuild_every >= 0,
          "rebuild_every must be >= 0 (0: when an atom moved more than skin / 2), got " +
              std::to_string(o.rebuild_every));
  const bool power_of_two = o.tile_size > 0 && (o.tile_size & (o.tile_size - 1)) == 0;
  Require(o.tile_size == 0 || (power_of_two && o.tile_size <= kMaxTileSize),
          "tile_size must be a power of two <= " + std::to_string(kMaxTileSize) +
              " (0: the default), got " + std::to_string(o.tile_size));
  CheckThreads(o.threads);
  if (opt_.min_distance <= 0) opt_.min_distance = 1e-2 * min_sigma;
  tile_ = opt_.tile_size > 0 ? opt_.tile_size : kDefaultMdTileSize;
  coef_ = LjCoefficients::Make(k, eps.data(), sigma.data(), rc.data(), opt_.ro, opt_.smooth,
                               opt_.shift);
  if (opt_.isa.empty()) {  // the ISA that ran the force probe fastest here
    const IsaChoice& choice = LjIsaChoice();
    isa_ = choice.isa;
    isa_chosen_by_ = choice.chosen_by;
  } else {
    isa_ = ResolveIsa(opt_.isa);
    isa_chosen_by_ = "isa=";
  }
  tiling_kernels_ = &TilingKernelsFor(isa_);
  md_kernels_ = &MdKernelsFor(isa_);
}

void LjSystem::set_threads(int32_t threads) {
  CheckThreads(threads);
  opt_.threads = threads;
}

void LjSystem::SetSystem(int64_t n, const double* positions, const double* cell, const bool* pbc,
                         const int32_t* types) {
  Require(n >= 0 && n < (int64_t{1} << 30), "too many atoms: " + std::to_string(n));
  if (types != nullptr)
    for (int64_t i = 0; i < n; ++i)
      Require(types[i] >= 0 && types[i] < coef_.num_types,
              "atom " + std::to_string(i) + " has type " + std::to_string(types[i]) +
                  ", outside 0 .. " + std::to_string(coef_.num_types - 1) +
                  " (the pair tables are " + std::to_string(coef_.num_types) + " x " +
                  std::to_string(coef_.num_types) + ")");
  const Team team(opt_.threads);
  team_ = team.size();
  const double radius = coef_.max_rc + opt_.skin;
  auto box = std::make_unique<Box>(cell, pbc, radius);
  const bool same_atoms = n == n_ && index_ != nullptr;
  box_ = std::move(box);
  if (!same_atoms) {
    n_ = n;
    order_.resize(n);
    for (int64_t p = 0; p < n; ++p) order_[p] = static_cast<int32_t>(p);
    index_.reset();
  }
  offset_.assign(3 * n, 0.0);
  pos_.assign(4 * n, 0.0);
  double unused;
  LoadPositions(positions, &unused);
  Wrap();
  if (!same_atoms && opt_.reorder && n > 1) {
    const std::vector<int32_t> order = SpatialOrder(pos_.data(), n, *box_, radius);
    std::vector<double> pos(4 * n), offset(3 * n);
    for (int64_t p = 0; p < n; ++p) {
      std::copy_n(&pos_[4 * order[p]], 4, &pos[4 * p]);
      std::copy_n(&offset_[3 * order[p]], 3, &offset[3 * p]);
      order_[p] = order[p];
    }
    pos_.swap(pos);
    offset_.swap(offset);
  }
  types_.clear();
  if (coef_.num_types > 1) {  // one species needs no types: the kernels skip the lookups
    types_.resize(n);
    for (int64_t p = 0; p < n; ++p) types_[p] = types != nullptr ? types[order_[p]] : 0;
  }
  force_.assign(4 * n, 0.0);
  need_build_ = true;
}

void LjSystem::LoadPositions(const double* positions, double* max_displacement2) {
  const bool track = !built_pos_.empty() && built_pos_.size() == pos_.size();
  double worst = 0.0, checksum = 0.0;
  for (int64_t p = 0; p < n_; ++p) {
    const double* src = positions + 3 * static_cast<int64_t>(order_[p]);
    double* dst = &pos_[4 * p];
    for (int d = 0; d < 3; ++d) dst[d] = src[d] - offset_[3 * p + d];
    checksum += src[0] + src[1] + src[2];
    if (track) {
      const double* b = &built_pos_[4 * p];
      const double d2 = (dst[0] - b[0]) * (dst[0] - b[0]) + (dst[1] - b[1]) * (dst[1] - b[1]) +
                        (dst[2] - b[2]) * (dst[2] - b[2]);
      worst = std::max(worst, d2);
    }
  }
  if (!std::isfinite(checksum)) {
    for (int64_t i = 0; i < 3 * n_; ++i)
      if (!std::isfinite(positions[i]))
        throw std::invalid_argument("position of atom " + std::to_string(i / 3) +
                                    " is not finite (" + std::to_string(positions[i]) + ")");
    throw std::invalid_argument("positions are too large to be summed: not a physical system");
  }
  *max_displacement2 = track ? worst : INFINITY;
}

// Moves every atom into the cell along periodic axes (its offset remembers by how much), so
// that pairs need only the images within the table's range.
void LjSystem::Wrap() {
  ParallelFor(team_, n_, [&](int64_t p) {
    double* x = &pos_[4 * p];
    for (int a = 0; a < 3; ++a) {
      if (!box_->periodic(a)) continue;
      const double f = std::floor(box_->Fractional(x, a));
      if (f == 0.0) continue;
      const double* v = box_->vector(a);
      for (int d = 0; d < 3; ++d) x[d] -= f * v[d], offset_[3 * p + d] += f * v[d];
    }
  });
}

void LjSystem::Rebuild() {
  const auto t0 = Clock::now();
  Wrap();
  const int32_t log2_cols = CeilLog2(std::max<int64_t>({n_, tile_, 1}));
  const int64_t n_cols = (int64_t{1} << log2_cols) * box_->num_images();
  Require(n_cols < (int64_t{1} << 31),
          "too many atoms for the periodic images within the cutoff: " + std::to_string(n_) +
              " atoms x " + std::to_string(box_->num_images()) + " images");
  CloseContact close;
  // The list being replaced becomes previous_ (Inc-Group's merge reads it): a swap, not a copy.
  std::swap(previous_, pairs_);
  BuildPairs(opt_.neighbor, pos_.data(), n_, *box_, coef_.max_rc + opt_.skin, log2_cols,
             opt_.min_distance, &pairs_, &close, team_);
  if (close.i >= 0) {
    std::swap(previous_, pairs_);  // keep the last good list
    throw std::invalid_argument(
        "atoms " + std::to_string(order_[close.i]) + " and " + std::to_string(order_[close.j]) +
        " are " + std::to_string(close.distance) + " apart, closer than min_distance = " +
        std::to_string(opt_.min_distance) + ": atoms on top of each other?");
  }
  built_pos_ = pos_;
  since_build_ = 0;
  need_build_ = false;
  stale_ = false;
  RebuildRecord rec;
  rec.compute = stats_.computes;
  rec.neighbor_seconds = Since(t0);
  rec.pairs = pairs_.num_pairs();

  const auto t1 = Clock::now();
  if (opt_.regroup != Regroup::kNone) {
    const bool fresh = index_ == nullptr || index_->geometry().n_cols != n_cols;
    if (fresh)
      index_ = std::make_unique<IndexCollection>(
          static_cast<int32_t>(n_), static_cast<int32_t>(n_cols), tile_, ConflictRule::kBothEnds);
    index_->set_threads(team_);
    index_->set_refill_holes(opt_.regroup == Regroup::kIncremental);
    if (fresh || opt_.regroup == Regroup::kFull) {  // Regroup-All groups every pair again
      RegroupAll();
      rec.added = rec.pairs;
      rec.removed = fresh ? 0 : stats_.pairs;
    } else {
      const int64_t groups_before = index_->slots().num_groups();
      const UpdateStats u = MergeIntoIndex();
      rec.added = u.added;
      rec.removed = stats_.pairs - u.found;
      rec.holes = u.holes;
      rec.compacted = u.compacted;
      if (!u.compacted) MergeNewGroupsIntoSweep(groups_before);
    }
    coloured_ = false;
    stats_.groups = static_cast<int64_t>(sweep_groups_.size());
    stats_.slots = stats_.groups * kLanes;
    stats_.active_slots = rec.pairs;          // the half list holds each pair once: one slot each
    if (rec.compacted) ++stats_.compactions;  // Inc-Group regroups its list instead (RegroupAll)
  } else {
    rec.added = rec.pairs;
    rec.removed = stats_.pairs;
  }
  rec.group_seconds = Since(t1);

  stats_.rebuilds += 1;
  stats_.pairs = rec.pairs;
  stats_.holes = rec.holes;
  stats_.added_total += rec.added;
  stats_.removed_total += rec.removed;
  stats_.neighbor_seconds += rec.neighbor_seconds;
  stats_.group_seconds += rec.group_seconds;
  if (stats_.recent.size() == LjStats::kRecentRebuilds) stats_.recent.erase(stats_.recent.begin());
  stats_.recent.push_back(rec);
}

// Search-and-Update, row by row: the previous list's pairs of row i are marked in a table
// indexed by their atom, so each new pair finds its old slot in O(1); unmarked old pairs vanish
// (holes), new pairs without a mark are grouped into a new generation. Each row unmarks what it
// marked, so the table is cleared once, when it is made. Where every periodic axis is at least
// twice the radius, at most one image of an atom is a neighbour, so the table needs one entry
// per atom (8 MB per thread at 1M atoms) and a mark matches only if the column, image
// included, is the same; smaller cells index it by column (atoms x images). A hash table per
// row, tried instead, cost 1.5x this one in probes. Rows touch only their own pairs, so with
// several threads chunks of rows run at once, each thread on its own table, and their lists
// are concatenated in row order: the update is the serial one exactly.
UpdateStats LjSystem::MergeIntoIndex() {
  const int32_t threads = team_;
  const double radius = coef_.max_rc + opt_.skin;
  bool by_atom = true;
  for (int a = 0; a < 3; ++a)
    if (box_->periodic(a) && box_->height(a) < 2.0 * radius) by_atom = false;
  const int32_t key_mask = by_atom ? (int32_t{1} << pairs_.log2_columns_per_image) - 1 : -1;
  const int64_t entries = by_atom ? n_ : index_->geometry().n_cols;
  if (static_cast<int64_t>(mark_.size()) != entries * threads)
    mark_.assign(entries * threads, int64_t{-1});
  // A found pair's slot goes straight into the new list's slot map (next_slot_[q]); new pairs
  // get theirs once grouped. Only vanished slots and new pairs are listed.
  next_slot_.resize(pairs_.cols.size());
  struct Diff {
    std::vector<int32_t> vanished, new_rows, new_cols;
    std::vector<EdgeId> new_ids;
    int64_t found = 0;
  };
  const auto merge_rows = [&](int64_t first, int64_t last, int64_t* mark, Diff* d) {
    for (int64_t i = first; i < last; ++i) {
      const int64_t stamp = (i + 1) << 32;  // mark = (row + 1) << 32 | previous pair index
      for (int64_t p = previous_.row_begin[i]; p < previous_.row_begin[i + 1]; ++p)
        mark[previous_.cols[p] & key_mask] = stamp | p;
      for (int64_t q = pairs_.row_begin[i]; q < pairs_.row_begin[i + 1]; ++q) {
        const int32_t col = pairs_.cols[q];
        int64_t& m = mark[col & key_mask];
        const int64_t p = m & 0xFFFFFFFF;
        if ((m & ~int64_t{0xFFFFFFFF}) == stamp && previous_.cols[p] == col) {
          next_slot_[q] = slot_of_pair_[p];
          slot_of_pair_[p] = -1;  // consumed
          m = -1;
          ++d->found;
        } else {
          next_slot_[q] = -1;
          d->new_rows.push_back(static_cast<int32_t>(i));
          d->new_cols.push_back(col);
          d->new_ids.push_back(q);
        }
      }
      for (int64_t p = previous_.row_begin[i]; p < previous_.row_begin[i + 1]; ++p) {
        if (slot_of_pair_[p] >= 0) d->vanished.push_back(slot_of_pair_[p]);
        mark[previous_.cols[p] & key_mask] = -1;
      }
    }
  };
  Diff all;
  if (threads == 1) {
    merge_rows(0, n_, mark_.data(), &all);
  } else {
    const int64_t chunks = std::max<int64_t>(1, std::min<int64_t>(n_, 4 * threads));
    std::vector<Diff> part(chunks);
    std::vector<int64_t> at(4 * (chunks + 1), 0);  // per list: offset of each chunk's share
#pragma omp parallel num_threads(threads)
    {
#ifdef _OPENMP
      int64_t* mark = mark_.data() + entries * omp_get_thread_num();
#else
      int64_t* mark = mark_.data();
#endif
#pragma omp for schedule(dynamic, 1)
      for (int64_t c = 0; c < chunks; ++c)
        merge_rows(n_ * c / chunks, n_ * (c + 1) / chunks, mark, &part[c]);
#pragma omp single
      {
        for (int64_t c = 0; c < chunks; ++c) {
          const Diff& d = part[c];
          const size_t sizes[4] = {d.vanished.size(), d.new_rows.size(), d.new_cols.size(),
                                   d.new_ids.size()};
          for (int l = 0; l < 4; ++l)
            at[l * (chunks + 1) + c + 1] =
                at[l * (chunks + 1) + c] + static_cast<int64_t>(sizes[l]);
          all.found += d.found;
        }
        all.vanished.resize(at[chunks]);
        all.new_rows.resize(at[2 * (chunks + 1) - 1]);
        all.new_cols.resize(at[3 * (chunks + 1) - 1]);
        all.new_ids.resize(at[4 * (chunks + 1) - 1]);
      }
#pragma omp for schedule(dynamic, 1)
      for (int64_t c = 0; c < chunks; ++c) {
        const Diff& d = part[c];
        const auto put = [&](const auto& from, auto* to, int l) {
          std::copy(from.begin(), from.end(), to->begin() + at[l * (chunks + 1) + c]);
        };
        put(d.vanished, &all.vanished, 0), put(d.new_rows, &all.new_rows, 1);
        put(d.new_cols, &all.new_cols, 2), put(d.new_ids, &all.new_ids, 3);
      }
    }
  }
  const int64_t groups_before = index_->slots().num_groups();
  UpdateStats u = index_->UpdateFromDiff(
      nullptr, nullptr, all.found, all.vanished.data(), static_cast<int64_t>(all.vanished.size()),
      all.new_rows.data(), all.new_cols.data(), all.new_ids.data(),
      static_cast<int64_t>(all.new_rows.size()), *tiling_kernels_, /*may_compact=*/false);
  if (u.compact_due) {
    // Regrouping the list itself, which comes row by row, costs less than the index's own
    // compaction (which first gathers its active slots) and packs groups as a build does.
    RegroupAll();
    u.compacted = true;
    u.holes = 0;
    return u;
  }
  // Found pairs kept their slots; only new groups and refilled holes need a look.
  slot_of_pair_.swap(next_slot_);
  MapPairsToSlots(groups_before);
  const GroupedSlots& s = index_->slots();
  for (const int32_t slot : index_->refilled_slots()) slot_of_pair_[s.slot_edge[slot]] = slot;
  return u;
}

// Every pair of the list grouped again, in list order (the first build, Regroup-All, and
// Inc-Group's compaction); Inc-Group then maps each pair to its slot.
void LjSystem::RegroupAll() {
  pair_rows_.resize(pairs_.num_pairs());
  ParallelFor(team_, n_, [&](int64_t i) {
    std::fill(pair_rows_.begin() + pairs_.row_begin[i],
              pair_rows_.begin() + pairs_.row_begin[i + 1], static_cast<int32_t>(i));
  });
  index_->Build(pair_rows_.data(), pairs_.cols.data(), nullptr, pairs_.num_pairs(), true,
                *tiling_kernels_);
  std::vector<int32_t>().swap(pair_rows_);  // 4 bytes a pair, needed only for the build
  if (opt_.regroup == Regroup::kIncremental) MapPairsToSlots(0);
  SortGroupsByTile();
}

// slot_of_pair_[k] = the slot holding pair k of the current list, for groups from first_group
// on (0: all of them, after a build or a compaction).
// No copy of the list into previous_ is needed: the next rebuild swaps pairs_ into it.
void LjSystem::MapPairsToSlots(int64_t first_group) {
  const GroupedSlots& s = index_->slots();
  if (first_group == 0) ResetSlotOfPair();
  const int64_t first = first_group * kLanes;
  ParallelFor(team_, s.num_slots() - first, [&](int64_t k) {
    const int64_t slot = first + k;
    if (s.xcoord[slot] >= 0) slot_of_pair_[s.slot_edge[slot]] = static_cast<int32_t>(slot);
  });
}

// slot_of_pair_ = -1 for every pair of the current list.
void LjSystem::ResetSlotOfPair() {
  if (team_ == 1) {
    slot_of_pair_.assign(pairs_.cols.size(), -1);
    return;
  }
  slot_of_pair_.resize(pairs_.cols.size());
  ParallelFor(team_, static_cast<int64_t>(slot_of_pair_.size()),
              [&](int64_t k) { slot_of_pair_[k] = -1; });
}

// Later generations append their groups at the end; sweeping them in tile order keeps the
// positions and forces a tile touches in cache, as the first build had them. A build or a
// compaction leaves one generation, already in tile order: then the check is the only pass.
void LjSystem::SortGroupsByTile() {
  const SharedArray<int32_t>& active = index_->active_groups();
  const GroupedSlots& s = index_->slots();
  std::vector<uint64_t> keys(active.size());
  sweep_groups_.resize(active.size());
  ParallelFor(team_, static_cast<int64_t>(active.size()), [&](int64_t k) {
    const int32_t g = active[k];
    sweep_groups_[k] = g;
    keys[k] = s.TileOrderOf(g);
  });
  if (!std::is_sorted(keys.begin(), keys.end())) RadixSortPairs(&keys, &sweep_groups_, team_);
}

// After an update without compaction the active groups are the previous sweep (in tile order,
// holes and all) and the new generation's groups from first_new on, which tiling already made in
// tile order: one merge gives what SortGroupsByTile's radix sort would, ties old first as in its
// stable sort, in one pass instead of a sort of every group.
void LjSystem::MergeNewGroupsIntoSweep(int64_t first_new) {
  const GroupedSlots& s = index_->slots();
  const auto key = [&](int64_t g) { return s.TileOrderOf(g); };
  const int64_t num_new = s.num_groups() - first_new;
  std::vector<int32_t> merged(sweep_groups_.size() + num_new);
  auto old_at = sweep_groups_.begin();
  int64_t next_new = first_new;
  for (int32_t& out : merged) {
    if (old_at != sweep_groups_.end() &&
        (next_new == s.num_groups() || key(*old_at) <= key(next_new)))
      out = *old_at++;
    else
      out = static_cast<int32_t>(next_new++);
  }
  sweep_groups_.swap(merged);
}

LjMemory LjSystem::MemoryBytes() const {
  const auto bytes = [](const auto& v) { return CapacityBytes(v); };
  const auto list = [&](const PairList& p) { return bytes(p.row_begin) + bytes(p.cols); };
  LjMemory m;
  m.atoms = bytes(order_) + bytes(pos_) + bytes(built_pos_) + bytes(offset_) + bytes(force_) +
            bytes(types_);
  m.pair_lists = list(pairs_) + list(previous_);
  m.slot_map = bytes(slot_of_pair_) + bytes(next_slot_);
  m.mark = bytes(mark_);
  if (index_) {
    const IndexCollection::Memory im = index_->MemoryBytes();
    m.index = im.slots + im.holes;
    m.index_search = im.index;
  }
  m.scratch = bytes(pair_rows_) + bytes(sweep_groups_) + bytes(colour_groups_) +
              bytes(task_begin_) + bytes(colour_begin_) + bytes(buffers_) + bytes(task_totals_);
  return m;
}

void LjSystem::RebuildAt(const double* positions) {
  Require(box_ != nullptr, "no atoms: call SetSystem first");
  const Team team(opt_.threads);
  team_ = team.size();
  double moved2;
  LoadPositions(positions, &moved2);
  Rebuild();
}

void LjSystem::ForcesInternal(bool energy_virial, LjTotals* totals) {
  if (opt_.regroup == Regroup::kNone || index_ == nullptr) {
    std::fill(force_.begin(), force_.end(), 0.0);
    LjOverPairList(pairs_, box_->shifts(), coef_, Types(), pos_.data(), energy_virial,
                   force_.data(), nullptr, nullptr, totals);
    return;
  }
  const GroupedSlots& s = index_->slots();
  const LjGroups groups{s.xcoord.data(),
                        s.ycoord.data(),
                        s.row_base.data(),
                        s.col_base.data(),
                        sweep_groups_.data(),
                        static_cast<int64_t>(sweep_groups_.size()),
                        pairs_.log2_columns_per_image,
                        box_->shifts(),
                        Types()};
  if (team_ > 1 && opt_.force_split == ForceSplit::kColouring) {
    ForcesByColour(groups, energy_virial, totals);
  } else if (team_ > 1) {
    ForcesOnBuffers(groups, energy_virial, totals);
  } else {
    std::fill(force_.begin(), force_.end(), 0.0);
    md_kernels_->lj_over_groups(groups, coef_, pos_.data(), energy_virial, force_.data(), totals);
  }
}

// The default force split is kBuffers. At 32,000 atoms (`irreg md lj`'s lattice, 93,813 groups)
// the colouring needs 50 colours (2,184 tile tasks), so a force call waits at 50 barriers where
// the buffers wait at two, and an extra array costs one pass over 4 n doubles. Force kernel
// alone, best of 30 (a 2-core machine shared with other jobs, so rough): 1 thread 5.7 ms;
// 2 threads, buffers 4.2 ms, colouring 11.0 ms (median 164 ms: libgomp's spinning barriers
// lose the core to other processes; 12.8 ms with OMP_WAIT_POLICY=passive).
//
// kBuffers: chunk c of `threads` equal shares of the groups (in tile order, so a chunk's atoms
// are near each other) goes into array c, the first of them force_ itself; the sum over the
// arrays runs over atoms in parallel, adding the chunks in chunk order.
void LjSystem::ForcesOnBuffers(const LjGroups& groups, bool energy_virial, LjTotals* totals) {
  const int32_t chunks = team_;
  const int64_t stride = 4 * n_;
  buffers_.resize(static_cast<size_t>(chunks - 1) * stride);
  task_totals_.assign(chunks, LjTotals{});
  const auto array = [&](int32_t c) {
    return c == 0 ? force_.data() : buffers_.data() + (c - 1) * stride;
  };
#pragma omp parallel num_threads(chunks)
  {
#pragma omp for schedule(static, 1)
    for (int32_t c = 0; c < chunks; ++c) {
      double* f = array(c);
      std::fill(f, f + stride, 0.0);
      LjGroups share = groups;
      const int64_t begin = groups.num_groups * c / chunks;
      share.groups = groups.groups + begin;
      share.num_groups = groups.num_groups * (c + 1) / chunks - begin;
      md_kernels_->lj_over_groups(share, coef_, pos_.data(), energy_virial, f, &task_totals_[c]);
    }
#pragma omp for schedule(static)
    for (int64_t k = 0; k < stride; ++k) {
      double sum = force_[k];
      for (int32_t c = 1; c < chunks; ++c) sum += buffers_[(c - 1) * stride + k];
      force_[k] = sum;
    }
  }
  for (const LjTotals& t : task_totals_) Accumulate(t, totals);
}

// kColouring: a task is one tile (a run of sweep_groups_ with one row_base and one col_base);
// it writes the atoms of its row tile and of its column tile (whatever the image). Greedy edge
// colouring of the graph whose vertices are atom tiles and whose edges are tasks: a task takes
// the lowest colour neither of its tiles has yet. The order depends on the index only, so the
// forces are the same at every thread count above 1.
void LjSystem::ColourTiles() {
  const GroupedSlots& s = index_->slots();
  const int64_t num_groups = static_cast<int64_t>(sweep_groups_.size());
  const int32_t atom_mask = (int32_t{1} << pairs_.log2_columns_per_image) - 1;
  const int64_t num_tiles = (n_ + tile_ - 1) / tile_ + 1;
  std::vector<std::vector<uint8_t>> used(num_tiles);
  std::vector<int32_t> colour_of_task;
  std::vector<int64_t> first_group;
  int32_t colours = 0;
  for (int64_t q = 0; q < num_groups;) {
    const int32_t g = sweep_groups_[q];
    int64_t end = q + 1;
    while (end < num_groups && s.row_base[sweep_groups_[end]] == s.row_base[g] &&
           s.col_base[sweep_groups_[end]] == s.col_base[g])
      ++end;
    const int64_t a = s.row_base[g] / tile_, b = (s.col_base[g] & atom_mask) / tile_;
    int32_t c = 0;
    while ((c < static_cast<int32_t>(used[a].size()) && used[a][c]) ||
           (c < static_cast<int32_t>(used[b].size()) && used[b][c]))
      ++c;
    for (const int64_t t : {a, b}) {
      if (static_cast<int32_t>(used[t].size()) <= c) used[t].resize(c + 1, 0);
      used[t][c] = 1;
    }
    colours = std::max(colours, c + 1);
    colour_of_task.push_back(c);
    first_group.push_back(q);
    q = end;
  }
  first_group.push_back(num_groups);
  const int64_t num_tasks = static_cast<int64_t>(colour_of_task.size());
  colour_begin_.assign(colours + 1, 0);
  for (const int32_t c : colour_of_task) ++colour_begin_[c + 1];
  for (int32_t c = 0; c < colours; ++c) colour_begin_[c + 1] += colour_begin_[c];
  std::vector<int64_t> slot(colour_begin_.begin(), colour_begin_.end() - 1), task_of(num_tasks);
  for (int64_t t = 0; t < num_tasks; ++t) task_of[slot[colour_of_task[t]]++] = t;
  colour_groups_.resize(num_groups);
  task_begin_.assign(num_tasks + 1, 0);
  for (int64_t k = 0; k < num_tasks; ++k) {
    const int64_t t = task_of[k];
    const int64_t len = first_group[t + 1] - first_group[t];
    std::copy_n(sweep_groups_.begin() + first_group[t], len,
                colour_groups_.begin() + task_begin_[k]);
    task_begin_[k + 1] = task_begin_[k] + len;
  }
  coloured_ = true;
  stats_.colours = colours;
  stats_.colour_tasks = num_tasks;
}

void LjSystem::ForcesByColour(const LjGroups& groups, bool energy_virial, LjTotals* totals) {
  if (!coloured_) ColourTiles();
  std::fill(force_.begin(), force_.end(), 0.0);
  const int64_t num_tasks = static_cast<int64_t>(task_begin_.size()) - 1;
  const int64_t colours = static_cast<int64_t>(colour_begin_.size()) - 1;
  task_totals_.assign(num_tasks, LjTotals{});
#pragma omp parallel num_threads(team_)
  for (int64_t c = 0; c < colours; ++c) {
#pragma omp for schedule(dynamic, 1)
    for (int64_t k = colour_begin_[c]; k < colour_begin_[c + 1]; ++k) {
      LjGroups task = groups;
      task.groups = colour_groups_.data() + task_begin_[k];
      task.num_groups = task_begin_[k + 1] - task_begin_[k];
      md_kernels_->lj_over_groups(task, coef_, pos_.data(), energy_virial, force_.data(),
                                  &task_totals_[k]);
    }
  }
  for (const LjTotals& t : task_totals_) Accumulate(t, totals);
}

void LjSystem::Compute(const double* positions, bool energy_virial, double* forces,
                       LjTotals* totals, double* atom_energy, double* atom_virial) {
  Require(box_ != nullptr, "no atoms: call SetSystem first");
  const Team team(opt_.threads);  // formed per call: the load may have changed since the last
  team_ = team.size();
  const auto t0 = Clock::now();
  double moved2;
  LoadPositions(positions, &moved2);
  const double half_skin = 0.5 * opt_.skin;
  // moved2 compares unwrapped positions, so an atom moved by a cell vector counts as moved.
  const bool moved_far = moved2 > half_skin * half_skin;
  const bool scheduled = opt_.rebuild_every > 0;
  const bool due =
      scheduled ? since_build_ >= opt_.rebuild_every || (opt_.check && moved_far) : moved_far;
  double other = Since(t0);
  if (need_build_ || due) {
    Rebuild();
  } else if (moved_far && !stale_) {
    stale_ = true;
    ++stats_.dangerous_builds;
  }

  const auto t1 = Clock::now();
  *totals = LjTotals{};
  ForcesInternal(energy_virial || atom_energy != nullptr, totals);
  ++since_build_;
  ++stats_.computes;
  stats_.force_seconds += Since(t1);

  const auto t2 = Clock::now();
  double checksum = 0.0;
  for (int64_t p = 0; p < n_; ++p) {
    std::copy_n(&force_[4 * p], 3, forces + 3 * static_cast<int64_t>(order_[p]));
    checksum += force_[4 * p] + force_[4 * p + 1] + force_[4 * p + 2];
  }
  if (atom_energy != nullptr || atom_virial != nullptr) {
    // Per-atom shares come from the plain list (the only kernel that splits them).
    std::vector<double> e(n_, 0.0), v(6 * n_, 0.0), scratch(4 * n_, 0.0);
    LjTotals unused;
    LjOverPairList(pairs_, box_->shifts(), coef_, Types(), pos_.data(), true, scratch.data(),
                   e.data(), v.data(), &unused);
    for (int64_t p = 0; p < n_; ++p) {
      const int64_t i = order_[p];
      if (atom_energy != nullptr) atom_energy[i] = e[p];
      if (atom_virial != nullptr) std::copy_n(&v[6 * p], 6, atom_virial + 6 * i);
    }
  }
  if (!std::isfinite(checksum) || !std::isfinite(totals->energy))
    throw std::invalid_argument(
        "the Lennard-Jones forces are not finite: atoms on top of each other (two atoms moved "
        "onto one point since the last neighbour build)");
  stats_.other_seconds += other + Since(t2);
}

}  // namespace irreg::md

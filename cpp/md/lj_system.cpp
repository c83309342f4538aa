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
  Require(o.tile_size == 0 || (power_of_two && o.tile_size <= kMaxPairTile),
          "tile_size must be a power of two <= " + std::to_string(kMaxPairTile) +
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
  const bool same_atoms = n == n_ && grouped_ != nullptr;
  box_ = std::move(box);
  if (!same_atoms) {
    ++atoms_generation_;
    n_ = n;
    order_.resize(n);
    for (int64_t p = 0; p < n; ++p) order_[p] = static_cast<int32_t>(p);
    grouped_.reset();
  }
  offset_.assign(4 * n, 0.0);
  pos_.assign(4 * n, 0.0);
  double unused;
  LoadPositions(positions, &unused);
  Wrap();
  if (!same_atoms && opt_.reorder && n > 1) {
    const std::vector<int32_t> order = SpatialOrder(pos_.data(), n, *box_, radius);
    std::vector<double> pos(4 * n), offset(4 * n);
    for (int64_t p = 0; p < n; ++p) {
      const int64_t from = 4 * static_cast<int64_t>(order[p]);
      for (int d = 0; d < 4; ++d)  // a loop, not copy_n: four doubles are no call to memmove
        pos[4 * p + d] = pos_[from + d], offset[4 * p + d] = offset_[from + d];
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
  ++loads_;
  const bool track = !built_pos_.empty() && built_pos_.size() == pos_.size();
  double worst = 0.0, checksum = 0.0;
  for (int64_t p = 0; p < n_; ++p) {
    const double* src = positions + 3 * static_cast<int64_t>(order_[p]);
    double* dst = &pos_[4 * p];
    for (int d = 0; d < 3; ++d) dst[d] = src[d] - offset_[4 * p + d];
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
      for (int d = 0; d < 3; ++d) x[d] -= f * v[d], offset_[4 * p + d] += f * v[d];
    }
  });
}

// The neighbour build and the grouping run as one pass, row tile by row tile (GroupedPairs
// asks the NeighborRows for each row tile's rows and groups them while they are in cache), so
// their times are split by the seconds each part took on the threads.
void LjSystem::Rebuild() {
  const auto t0 = Clock::now();
  Wrap();
  const int32_t log2_cols = CeilLog2(std::max<int64_t>({n_, tile_, 1}));
  const int64_t n_cols = (int64_t{1} << log2_cols) * box_->num_images();
  Require(n_cols < (int64_t{1} << 31),
          "too many atoms for the periodic images within the cutoff: " + std::to_string(n_) +
              " atoms x " + std::to_string(box_->num_images()) + " images");
  const double radius = coef_.max_rc + opt_.skin;
  RebuildRecord rec;
  rec.compute = stats_.computes;
  CloseContact close;
  if (opt_.regroup == Regroup::kNone) {
    PairList pairs;
    BuildPairs(opt_.neighbor, pos_.data(), n_, *box_, radius, log2_cols, opt_.min_distance,
               *md_kernels_, &pairs, &close, team_);
    if (close.i < 0) pairs_ = std::move(pairs);  // else the last good list stays
    rec.neighbor_seconds = Since(t0);
  } else {
    const NeighborRows rows(opt_.neighbor, pos_.data(), n_, *box_, radius, log2_cols,
                            opt_.min_distance, *md_kernels_);
    if (grouped_ == nullptr) grouped_ = std::make_unique<GroupedPairs>(tile_);
    // Update groups afresh by itself when the rows or the column encoding changed.
    const GroupedPairsCounts c = opt_.regroup == Regroup::kFull ? grouped_->Build(rows, team_)
                                                                : grouped_->Update(rows, team_);
    close = rows.close();
    split_.Invalidate();
    const double wall = Since(t0);
    const double parts = grouped_->rows_seconds() + grouped_->group_seconds();
    const double rows_share = parts > 0 ? grouped_->rows_seconds() / parts : 1.0;
    rec.neighbor_seconds = wall * rows_share;
    rec.group_seconds = wall - rec.neighbor_seconds;
    rec.added = c.added;
    rec.removed = stats_.pairs - c.found;
    rec.holes = c.holes();
    rec.compacted = c.regrouped_tiles > 0;
    stats_.compactions += c.regrouped_tiles;
    stats_.groups = c.groups;
    stats_.slots = c.groups * kLanes;
    stats_.active_slots = c.pairs;  // the half list holds each pair once: one slot each
  }
  if (close.i >= 0) {
    // The groups now hold the bad positions' pairs: the next build groups afresh.
    if (grouped_ != nullptr) grouped_->Clear(), need_build_ = true;
    throw std::invalid_argument(
        "atoms " + std::to_string(order_[close.i]) + " and " + std::to_string(order_[close.j]) +
        " are " + std::to_string(close.distance) + " apart, closer than min_distance = " +
        std::to_string(opt_.min_distance) + ": atoms on top of each other?");
  }
  built_pos_ = pos_;
  since_build_ = 0;
  need_build_ = false;
  stale_ = false;
  if (opt_.regroup == Regroup::kNone) {
    rec.pairs = pairs_.num_pairs();
    rec.added = rec.pairs;
    rec.removed = stats_.pairs;
  } else {
    rec.pairs = grouped_->num_pairs();
  }

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

void LjSystem::CurrentPairs(PairList* out) const {
  if (grouped_ != nullptr)
    grouped_->ToPairList(out);
  else
    *out = pairs_;
}

LjMemory LjSystem::MemoryBytes() const {
  const auto bytes = [](const auto& v) { return CapacityBytes(v); };
  LjMemory m;
  m.atoms = bytes(order_) + bytes(pos_) + bytes(built_pos_) + bytes(offset_) + bytes(force_) +
            bytes(types_);
  m.pair_list = bytes(pairs_.row_begin) + bytes(pairs_.cols);
  if (grouped_ != nullptr)
    m.groups = grouped_->GroupBytes(), m.workspace = grouped_->WorkspaceBytes();
  m.force_split = split_.Bytes();
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
  if (grouped_ == nullptr) {
    std::fill(force_.begin(), force_.end(), 0.0);
    LjOverPairList(pairs_, box_->shifts(), coef_, Types(), pos_.data(), energy_virial,
                   force_.data(), nullptr, nullptr, totals);
    return;
  }
  const ForceInputs in{md_kernels_, &coef_, box_->shifts(), Types(), pos_.data(), n_};
  split_.Forces(opt_.force_split, team_, *grouped_, in, energy_virial, force_.data(), totals);
  stats_.colours = split_.colours();
  stats_.colour_tasks = split_.colour_tasks();
}

void LjSystem::Compute(const double* positions, bool energy_virial, double* forces,
                       LjTotals* totals, double* atom_energy, double* atom_virial) {
  Require(box_ != nullptr, "no atoms: call SetSystem first");
  const Team team(opt_.threads);  // formed per call: the load may have changed since the last
  team_ = team.size();
  const auto t0 = Clock::now();
  double moved2;
  LoadPositions(positions, &moved2);
  stats_.other_seconds += Since(t0);
  Step(moved2, energy_virial || atom_energy != nullptr, totals);

  const auto t2 = Clock::now();
  double checksum = 0.0;
  for (int64_t p = 0; p < n_; ++p) {
    std::copy_n(&force_[4 * p], 3, forces + 3 * static_cast<int64_t>(order_[p]));
    checksum += force_[4 * p] + force_[4 * p + 1] + force_[4 * p + 2];
  }
  if (atom_energy != nullptr || atom_virial != nullptr) {
    // Per-atom shares come from the plain list (the only kernel that splits them), read off
    // the groups when there are groups.
    std::vector<double> e(n_, 0.0), v(6 * n_, 0.0), scratch(4 * n_, 0.0);
    LjTotals unused;
    PairList copy;
    const PairList* list = &pairs_;
    if (grouped_ != nullptr) grouped_->ToPairList(&copy), list = &copy;
    LjOverPairList(*list, box_->shifts(), coef_, Types(), pos_.data(), true, scratch.data(),
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
  stats_.other_seconds += Since(t2);
}

// The rebuild when due, then the forces (internal order, into force_).
void LjSystem::Step(double moved2, bool energy_virial, LjTotals* totals) {
  const double half_skin = 0.5 * opt_.skin;
  // moved2 compares unwrapped positions, so an atom moved by a cell vector counts as moved.
  const bool moved_far = moved2 > half_skin * half_skin;
  const bool scheduled = opt_.rebuild_every > 0;
  const bool due =
      scheduled ? since_build_ >= opt_.rebuild_every || (opt_.check && moved_far) : moved_far;
  if (need_build_ || due) {
    Rebuild();
  } else if (moved_far && !stale_) {
    stale_ = true;
    ++stats_.dangerous_builds;
  }
  const auto t1 = Clock::now();
  *totals = LjTotals{};
  ForcesInternal(energy_virial, totals);
  ++since_build_;
  ++stats_.computes;
  stats_.force_seconds += Since(t1);
}

void LjSystem::ComputeInternal(double max_displacement2, bool energy_virial, LjTotals* totals) {
  Require(box_ != nullptr, "no atoms: call SetSystem first");
  const Team team(opt_.threads);
  team_ = team.size();
  Step(built_pos_.size() == pos_.size() ? max_displacement2 : INFINITY, energy_virial, totals);
  if (!std::isfinite(totals->energy))
    throw std::invalid_argument(
        "the Lennard-Jones energy is not finite: atoms on top of each other (two atoms moved "
        "onto one point since the last neighbour build)");
}

}  // namespace irreg::md

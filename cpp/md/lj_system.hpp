// A Lennard-Jones system kept across MD steps (DESIGN §7; seed 000 §5): the atoms in a
// locality-preserving internal order, the neighbour list with a skin, and its pairs in the grouped
// index, rebuilt when due and regrouped as the Regroup mode says:
//   kNone         Non-Group: plain half list, scalar force (the seed's serial code);
//   kFull         Regroup-All: every rebuild tiles and groups all pairs again;
//   kIncremental  Inc-Group: Search-and-Update (md/grouped_pairs.hpp: found pairs keep their
//                 lanes, vanished ones become holes, new pairs refill holes or are grouped).
// LjSystem orchestrates: the atoms' state, the rebuild schedule, and the compute, which
// GroupedPairs (the pairs' storage) and ForceSplitter (threads) carry out.
// Callers see their own atom order; the internal order never leaks out.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "core/named_values.hpp"
#include "md/box.hpp"
#include "md/force_split.hpp"
#include "md/grouped_pairs.hpp"
#include "md/lj_coefficients.hpp"
#include "md/md_kernels.hpp"
#include "md/neighbor_build.hpp"

namespace irreg::md {

enum class Regroup { kNone, kFull, kIncremental };
inline constexpr NamedValue<Regroup> kRegroupNames[] = {
    {"incremental", Regroup::kIncremental, "Inc-Group, the default"},
    {"full", Regroup::kFull, "Regroup-All"},
    {"none", Regroup::kNone, "Non-Group: plain list, scalar"},
};

// LjSystem's constructor is the one place these are checked (Python callers only map onto them).
struct LjOptions {
  double epsilon = 1.0, sigma = 1.0, rc = 3.0, ro = 1.98;
  // Several species: k x k values each (row-major, symmetric), indexed by the atoms' types
  // 0 .. k-1; all three empty: one species with epsilon, sigma and rc.
  std::vector<double> pair_epsilon, pair_sigma, pair_rc;
  bool smooth = false;
  bool shift = true;  // subtract u(rc) (ASE's convention); false: LAMMPS's plain lj/cut
  double skin = 0.3;
  int32_t rebuild_every = 0;  // 0: rebuild when an atom moved more than skin / 2
  // With rebuild_every > 0, also rebuild when an atom moved more than skin / 2 (LAMMPS's
  // `check yes`), so a jump (a wrapped atom, a new frame) never reuses a stale list. false is
  // LAMMPS's `check no` (the benchmark's schedule): stale lists are counted in dangerous_builds.
  bool check = true;
  Regroup regroup = Regroup::kIncremental;
  NeighborMethod neighbor = NeighborMethod::kBinned;
  int32_t tile_size = 0;      // a power of two <= kMaxPairTile; 0: kDefaultMdTileSize
  std::string isa;            // "": the ISA that ran a force probe fastest here (lj_isa_choice.hpp)
  bool reorder = true;        // renumber atoms along a Morton curve of bins at the first build
  double min_distance = 0.0;  // closer atoms are an error; <= 0: 1e-2 sigma
  // OpenMP threads of the neighbour build, the regroup and the grouped force kernel. 1 is the
  // seed's serial code path, with no parallel region at all.
  int32_t threads = 1;
  ForceSplit force_split = ForceSplit::kBuffers;  // the faster of the two: see lj_system.cpp
};

// Species in one system at most (pair tables of 64 bytes per pair: 1 MB at this size).
inline constexpr int32_t kMaxTypes = 128;

// Tile edge for MD pairs, picked with `irreg bench md` (see its comment in lj_system.cpp).
extern const int32_t kDefaultMdTileSize;

struct RebuildRecord {
  int64_t compute = 0;  // which Compute call triggered it
  int64_t pairs = 0, added = 0, removed = 0, holes = 0;
  bool compacted = false;
  double neighbor_seconds = 0.0, group_seconds = 0.0;
};

// Bytes held by a system, by what they are for (LjSystem::MemoryBytes, `stats()["memory"]`).
struct LjMemory {
  int64_t atoms = 0;        // positions, forces, offsets, order, types (per atom)
  int64_t pair_list = 0;    // Non-Group's half list (per pair; none with groups)
  int64_t groups = 0;       // the grouped pairs (per slot)
  int64_t workspace = 0;    // the grouping's per-thread tables and buffers
  int64_t force_split = 0;  // per-thread force arrays or the tile colouring
  int64_t total() const { return atoms + pair_list + groups + workspace + force_split; }
};

struct LjStats {
  int64_t computes = 0, rebuilds = 0;
  int64_t pairs = 0, holes = 0, groups = 0, slots = 0, active_slots = 0;
  int64_t added_total = 0, removed_total = 0;
  int64_t compactions = 0;  // row tiles grouped afresh by Inc-Group, their lane fill too low
  // Neighbour lists used after an atom had moved more than skin / 2 since they were built
  // (only with check = false): forces computed then may have missed pairs.
  int64_t dangerous_builds = 0;
  int64_t colours = 0, colour_tasks = 0;  // of the last tile colouring (force_split kColouring)
  double neighbor_seconds = 0.0, group_seconds = 0.0, force_seconds = 0.0, other_seconds = 0.0;
  std::vector<RebuildRecord> recent;  // the last kRecentRebuilds rebuilds
  static constexpr size_t kRecentRebuilds = 64;
};

class LjSystem {
 public:
  explicit LjSystem(const LjOptions& options);

  // New atoms, cell (3x3, rows are vectors) or pbc, and the atoms' types (caller order, each in
  // 0 .. num_types - 1; null: all 0). With the same number of atoms the internal order and the
  // grouped index are kept (a changed cell only changes which pairs exist).
  void SetSystem(int64_t n, const double* positions, const double* cell, const bool* pbc,
                 const int32_t* types = nullptr);
  // Forces (n x 3, caller order) for positions (n x 3, caller order). With energy_virial, totals
  // get energy and virial; atom_energy (n) and atom_virial (n x 6) may be null.
  void Compute(const double* positions, bool energy_virial, double* forces, LjTotals* totals,
               double* atom_energy = nullptr, double* atom_virial = nullptr);
  // The standalone driver's path (md/velocity_verlet.hpp), with no gather or scatter of atoms:
  // the driver writes internal_positions() itself (caller position minus offsets(), 4 per
  // atom, internal order), measuring while it does the largest squared move since the last
  // build (against built_positions(), null before the first build), and reads
  // internal_forces() after. atoms_generation() changes whenever the internal order may have,
  // position_loads() whenever another caller's positions replaced them.
  void ComputeInternal(double max_displacement2, bool energy_virial, LjTotals* totals);
  double* internal_positions() { return pos_.data(); }
  const double* built_positions() const {
    return built_pos_.size() == pos_.size() ? built_pos_.data() : nullptr;
  }
  const double* internal_forces() const { return force_.data(); }
  int64_t atoms_generation() const { return atoms_generation_; }
  // How many times positions were loaded from a caller (SetSystem, Compute, RebuildAt).
  int64_t position_loads() const { return loads_; }
  // Rebuilds now at these positions (caller order), whatever the schedule (benchmarks time it).
  void RebuildAt(const double* positions);

  int64_t num_atoms() const { return n_; }
  const LjOptions& options() const { return opt_; }
  const LjStats& stats() const { return stats_; }
  LjMemory MemoryBytes() const;
  const std::string& isa() const { return isa_; }
  // "isa=" (asked for), "measurement", "IRREG_ISA" or "only one ISA" (core/dispatch.hpp).
  const std::string& isa_chosen_by() const { return isa_chosen_by_; }
  int32_t num_types() const { return coef_.num_types; }
  int32_t threads() const { return opt_.threads; }
  void set_threads(int32_t threads);  // checked as the constructor checks it
  void set_force_split(ForceSplit split) { opt_.force_split = split; }
  const std::vector<int32_t>& order() const { return order_; }  // internal -> caller index
  // The current half list (internal numbering): Non-Group's own, or read off the groups.
  void CurrentPairs(PairList* out) const;
  // The grouped pairs (null with Regroup kNone or before the first build).
  const GroupedPairs* grouped_pairs() const { return grouped_.get(); }
  const Box& box() const { return *box_; }
  // Per internal atom: what was subtracted from the caller's position to wrap it into the cell
  // (4 per atom, the last 0, as positions are held).
  const std::vector<double>& offsets() const { return offset_; }

 private:
  const int32_t* Types() const { return types_.empty() ? nullptr : types_.data(); }
  void LoadPositions(const double* positions, double* max_displacement2);
  void Wrap();
  void Rebuild();
  void Step(double moved2, bool energy_virial, LjTotals* totals);
  void ForcesInternal(bool energy_virial, LjTotals* totals);

  LjOptions opt_;
  int32_t team_ = 1;  // threads of the call under way: opt_.threads or fewer (core/team.hpp)
  LjCoefficients coef_;
  std::string isa_, isa_chosen_by_;
  const MdKernels* md_kernels_;
  int32_t tile_ = 0;

  int64_t n_ = 0;
  std::unique_ptr<Box> box_;
  std::vector<int32_t> order_;
  std::vector<double> pos_, built_pos_, offset_, force_;  // 4 per internal atom
  std::vector<int32_t> types_;  // per internal atom; empty with one species
  PairList pairs_;              // Regroup kNone only
  std::unique_ptr<GroupedPairs> grouped_;
  ForceSplitter split_;
  bool need_build_ = true;
  bool stale_ = false;  // this list was already counted in dangerous_builds
  int64_t since_build_ = 0;
  int64_t atoms_generation_ = 0, loads_ = 0;
  LjStats stats_;
};

}  // namespace irreg::md

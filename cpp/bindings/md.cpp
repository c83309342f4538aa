// irreg._core's MD classes: the Lennard-Jones system kept across steps and the standalone
// velocity-Verlet driver. Arrays cross as contiguous float64; the GIL is released around C++ work.
// An LjSystem (and any VelocityVerlet driving it) serializes calls from several threads on one
// mutex, taken after the GIL is released and dropped before it is taken back: a thread that
// waits for the lock never holds the GIL, so the two locks cannot deadlock.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings/bind.hpp"
#include "bindings/common.hpp"
#include "core/threads.hpp"
#include "md/lj_isa_choice.hpp"
#include "md/lj_system.hpp"
#include "md/row_source.hpp"
#include "md/velocity_verlet.hpp"

namespace irreg::bindings {

// A C-contiguous float64 array of shape (rows, cols); rows < 0 means any number of rows.
inline F64Array AsF64Matrix(py::handle obj, int64_t rows, int64_t cols, const char* name) {
  py::module_ np = py::module_::import("numpy");
  py::array arr = np.attr("asarray")(obj);
  const char kind = arr.dtype().kind();
  if (kind != 'f' && kind != 'i' && kind != 'u')
    throw py::type_error(std::string(name) + " must be numeric, got dtype " +
                         py::str(arr.dtype()).cast<std::string>());
  F64Array out = np.attr("ascontiguousarray")(arr, "float64");
  // cols < 0: a square matrix (k x k) of any size
  const bool shape_ok = out.ndim() == 2 && (rows < 0 || out.shape(0) == rows) &&
                        (cols < 0 ? out.shape(1) == out.shape(0) : out.shape(1) == cols);
  if (!shape_ok)
    throw py::value_error(std::string(name) + " must have shape (" +
                          (rows < 0 ? std::string(cols < 0 ? "k" : "n") : std::to_string(rows)) +
                          ", " + (cols < 0 ? std::string("k") : std::to_string(cols)) + "), got " +
                          py::str(py::tuple(arr.attr("shape"))).cast<std::string>());
  return out;
}

// The binding only turns Python values into LjOptions; LjSystem's constructor checks the ranges.
// A parameter that must be a real number (numbers.Real, not a bool): TypeError naming it otherwise.
inline double RealArg(const char* name, py::handle value) {
  const py::object real = py::module_::import("numbers").attr("Real");
  if (py::isinstance<py::bool_>(value) || !py::isinstance(value, real))
    throw py::type_error(std::string(name) + " must be a number, got " +
                         py::repr(value).cast<std::string>());
  return value.cast<double>();
}

// The atoms' types: n integers (any integer dtype; LjSystem checks the range).
inline std::vector<int32_t> TypesArg(py::handle types, int64_t n) {
  py::module_ np = py::module_::import("numpy");
  py::array arr = np.attr("asarray")(types);
  const char kind = arr.dtype().kind();
  if (kind != 'i' && kind != 'u' && !(kind == 'O' && arr.size() == 0))
    throw py::type_error("types must be integers, got dtype " +
                         py::str(arr.dtype()).cast<std::string>());
  if (arr.ndim() != 1 || arr.shape(0) != n)
    throw py::value_error("types must have shape (" + std::to_string(n) + ",), one per atom, got " +
                          py::str(py::tuple(arr.attr("shape"))).cast<std::string>());
  py::array_t<int64_t, py::array::c_style | py::array::forcecast> wide(arr);
  std::vector<int32_t> out(n);
  for (int64_t i = 0; i < n; ++i) {
    const int64_t v = wide.at(i);
    if (v < 0 || v > INT32_MAX)
      throw py::value_error("atom " + std::to_string(i) + " has type " + std::to_string(v) +
                            ": types must be in 0 .. k-1 for k x k pair tables");
    out[i] = static_cast<int32_t>(v);
  }
  return out;
}

// A k x k pair table (pair_epsilon, pair_sigma, pair_rc), row-major; None: empty.
inline std::vector<double> PairTableArg(py::handle table, const char* name) {
  if (table.is_none()) return {};
  F64Array a = AsF64Matrix(table, -1, -1, name);
  return std::vector<double>(a.data(), a.data() + a.size());
}

// The groups of a GroupedPairs in sweep order, copied (C++ only: filled under a lock, without
// the GIL) and then turned into arrays: per slot rows, cols (local) and active; per group the
// first row and the column base.
struct GroupArrays {
  std::vector<int64_t> rows, cols, row_base, col_base;
  std::vector<uint8_t> active;

  explicit GroupArrays(const md::GroupedPairs& g) {
    for (const md::GroupSpan& span : g.Spans())
      for (int64_t q = 0; q < span.num_groups; ++q) {
        const md::PairGroup& group = span.groups[q];
        for (int l = 0; l < kLanes; ++l) {
          rows.push_back(group.row[l]);
          cols.push_back(group.col[l]);
          active.push_back((group.active >> l) & 1);
        }
        row_base.push_back(span.row_base);
        col_base.push_back(group.col_base);
      }
  }

  py::dict ToDict() const {
    const auto array = [](const auto& v) {
      using T = typename std::decay_t<decltype(v)>::value_type;
      py::array_t<T> a(static_cast<py::ssize_t>(v.size()));
      std::copy(v.begin(), v.end(), a.mutable_data());
      return a;
    };
    py::dict out;
    out["rows"] = array(rows);
    out["cols"] = array(cols);
    out["active"] = array(active).attr("astype")("bool");
    out["group_row_base"] = array(row_base);
    out["group_col_base"] = array(col_base);
    return out;
  }
};

class PyLjSystem {
 public:
  explicit PyLjSystem(const md::LjOptions& o) : system_(std::make_unique<md::LjSystem>(o)) {}

  // Runs f (C++ only: no Python object may be touched) with the GIL released and this system's
  // lock held; exceptions pass through once both are back as they were.
  template <typename F>
  auto Locked(F&& f) const {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    return f();
  }

  int64_t NumAtoms() const {
    return Locked([&] { return system_->num_atoms(); });
  }

  void SetSystem(py::handle positions, py::handle cell, py::handle pbc, py::handle types) {
    F64Array x = AsF64Matrix(positions, -1, 3, "positions");
    F64Array c = AsF64Matrix(cell, 3, 3, "cell");
    const std::vector<bool> pv = py::cast<std::vector<bool>>(pbc);
    if (pv.size() != 3) throw py::value_error("pbc must have 3 entries");
    bool p[3] = {pv[0], pv[1], pv[2]};
    std::vector<int32_t> t;
    if (!types.is_none()) t = TypesArg(types, x.shape(0));
    Locked([&] {
      system_->SetSystem(x.shape(0), x.data(), c.data(), p, t.empty() ? nullptr : t.data());
    });
  }

  py::dict Compute(py::handle positions, bool energy_virial, bool per_atom) {
    const int64_t n = NumAtoms();
    F64Array x = AsF64Matrix(positions, n, 3, "positions");
    F64Array forces({n, int64_t{3}});
    std::optional<F64Array> energies, virials;
    if (per_atom) energies = F64Array(n), virials = F64Array({n, int64_t{6}});
    md::LjTotals totals;
    Locked([&] {
      RequireAtoms(n);
      system_->Compute(x.data(), energy_virial, forces.mutable_data(), &totals,
                       per_atom ? energies->mutable_data() : nullptr,
                       per_atom ? virials->mutable_data() : nullptr);
    });
    py::dict out;
    out["forces"] = forces;
    if (energy_virial || per_atom) {
      out["energy"] = totals.energy;
      out["virial"] = py::make_tuple(totals.virial[0], totals.virial[1], totals.virial[2],
                                     totals.virial[3], totals.virial[4], totals.virial[5]);
    }
    if (per_atom) out["energies"] = *energies, out["atom_virials"] = *virials;
    return out;
  }

  void RebuildAt(py::handle positions) {
    const int64_t n = NumAtoms();
    F64Array x = AsF64Matrix(positions, n, 3, "positions");
    Locked([&] {
      RequireAtoms(n);
      system_->RebuildAt(x.data());
    });
  }

  // Copies of the grouped pairs (None without them), for checks and inspection, groups in the
  // force kernel's sweep order: per slot the local row and column and whether it holds a pair,
  // per group the first row and the column base (internal atom numbering).
  py::object Grouped() const {
    std::optional<GroupArrays> arrays;
    Locked([&] {
      if (const md::GroupedPairs* g = system_->grouped_pairs()) arrays.emplace(*g);
    });
    if (!arrays) return py::none();
    return arrays->ToDict();
  }

  // The current half list in caller numbering: i, j and the shift s such that the pair's
  // distance vector is positions[j] + s - positions[i] (for the positions last computed).
  py::object Pairs() const {
    std::vector<int32_t> iv, jv;
    std::vector<double> sv;
    Locked([&] {
      md::PairList pl;
      system_->CurrentPairs(&pl);
      const std::vector<int32_t>& order = system_->order();
      const std::vector<double>& offset = system_->offsets();
      const double* shifts = system_->box().shifts();
      const int64_t m = pl.num_pairs();
      iv.resize(m), jv.resize(m), sv.resize(3 * m);
      for (int64_t p = 0; p + 1 < static_cast<int64_t>(pl.row_begin.size()); ++p)
        for (int64_t k = pl.row_begin[p]; k < pl.row_begin[p + 1]; ++k) {
          const int32_t q = pl.AtomOf(pl.cols[k]);
          iv[k] = order[p];
          jv[k] = order[q];
          for (int d = 0; d < 3; ++d)
            sv[3 * k + d] =
                shifts[3 * pl.ImageOf(pl.cols[k]) + d] + offset[4 * p + d] - offset[4 * q + d];
        }
    });
    const int64_t m = static_cast<int64_t>(iv.size());
    IdArray i(m), j(m);
    F64Array shift({m, int64_t{3}});
    std::copy(iv.begin(), iv.end(), i.mutable_data());
    std::copy(jv.begin(), jv.end(), j.mutable_data());
    std::copy(sv.begin(), sv.end(), shift.mutable_data());
    return Result("PairArrays", i, j, shift);
  }

  py::dict Stats() const {
    md::LjMemory mem;
    const md::LjStats s = Locked([&] {
      mem = system_->MemoryBytes();
      return system_->stats();
    });
    py::dict d;
    py::dict memory;  // MB by purpose, and per atom / per pair of the current list
    const double mb = 1.0 / (1 << 20);
    memory["atoms_mb"] = mem.atoms * mb;
    memory["pair_list_mb"] = mem.pair_list * mb;
    memory["groups_mb"] = mem.groups * mb;
    memory["workspace_mb"] = mem.workspace * mb;
    memory["force_split_mb"] = mem.force_split * mb;
    memory["total_mb"] = mem.total() * mb;
    memory["bytes_per_atom"] =
        static_cast<double>(mem.total()) / std::max<int64_t>(system_->num_atoms(), 1);
    memory["bytes_per_pair"] = static_cast<double>(mem.total()) / std::max<int64_t>(s.pairs, 1);
    d["memory"] = memory;
    d["isa"] = system_->isa();
    d["isa_chosen_by"] = system_->isa_chosen_by();
    d["computes"] = s.computes;
    d["rebuilds"] = s.rebuilds;
    d["dangerous_builds"] = s.dangerous_builds;
    d["pairs"] = s.pairs;
    d["holes"] = s.holes;
    d["groups"] = s.groups;
    d["active_slots"] = s.active_slots;
    d["simd_utilization"] = s.slots > 0 ? static_cast<double>(s.active_slots) / s.slots : 0.0;
    d["pairs_added"] = s.added_total;
    d["pairs_removed"] = s.removed_total;
    d["compactions"] = s.compactions;
    d["colours"] = s.colours;  // 0 until forces ran with force_split 'colouring'
    d["colour_tasks"] = s.colour_tasks;
    py::dict t;
    t["neighbor"] = s.neighbor_seconds;
    t["group"] = s.group_seconds;
    t["force"] = s.force_seconds;
    t["other"] = s.other_seconds;
    d["seconds"] = t;
    py::list recent;
    for (const md::RebuildRecord& r : s.recent) {
      py::dict e;
      e["compute"] = r.compute;
      e["pairs"] = r.pairs;
      e["added"] = r.added;
      e["removed"] = r.removed;
      e["holes"] = r.holes;
      e["compacted"] = r.compacted;
      e["neighbor_seconds"] = r.neighbor_seconds;
      e["group_seconds"] = r.group_seconds;
      recent.append(e);
    }
    d["recent_rebuilds"] = recent;
    return d;
  }

  md::LjSystem& system() { return *system_; }

 private:
  // Another thread may have replaced the atoms between reading n and taking the lock.
  void RequireAtoms(int64_t n) const {
    if (system_->num_atoms() != n)
      throw std::runtime_error(
          "the LjSystem's atoms were replaced by another thread during "
          "this call (" +
          std::to_string(n) + " -> " + std::to_string(system_->num_atoms()) +
          " atoms); call again");
  }

  std::unique_ptr<md::LjSystem> system_;
  mutable std::mutex mutex_;
};

// A VelocityVerlet moves its system's atoms, so it takes the system's lock for every call.
class PyVelocityVerlet {
 public:
  PyVelocityVerlet(PyLjSystem* system, std::unique_ptr<md::VelocityVerlet> vv)
      : system_(system), vv_(std::move(vv)) {}

  template <typename F>
  auto Locked(F&& f) const {
    return system_->Locked([&] { return f(*vv_); });
  }

 private:
  PyLjSystem* system_;  // kept alive by the Python object (keep_alive)
  std::unique_ptr<md::VelocityVerlet> vv_;
};

inline py::dict ThermoDict(const md::ThermoRow& r) {
  py::dict d;
  d["step"] = r.step;
  d["temp"] = r.temperature;
  d["pe_per_atom"] = r.pe_per_atom;
  d["etotal_per_atom"] = r.etotal_per_atom;
  d["press"] = r.pressure;
  return d;
}

// md::GroupedPairs over rows given as CSR arrays: for tests and inspection of the Inc-Group on
// its own. The rows are checked here (the RowSource contract: columns distinct within a row).
class PyGroupedPairs {
 public:
  PyGroupedPairs(int32_t tile_size, double regroup_below) : pairs_(tile_size, regroup_below) {
    if (!(regroup_below >= 0.0 && regroup_below <= 1.0))
      throw py::value_error("regroup_below must be in [0, 1], got " +
                            std::to_string(regroup_below));
  }

  py::dict Run(bool build, py::handle row_begin, py::handle cols, int32_t log2,
               py::handle threads) {
    using I64Array = py::array_t<int64_t, py::array::c_style | py::array::forcecast>;
    const I64Array begin = I64Array::ensure(row_begin);
    if (!begin || begin.ndim() != 1 || begin.size() < 1)
      throw py::value_error("row_begin must be a 1-D array of n + 1 offsets");
    const IdArray c = AsIdArray(cols, "cols");
    if (log2 < 0 || log2 > 30)
      throw py::value_error("log2_columns_per_image must be in 0 .. 30, got " +
                            std::to_string(log2));
    const int64_t n = begin.size() - 1, m = c.size();
    const int64_t* b = begin.data();
    const int32_t* col = c.data();
    if (n >= (int64_t{1} << 31)) throw py::value_error("too many rows");
    if (b[0] != 0) throw py::value_error("row_begin must start at 0");
    if (b[n] != m)
      throw py::value_error("row_begin must end at len(cols) = " + std::to_string(m) + ", got " +
                            std::to_string(b[n]));
    for (int64_t i = 0; i < n; ++i)
      if (b[i + 1] < b[i]) throw py::value_error("row_begin must be non-decreasing");
    std::vector<int32_t> row;
    for (int64_t i = 0; i < n; ++i) {
      row.assign(col + b[i], col + b[i + 1]);
      std::sort(row.begin(), row.end());
      if (!row.empty() && row.front() < 0)
        throw py::value_error("cols must be >= 0, got " + std::to_string(row.front()));
      const auto twice = std::adjacent_find(row.begin(), row.end());
      if (twice != row.end())
        throw py::value_error("row " + std::to_string(i) + " lists column " +
                              std::to_string(*twice) + " twice");
    }
    const int32_t t = ThreadsArg(threads);
    const md::ListRows rows(n, b, col, log2);
    md::GroupedPairsCounts k;
    {
      py::gil_scoped_release release;
      std::lock_guard<std::mutex> lock(mutex_);
      k = build ? pairs_.Build(rows, t) : pairs_.Update(rows, t);
    }
    py::dict d;
    d["pairs"] = k.pairs, d["groups"] = k.groups, d["found"] = k.found, d["added"] = k.added;
    d["refilled"] = k.refilled, d["removed"] = k.removed, d["holes"] = k.holes();
    d["regrouped_tiles"] = k.regrouped_tiles;
    return d;
  }

  py::dict Groups() const {
    std::lock_guard<std::mutex> lock(mutex_);
    return GroupArrays(pairs_).ToDict();
  }

  py::tuple Pairs() const {
    md::PairList list;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      pairs_.ToPairList(&list);
    }
    const int64_t m = list.num_pairs();
    py::array_t<int64_t> i(m), j(m);
    for (int64_t r = 0; r + 1 < static_cast<int64_t>(list.row_begin.size()); ++r)
      for (int64_t k = list.row_begin[r]; k < list.row_begin[r + 1]; ++k)
        i.mutable_at(k) = r, j.mutable_at(k) = list.cols[k];
    return py::make_tuple(i, j);
  }

  const md::GroupedPairs& pairs() const { return pairs_; }

 private:
  md::GroupedPairs pairs_;
  mutable std::mutex mutex_;
};

inline std::vector<double> Flat(const F64Array& a) {
  return std::vector<double>(a.data(), a.data() + a.size());
}

void BindMd(py::module_& m) {
  DefineResult(m, "PairArrays", {"i", "j", "shift"});
  ExportNames(m, "regroup", md::kRegroupNames);
  ExportNames(m, "neighbor", md::kNeighborMethodNames);
  ExportNames(m, "force_split", md::kForceSplitNames);
  const md::LjOptions kLjDefaults;
  m.def(
      "lj_isa_choice",
      [] {
        const IsaChoice c = [] {
          py::gil_scoped_release release;  // the first call measures (tens of milliseconds)
          return md::LjIsaChoice();
        }();
        py::dict d;
        d["isa"] = c.isa;
        d["chosen_by"] = c.chosen_by;
        py::dict seconds;
        for (const auto& [isa, t] : c.seconds) seconds[py::str(isa)] = t;
        d["probe_seconds"] = seconds;
        return d;
      },
      "The ISA an LjSystem uses when it names none, how it was chosen ('measurement', "
      "'IRREG_ISA' or 'only one ISA') and each ISA's best probe time (three force calls on "
      "2,048 atoms).");
  py::class_<PyGroupedPairs>(m, "GroupedPairs", R"doc(
MD's grouped storage on its own (the Inc-Group of seed 000 §5): the pairs of a half list given row
by row, in conflict-free groups of 16 lanes per tile (no row and no column twice among a group's
active lanes), kept across updates.

tile_size: a power of two <= 256 (rows and columns are bytes within a tile).
regroup_below: update groups a row tile afresh when its lane fill falls below this share of the
  fill it had when last grouped afresh.
build(row_begin, cols, log2_columns_per_image, threads=None) groups every row afresh;
update(...) leaves exactly these rows in the groups: pairs found again keep their lanes, the rest
  refill holes or go into new groups. Both return counts (pairs, groups, found, added, refilled,
  removed, holes, regrouped_tiles). Columns are int32 (an atom in their low
  log2_columns_per_image bits), distinct within a row.)doc")
      .def(py::init<int32_t, double>(), py::arg("tile_size") = md::kMaxPairTile,
           py::arg("regroup_below") = 0.75)
      .def(
          "build",
          [](PyGroupedPairs& g, py::handle row_begin, py::handle cols, int32_t log2,
             py::handle threads) { return g.Run(true, row_begin, cols, log2, threads); },
          py::arg("row_begin"), py::arg("cols"), py::arg("log2_columns_per_image"),
          py::arg("threads") = py::none())
      .def(
          "update",
          [](PyGroupedPairs& g, py::handle row_begin, py::handle cols, int32_t log2,
             py::handle threads) { return g.Run(false, row_begin, cols, log2, threads); },
          py::arg("row_begin"), py::arg("cols"), py::arg("log2_columns_per_image"),
          py::arg("threads") = py::none())
      .def("groups", &PyGroupedPairs::Groups,
           "Copies of the groups in sweep order: per slot rows, cols (local) and active; per "
           "group group_row_base and group_col_base.")
      .def("pairs", &PyGroupedPairs::Pairs, "The pairs held, row by row: (rows, cols).")
      .def_property_readonly("tile_size",
                             [](const PyGroupedPairs& g) { return g.pairs().tile_size(); })
      .def_property_readonly("num_pairs",
                             [](const PyGroupedPairs& g) { return g.pairs().num_pairs(); })
      .def_property_readonly("num_groups",
                             [](const PyGroupedPairs& g) { return g.pairs().num_groups(); });
  py::class_<PyLjSystem>(m, "LjSystem", R"doc(
Lennard-Jones atoms kept across MD steps (see ase_irreg.LennardJones).

rebuild_every=0 rebuilds the neighbour list when an atom moved more than skin / 2; k > 0 every
k computes and, with check=True (default), also when an atom moved more than skin / 2 (LAMMPS's
`every k check yes`); check=False is LAMMPS's `check no`: stats()['dangerous_builds'] counts the
lists used after an atom had moved farther (their forces may miss pairs).

threads: OpenMP threads of the neighbour build, the regroup and the grouped force kernel (1: the
serial code); results agree with threads=1 to 1e-12 relative, integer outputs exactly.
force_split: how forces run on several threads, 'colouring' or 'buffers' (see lj_system.hpp).

Thread safety: one object may be used from several threads; calls (and those of a
VelocityVerlet driving it) are serialized on a per-object lock taken with the GIL released.)doc")
      .def(py::init([](py::handle epsilon, py::handle sigma, py::handle rc, py::handle ro,
                       bool smooth, bool shift, py::handle skin, int32_t rebuild_every, bool check,
                       py::handle regroup, py::handle neighbor, py::handle tile_size,
                       const std::optional<std::string>& isa, bool reorder, py::handle min_distance,
                       py::handle threads, py::handle force_split, py::handle pair_epsilon,
                       py::handle pair_sigma, py::handle pair_rc) {
             md::LjOptions o;
             o.pair_epsilon = PairTableArg(pair_epsilon, "pair_epsilon");
             o.pair_sigma = PairTableArg(pair_sigma, "pair_sigma");
             o.pair_rc = PairTableArg(pair_rc, "pair_rc");
             o.epsilon = RealArg("epsilon", epsilon), o.sigma = RealArg("sigma", sigma);
             o.rc = RealArg("rc", rc), o.ro = RealArg("ro", ro), o.smooth = smooth;
             o.shift = shift, o.skin = RealArg("skin", skin), o.rebuild_every = rebuild_every;
             o.check = check;
             o.regroup = ParseName(regroup, "regroup", md::kRegroupNames),
             o.neighbor = ParseName(neighbor, "neighbor", md::kNeighborMethodNames);
             o.tile_size = TileSizeArg(tile_size), o.isa = IsaArg(isa), o.reorder = reorder;
             o.min_distance = RealArg("min_distance", min_distance);
             o.threads = ThreadsArg(threads),
             o.force_split = ParseName(force_split, "force_split", md::kForceSplitNames);
             return std::make_unique<PyLjSystem>(o);  // std::invalid_argument -> ValueError
           }),
           py::kw_only(), py::arg("epsilon") = kLjDefaults.epsilon,
           py::arg("sigma") = kLjDefaults.sigma, py::arg("rc") = kLjDefaults.rc,
           py::arg("ro") = kLjDefaults.ro, py::arg("smooth") = kLjDefaults.smooth,
           py::arg("shift") = kLjDefaults.shift, py::arg("skin") = kLjDefaults.skin,
           py::arg("rebuild_every") = kLjDefaults.rebuild_every,
           py::arg("check") = kLjDefaults.check, py::arg("regroup") = "incremental",
           py::arg("neighbor") = "binned", py::arg("tile_size") = py::none(),
           py::arg("isa") = py::none(), py::arg("reorder") = kLjDefaults.reorder,
           py::arg("min_distance") = kLjDefaults.min_distance,
           py::arg("threads") = kLjDefaults.threads,
           py::arg("force_split") =
               kLjDefaults.force_split == md::ForceSplit::kColouring ? "colouring" : "buffers",
           py::arg("pair_epsilon") = py::none(), py::arg("pair_sigma") = py::none(),
           py::arg("pair_rc") = py::none())
      .def("set_system", &PyLjSystem::SetSystem, py::arg("positions"), py::arg("cell"),
           py::arg("pbc"), py::arg("types") = py::none())
      .def("compute", &PyLjSystem::Compute, py::arg("positions"), py::kw_only(),
           py::arg("energy_virial") = true, py::arg("per_atom") = false)
      .def("rebuild_at", &PyLjSystem::RebuildAt, py::arg("positions"),
           "Rebuilds the neighbour list and index at these positions now (benchmarks time it).")
      .def("pairs", &PyLjSystem::Pairs)
      .def("grouped", &PyLjSystem::Grouped,
           "Copies of the grouped pairs in the force kernel's sweep order: per slot rows, cols "
           "(local, int64) and active (bool); per group group_row_base and group_col_base "
           "(internal atom numbering). None without groups.")
      .def("stats", &PyLjSystem::Stats)
      .def_property_readonly("isa", [](PyLjSystem& s) { return s.system().isa(); })
      .def_property_readonly("num_types", [](PyLjSystem& s) { return s.system().num_types(); })
      .def_property_readonly("num_atoms", &PyLjSystem::NumAtoms)
      .def_property(
          "threads", [](PyLjSystem& s) { return s.Locked([&] { return s.system().threads(); }); },
          [](PyLjSystem& s, py::handle value) {
            const int32_t t = ThreadsArg(value);
            s.Locked([&] { s.system().set_threads(t); });
          },
          "OpenMP threads of the neighbour build, regroup and forces (1: serial).")
      .def_property(
          "force_split",
          [](PyLjSystem& s) {
            return s.Locked([&] { return s.system().options().force_split; }) ==
                           md::ForceSplit::kColouring
                       ? "colouring"
                       : "buffers";
          },
          [](PyLjSystem& s, py::handle value) {
            const md::ForceSplit f = ParseName(value, "force_split", md::kForceSplitNames);
            s.Locked([&] { s.system().set_force_split(f); });
          },
          "How forces run on several threads: 'colouring' or 'buffers'.")
      .def_property_readonly("tile_size", [](PyLjSystem& s) {
        return s.system().options().tile_size > 0 ? s.system().options().tile_size
                                                  : md::kDefaultMdTileSize;
      });

  py::class_<PyVelocityVerlet>(m, "VelocityVerlet",
                               "NVE velocity Verlet over an LjSystem (the CLI's driver). Calls are "
                               "serialized with the system's own (one lock per LjSystem).")
      .def(py::init([](PyLjSystem& system, py::handle positions, py::handle velocities, double mass,
                       double dt, double volume) {
             const int64_t n = system.NumAtoms();
             F64Array x = AsF64Matrix(positions, n, 3, "positions");
             F64Array v = AsF64Matrix(velocities, n, 3, "velocities");
             auto vv = system.Locked([&] {
               return std::make_unique<md::VelocityVerlet>(&system.system(), Flat(x), Flat(v), mass,
                                                           dt, volume);
             });
             return std::make_unique<PyVelocityVerlet>(&system, std::move(vv));
           }),
           py::arg("system"), py::arg("positions"), py::arg("velocities"), py::kw_only(),
           py::arg("mass"), py::arg("dt"), py::arg("volume"), py::keep_alive<1, 2>())
      .def(
          "run",
          [](PyVelocityVerlet& vv, int64_t steps) {
            if (steps < 0) throw py::value_error("steps must be >= 0");
            vv.Locked([&](md::VelocityVerlet& v) { v.Run(steps); });
          },
          py::arg("steps"))
      .def("thermo",
           [](const PyVelocityVerlet& vv) {
             return ThermoDict(vv.Locked([](md::VelocityVerlet& v) { return v.Thermo(); }));
           })
      .def_property_readonly(
          "threads",
          [](const PyVelocityVerlet& vv) {
            return vv.Locked([](md::VelocityVerlet& v) { return v.system().threads(); });
          },
          "The system's thread count (set it on the LjSystem).")
      .def_property_readonly("step",
                             [](const PyVelocityVerlet& vv) {
                               return vv.Locked([](md::VelocityVerlet& v) { return v.step(); });
                             })
      .def_property_readonly("positions", [](const PyVelocityVerlet& vv) {
        const std::vector<double> x =
            vv.Locked([](md::VelocityVerlet& v) { return v.positions(); });
        F64Array out({static_cast<int64_t>(x.size() / 3), int64_t{3}});
        std::copy(x.begin(), x.end(), out.mutable_data());
        return out;
      });
}

}  // namespace irreg::bindings

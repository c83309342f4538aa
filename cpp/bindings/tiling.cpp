// Python bindings of the grouped index (cpp/tiling). Only contiguous NumPy
// arrays cross the boundary; the GIL is released around C++ work. A GroupedIndex serializes its
// calls on a per-object lock taken after the GIL is released (never the other way round, so a
// thread waiting for the lock holds no GIL and the two cannot deadlock).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cstdint>
#include <limits>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bindings/bind.hpp"
#include "bindings/common.hpp"
#include "core/dispatch.hpp"
#include "core/threads.hpp"
#include "tiling/index_collection.hpp"

namespace irreg::bindings {

// GroupedIndex's tile_size: None is its default tile, 0 is not a tile size.
inline int32_t GroupedTileSize(const py::object& value) {
  const int32_t tile = TileSizeArg(value, /*zero_is_default=*/false);
  return tile == 0 ? kDefaultTileSize : tile;
}

class PyGroupedIndex {
 public:
  PyGroupedIndex(py::handle rows, py::handle cols, std::optional<int64_t> n_rows,
                 std::optional<int64_t> n_cols, const py::object& tile_size,
                 const std::string& conflict, bool active, double compact_threshold,
                 int max_generations, const std::string& grouping,
                 const std::optional<std::string>& isa, py::handle threads) {
    auto [r, c] = AsEdgeArrays(rows, cols);
    const int64_t nr = n_rows ? *n_rows : MaxPlusOne(r);
    const int64_t nc = n_cols ? *n_cols : MaxPlusOne(c);
    for (auto [value, name] : {std::pair{nr, "n_rows"}, std::pair{nc, "n_cols"}})
      if (value < 0 || value > std::numeric_limits<int32_t>::max())
        throw py::value_error(std::string(name) + " must be in [0, 2^31 - 1], got " +
                              std::to_string(value));
    index_ = std::make_unique<IndexCollection>(
        static_cast<int32_t>(nr), static_cast<int32_t>(nc), GroupedTileSize(tile_size),
        ParseName(py::str(conflict), "conflict", kConflictRuleNames), compact_threshold,
        max_generations, ParseName(py::str(grouping), "grouping", kGroupingNames));
    index_->set_threads(ThreadsArg(threads));
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    py::gil_scoped_release release;  // not shared yet: no lock
    index_->Build(r.data(), c.data(), nullptr, r.size(), active, k);
  }

  // Runs f (C++ only: it may not touch a Python object) with the GIL released and the lock held.
  template <typename F>
  auto Locked(F&& f) const {
    py::gil_scoped_release release;
    std::lock_guard<std::mutex> lock(mutex_);
    return f();
  }
  // f(index) under the lock, for readers that build Python objects from what f returns.
  template <typename F>
  auto Read(F&& f) const {
    return Locked([&] { return f(static_cast<const IndexCollection&>(*index_)); });
  }

  IdArray Locate(py::handle rows, py::handle cols, const std::optional<std::string>& isa) {
    auto [r, c] = AsEdgeArrays(rows, cols);
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    IdArray out(r.size());
    Locked([&] {
      index_->Validate(r.data(), c.data(), r.size());
      index_->Locate(r.data(), c.data(), r.size(), false, out.mutable_data(), k);
    });
    return out;
  }

  int64_t Activate(py::handle rows, py::handle cols, const std::optional<std::string>& isa) {
    auto [r, c] = AsEdgeArrays(rows, cols);
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    return Locked([&] { return index_->Activate(r.data(), c.data(), r.size(), k); });
  }

  int64_t Deactivate(py::handle rows, py::handle cols, const std::optional<std::string>& isa) {
    auto [r, c] = AsEdgeArrays(rows, cols);
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    return Locked([&] { return index_->Deactivate(r.data(), c.data(), r.size(), k); });
  }

  void DeactivateAll(const std::optional<std::string>& isa) {
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    Locked([&] { index_->DeactivateAll(k); });
  }

  py::dict Update(py::handle rows, py::handle cols, const std::optional<std::string>& isa) {
    auto [r, c] = AsEdgeArrays(rows, cols);
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    const UpdateStats s = Locked([&] { return index_->Update(r.data(), c.data(), r.size(), k); });
    return py::dict(py::arg("found") = s.found, py::arg("added") = s.added,
                    py::arg("holes") = s.holes, py::arg("compacted") = s.compacted);
  }

  void Compact(const std::optional<std::string>& isa) {
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    Locked([&] { index_->Compact(k); });
  }

  py::object ActiveEdges() const {
    std::vector<int32_t> rows, cols;
    std::vector<EdgeId> ids;
    Locked([&] { index_->ActiveEdges(&rows, &cols, &ids); });
    return Result("ActiveEdges", ToArray(rows), ToArray(cols), ToArray(ids));
  }

  F64Array ScatterAdd(const F64Array& x, std::optional<F64Array> weights,
                      std::optional<bool> both_ends, bool all_groups,
                      const std::optional<std::string>& isa) {
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    F64Array y(x.size());
    std::fill(y.mutable_data(), y.mutable_data() + y.size(), 0.0);
    // Checked under the lock: another thread's update may change num_slots.
    Locked([&] {
      const GroupedSlots& s = index_->slots();
      const int64_t n_vertices = std::max(index_->geometry().n_rows, index_->geometry().n_cols);
      if (x.ndim() != 1 || x.size() < n_vertices)
        throw py::value_error("x must be a 1-D float64 array of length >= max(n_rows, n_cols) = " +
                              std::to_string(n_vertices) + ", got length " +
                              std::to_string(x.size()));
      if (weights && (weights->ndim() != 1 || weights->size() != s.num_slots()))
        throw py::value_error(
            "weights must be slot-aligned: a 1-D float64 array of length "
            "num_slots = " +
            std::to_string(s.num_slots()));
      const bool both = both_ends.value_or(index_->rule() == ConflictRule::kBothEnds);
      if (both && index_->rule() != ConflictRule::kBothEnds)
        throw py::value_error(
            "both_ends=True needs an index grouped with conflict='both_ends': "
            "'destination' groups may repeat a row, and the row scatter would "
            "lose updates");
      const GroupedArrays a{s.xcoord.data(), s.ycoord.data(), s.row_base.data(), s.col_base.data()};
      const SharedArray<int32_t>& listed = index_->active_groups();
      const int32_t* groups = all_groups ? nullptr : listed.data();  // null: every group
      const int64_t n = all_groups ? s.num_groups() : static_cast<int64_t>(listed.size());
      k.GroupedScatterAdd(a, groups, n, weights ? weights->data() : nullptr, x.data(),
                          y.mutable_data(), both);
    });
    return y;
  }

  int64_t FirstConflictingGroup(std::optional<bool> check_rows,
                                const std::optional<std::string>& isa) const {
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    return Locked([&] {
      const GroupedSlots& s = index_->slots();
      return k.FirstConflictingGroup(
          s.xcoord.data(), s.ycoord.data(), s.num_groups(),
          check_rows.value_or(index_->rule() == ConflictRule::kBothEnds));
    });
  }

  int64_t NumActive(const std::optional<std::string>& isa) const {
    const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
    return Locked([&] { return index_->NumActive(k); });
  }

  py::dict Generation(int64_t i) const {
    // Copies share the storage (cheap); the views then read a consistent snapshot.
    struct Arrays {
      std::vector<TileKey> tile_keys;
      std::vector<int32_t> index_begin, index, pos, group_begin;
    };
    size_t count = 0;
    const std::optional<Arrays> g = Locked([&]() -> std::optional<Arrays> {
      const auto& gens = index_->generations();
      count = gens.size();
      if (i < 0) i += static_cast<int64_t>(count);
      if (i < 0 || i >= static_cast<int64_t>(count)) return std::nullopt;
      const TileIndex& t = gens[i];
      return Arrays{Copy(t.tile_keys), Copy(t.index_begin), Copy(t.index), Copy(t.pos),
                    Copy(t.group_begin)};
    });
    if (!g)
      throw py::index_error("generation " + std::to_string(i) + " out of range: the index has " +
                            std::to_string(count));
    return py::dict(py::arg("tile_keys") = ReadOnly(g->tile_keys),
                    py::arg("index_begin") = ReadOnly(g->index_begin),
                    py::arg("index") = ReadOnly(g->index), py::arg("pos") = ReadOnly(g->pos),
                    py::arg("group_begin") = ReadOnly(g->group_begin));
  }

  // Unlocked: only for what is fixed at construction (conflict rule, grouping); callers of the
  // non-const one hold the lock.
  const IndexCollection& index() const { return *index_; }
  IndexCollection& index() { return *index_; }

 private:
  static int64_t MaxPlusOne(const IdArray& a) {
    int64_t m = 0;
    for (py::ssize_t i = 0; i < a.size(); ++i) m = std::max<int64_t>(m, int64_t{a.data()[i]} + 1);
    return m;
  }
  template <typename T>
  static py::array_t<T> ToArray(const std::vector<T>& v) {
    py::array_t<T> out(static_cast<py::ssize_t>(v.size()));
    std::copy(v.begin(), v.end(), out.mutable_data());
    return out;
  }

  std::unique_ptr<IndexCollection> index_;
  mutable std::mutex mutex_;
};

void BindGroupedIndex(py::module_& m, const char* default_conflict) {
  DefineResult(m, "ActiveEdges", {"rows", "cols", "edge_ids"});
  ExportNames(m, "conflict", kConflictRuleNames);
  ExportNames(m, "grouping", kGroupingNames);
  m.attr("MAX_TILE_SIZE") = kMaxTileSize;
  py::class_<PyGroupedIndex>(m, "GroupedIndex", R"doc(
Tiled, conflict-free grouped index of the edges of a sparse matrix (seed 000 §2.3, §4.2, §5).

Edge (i, j) is the nonzero at row i, column j. Edges are cut into tile_size x tile_size tiles
and each tile's edges are packed into groups of 16 lanes such that no two active lanes of a
group write the same vertex: the column for conflict='destination' (graph kernels), the row
and the column for conflict='both_ends' (MD). Per generation, Index holds each tile's sorted
relative positions w = (i % T) * T + j % T and Pos their slots; xcoord is a slot's local row
when active and -1 otherwise; ycoord its local column (-1 for padding).

Array properties are read-only copies, taken under the index's lock: what the index held when
read, unchanged by later activation, update or compact (read them again to see those).
Vertex ids may be any integer dtype (converted to int32); floats and bools are refused.

threads: OpenMP threads of the build, update and compact (radix sort, grouping whole tiles at
once); the index is identical at every count. 1 is the serial code; None (the default) the
default count of irreg.threads (IRREG_NUM_THREADS, else OpenMP's).

Thread safety: one index may be used from several threads; its methods and properties are
serialized on a per-object lock (taken with the GIL released), so concurrent updates and queries
each see the index between two calls, never half-way through one.
)doc")
      .def(py::init<py::handle, py::handle, std::optional<int64_t>, std::optional<int64_t>,
                    const py::object&, const std::string&, bool, double, int, const std::string&,
                    const std::optional<std::string>&, py::handle>(),
           py::arg("rows"), py::arg("cols"), py::kw_only(), py::arg("n_rows") = py::none(),
           py::arg("n_cols") = py::none(), py::arg("tile_size") = kDefaultTileSize,
           py::arg("conflict") = default_conflict, py::arg("active") = true,
           py::arg("compact_threshold") = kDefaultCompactThreshold,
           py::arg("max_generations") = kDefaultMaxGenerations, py::arg("grouping") = "window",
           py::arg("isa") = py::none(), py::arg("threads") = py::none())
      .def_property(
          "threads",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.threads(); });
          },
          [](PyGroupedIndex& p, py::handle value) {
            const int32_t t = ThreadsArg(value);
            p.Locked([&] { p.index().set_threads(t); });
          },
          "OpenMP threads of build, update and compact (1: serial); the index is the same at "
          "every count.")
      .def_property_readonly_static("default_tile_size",
                                    [](py::object) { return kDefaultTileSize; })
      .def_property_readonly_static("default_compact_threshold",
                                    [](py::object) { return kDefaultCompactThreshold; })
      .def_property_readonly_static("default_max_generations",
                                    [](py::object) { return kDefaultMaxGenerations; })
      .def("locate", &PyGroupedIndex::Locate, py::arg("rows"), py::arg("cols"), py::kw_only(),
           py::arg("isa") = py::none(), "Slot of each edge (int32), -1 where it is not indexed.")
      .def("activate", &PyGroupedIndex::Activate, py::arg("rows"), py::arg("cols"), py::kw_only(),
           py::arg("isa") = py::none(),
           "Search-and-Activate: marks these edges active; returns how many were found.")
      .def("deactivate", &PyGroupedIndex::Deactivate, py::arg("rows"), py::arg("cols"),
           py::kw_only(), py::arg("isa") = py::none(),
           "Marks these edges inactive; returns how many were found.")
      .def("deactivate_all", &PyGroupedIndex::DeactivateAll, py::kw_only(),
           py::arg("isa") = py::none(), "Deactivates every active edge (cost: active groups).")
      .def("update", &PyGroupedIndex::Update, py::arg("rows"), py::arg("cols"), py::kw_only(),
           py::arg("isa") = py::none(), R"doc(
Search-and-Update (seed 000 §5.2): afterwards exactly these edges are active and slot_edge of
each active slot is the edge's position in rows/cols (the last one for a repeated edge). Edges
already indexed are re-activated in place, vanished ones become holes, new ones are grouped into
a new generation; compacts when holes exceed compact_threshold of the indexed edges or when
generations exceed max_generations. Returns {found, added, holes, compacted}.)doc")
      .def("compact", &PyGroupedIndex::Compact, py::kw_only(), py::arg("isa") = py::none(),
           "Regroups the active edges into one generation; inactive edges leave the index.")
      .def("active_edges", &PyGroupedIndex::ActiveEdges,
           "(rows, cols, edge_ids) of the active slots, in slot order.")
      .def("scatter_add", &PyGroupedIndex::ScatterAdd, py::arg("x"), py::kw_only(),
           py::arg("weights") = py::none(), py::arg("both_ends") = py::none(),
           py::arg("all_groups") = false, py::arg("isa") = py::none(), R"doc(
y[j] += w * x[i] for every active edge (i, j), plus y[i] += w * x[j] with both_ends (default for
'both_ends' indexes). weights is slot-aligned (None: 1). Sweeps the listed active groups, or all
groups with all_groups=True (the MD access pattern).)doc")
      .def("first_conflicting_group", &PyGroupedIndex::FirstConflictingGroup, py::kw_only(),
           py::arg("check_rows") = py::none(), py::arg("isa") = py::none(),
           "First group whose active lanes repeat a column (or row), -1 if none.")
      .def("count_active", &PyGroupedIndex::NumActive, py::kw_only(), py::arg("isa") = py::none())
      .def("generation", &PyGroupedIndex::Generation, py::arg("i"),
           "Views of generation i: tile_keys, index_begin, index (Index), pos (Pos), group_begin.")
      .def_property_readonly(
          "n_rows",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.geometry().n_rows; });
          })
      .def_property_readonly(
          "n_cols",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.geometry().n_cols; });
          })
      .def_property_readonly(
          "tile_size",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.geometry().tile_size; });
          })
      .def_property_readonly(
          "tile_column_bits",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.geometry().column_bits; });
          })
      .def_property_readonly(
          "conflict",
          [](const PyGroupedIndex& p) { return NameOf(kConflictRuleNames, p.index().rule()); })
      .def_property_readonly("grouping",
                             [](const PyGroupedIndex& p) {
                               return p.index().grouping() == Grouping::kWindow ? "window"
                                                                                : "first_fit";
                             })
      .def_property_readonly(
          "compact_threshold",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.compact_threshold(); });
          })
      .def_property_readonly(
          "max_generations",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.max_generations(); });
          })
      .def_property_readonly(
          "num_groups",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.slots().num_groups(); });
          })
      .def_property_readonly(
          "num_slots",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.slots().num_slots(); });
          })
      .def_property_readonly(
          "num_generations",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.generations().size(); });
          })
      .def_property_readonly(
          "num_indexed",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.NumIndexed(); });
          })
      .def_property_readonly("num_active",
                             [](const PyGroupedIndex& p) { return p.NumActive(std::nullopt); })
      .def_property_readonly(
          "num_compactions",
          [](const PyGroupedIndex& p) {
            return p.Read([](const IndexCollection& i) { return i.num_compactions(); });
          })
      .def_property_readonly("xcoord",
                             [](const PyGroupedIndex& p) {
                               return ReadOnly(p.Read([](const IndexCollection& i) {
                                 return Copy(i.slots().xcoord);
                               }));
                             })
      .def_property_readonly("ycoord",
                             [](const PyGroupedIndex& p) {
                               return ReadOnly(p.Read([](const IndexCollection& i) {
                                 return Copy(i.slots().ycoord);
                               }));
                             })
      .def_property_readonly("slot_edge",
                             [](const PyGroupedIndex& p) {
                               return ReadOnly(p.Read([](const IndexCollection& i) {
                                 return Copy(i.slots().slot_edge);
                               }));
                             })
      .def_property_readonly("group_row_base",
                             [](const PyGroupedIndex& p) {
                               return ReadOnly(p.Read([](const IndexCollection& i) {
                                 return Copy(i.slots().row_base);
                               }));
                             })
      .def_property_readonly("group_col_base",
                             [](const PyGroupedIndex& p) {
                               return ReadOnly(p.Read([](const IndexCollection& i) {
                                 return Copy(i.slots().col_base);
                               }));
                             })
      .def_property_readonly("active_groups",
                             [](const PyGroupedIndex& p) {
                               return ReadOnly(p.Read([](const IndexCollection& i) {
                                 return Copy(i.active_groups());
                               }));
                             })
      .def("__repr__", [](const PyGroupedIndex& p) {
        return p.Read([](const IndexCollection& i) {
          return "GroupedIndex(n_rows=" + std::to_string(i.geometry().n_rows) +
                 ", n_cols=" + std::to_string(i.geometry().n_cols) +
                 ", tile_size=" + std::to_string(i.geometry().tile_size) + ", conflict='" +
                 NameOf(kConflictRuleNames, i.rule()) +
                 "', indexed=" + std::to_string(i.NumIndexed()) +
                 ", groups=" + std::to_string(i.slots().num_groups()) +
                 ", generations=" + std::to_string(i.generations().size()) + ")";
        });
      });
}

}  // namespace irreg::bindings

// Python binding of the Emu model for irreg._core. irreg.emu builds the machine from its
// calibration (every field of IRREG_EMU_MACHINE_FIELDS, which this layer converts and checks) and
// validates the other inputs; this layer checks shapes again (it is reachable directly),
// turns std::invalid_argument into ValueError and releases the GIL while a kernel runs.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <type_traits>

#include "bindings/bind.hpp"
#include "bindings/common.hpp"
#include "emu/kernels.hpp"
#include "emu/similarity.hpp"
#include "graph/graph.hpp"

namespace irreg::bindings {

using F64InArray = py::array_t<double, py::array::c_style | py::array::forcecast>;
using I32EmuArray = py::array_t<int32_t, py::array::c_style | py::array::forcecast>;

// Python's type of a machine field's C++ type, for emu_machine_fields().
template <typename T>
py::object PyTypeOf() {
  return py::reinterpret_borrow<py::object>(std::is_integral_v<T>
                                                ? reinterpret_cast<PyObject*>(&PyLong_Type)
                                                : reinterpret_cast<PyObject*>(&PyFloat_Type));
}

template <typename T>
T MachineField(const char* name, py::handle value) {
  try {
    return value.cast<T>();
  } catch (const py::cast_error&) {
    throw py::type_error(std::string(name) +
                         (std::is_integral_v<T> ? " must be an int" : " must be a number") +
                         ", got " + py::repr(value).cast<std::string>());
  }
}

// Every field of IRREG_EMU_MACHINE_FIELDS must be in d, and nothing else; each is checked as it is
// read, so a bad value is reported before a missing one.
inline emu::Machine MachineFrom(const py::dict& d) {
  using emu::kUnbounded;
  for (auto item : d) {
    const std::string key = py::str(item.first);
    bool known = false;
#define IRREG_EMU_KNOWN(type, name, low, high, meaning) known = known || key == #name;
    IRREG_EMU_MACHINE_FIELDS(IRREG_EMU_KNOWN)
#undef IRREG_EMU_KNOWN
    if (!known) throw py::value_error("unknown machine parameter '" + key + "'");
  }
  emu::Machine m;
  std::string missing;
  try {
#define IRREG_EMU_READ(type, name, low, high, meaning)                     \
  if (d.contains(#name)) {                                                 \
    m.name = MachineField<type>(#name, d[#name]);                          \
    emu::CheckMachineField(#name, static_cast<double>(m.name), low, high); \
  } else {                                                                 \
    missing += std::string(missing.empty() ? "" : ", ") + "'" #name "'";   \
  }
    IRREG_EMU_MACHINE_FIELDS(IRREG_EMU_READ)
#undef IRREG_EMU_READ
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
  if (!missing.empty())
    throw py::value_error("missing machine parameter(s) " + missing +
                          ": the model has no presets; irreg.emu.Machine().params has them all");
  return m;
}

// (name, int or float, meaning) per machine parameter, in IRREG_EMU_MACHINE_FIELDS order.
inline py::list MachineFields() {
  py::list fields;
#define IRREG_EMU_DESCRIBE(type, name, low, high, meaning) \
  fields.append(Result("MachineField", #name, PyTypeOf<type>(), meaning));
  IRREG_EMU_MACHINE_FIELDS(IRREG_EMU_DESCRIBE)
#undef IRREG_EMU_DESCRIBE
  return fields;
}

inline py::dict ReportDict(const emu::Report& r) {
  py::dict d;
  d["cycles"] = r.cycles;
  d["seconds"] = r.seconds;
#define IRREG_EMU_REPORT_ITEM(name) d[#name] = r.name;
  IRREG_EMU_REPORT_COUNTS(IRREG_EMU_REPORT_ITEM)
#undef IRREG_EMU_REPORT_ITEM
  d["phases"] = r.phases;
  d["channel_busy"] = r.channel_busy;
  d["core_busy"] = r.core_busy;
  d["engine_busy"] = r.engine_busy;
  d["link_busy"] = r.link_busy;
  d["threads_started"] = r.threads_started;
  d["peak_threads"] = r.peak_threads;
  d["arrivals_waited"] = r.arrivals_waited;
  return d;
}

template <typename F>
auto Guarded(F&& f) {
  try {
    py::gil_scoped_release release;
    return f();
  } catch (const std::invalid_argument& e) {
    throw py::value_error(e.what());
  }
}

// The vertex count of a graph given as CSR arrays; ValueError unless indptr starts at 0, never
// decreases and ends at len(indices), and every neighbour id is a vertex.
inline int32_t CheckCsr(const I64Array& indptr, const I32EmuArray& indices) {
  if (indptr.ndim() != 1 || indptr.size() < 1) throw py::value_error("indptr is empty");
  const int64_t n = indptr.size() - 1;
  if (n >= std::numeric_limits<int32_t>::max()) throw py::value_error("too many vertices");
  if (indptr.at(0) != 0 || indices.size() != indptr.at(n))
    throw py::value_error("indptr and indices do not describe one graph");
  for (int64_t v = 0; v < n; ++v)
    if (indptr.at(v + 1) < indptr.at(v)) throw py::value_error("indptr decreases");
  for (int64_t k = 0; k < indices.size(); ++k)
    if (indices.at(k) < 0 || indices.at(k) >= n)
      throw py::value_error("a neighbour id is outside the graph");
  return static_cast<int32_t>(n);
}

// The Emu BFS over a CSR held by the caller (NumPy arrays or a built graph), as a dict.
inline py::dict SimulatedBfs(const py::dict& machine, int32_t n, const int64_t* indptr,
                             const int32_t* indices, int32_t source, py::handle strategy,
                             int32_t threads, int32_t edge_block, int32_t host_threads) {
  const emu::Machine mc = MachineFrom(machine);
  emu::BfsOptions o;
  o.strategy = ParseName(strategy, "strategy", emu::kBfsStrategyNames);
  o.threads = threads;
  o.edge_block = edge_block;
  o.host_threads = host_threads;
  emu::BfsResult r = Guarded([&] { return emu::SimulateBfs(mc, n, indptr, indices, source, o); });
  py::dict d;
  d["report"] = ReportDict(r.report);
  d["edges"] = r.edges;
  d["levels"] = r.levels;
  d["parent"] = Adopt(std::move(r.parent));
  d["depth"] = Adopt(std::move(r.depth));
  return d;
}

void BindEmu(py::module_& m) {
  DefineResult(m, "MachineField", {"name", "type", "meaning"});
  DefineResult(m, "CandidateLists", {"candidates", "scores"});
  ExportNames(m, "chase_mode", emu::kChaseModeNames);
  ExportNames(m, "bfs_strategy", emu::kBfsStrategyNames);
  m.def("emu_machine_fields", &MachineFields,
        "(name, type, meaning) of every machine parameter; irreg.emu.calibration has the values.");
  m.def(
      "emu_check_machine", [](const py::dict& machine) { MachineFrom(machine); },
      py::arg("machine"),
      "Raises ValueError (TypeError for a wrong type) unless machine is a complete, valid dict of "
      "machine parameters.");

  m.def(
      "emu_stream",
      [](const py::dict& machine, int64_t n, int32_t threads) {
        const emu::Machine mc = MachineFrom(machine);
        emu::StreamResult r = Guarded([&] { return emu::SimulateStream(mc, n, threads); });
        py::dict d;
        d["report"] = ReportDict(r.report);
        d["bytes"] = r.bytes;
        return d;
      },
      py::arg("machine"), py::arg("n"), py::arg("threads"));

  m.def(
      "emu_pointer_chase",
      [](const py::dict& machine, int64_t n, py::handle mode, int64_t block_size, int32_t threads,
         uint64_t seed) {
        const emu::Machine mc = MachineFrom(machine);
        emu::ChaseOptions o;
        o.mode = ParseName(mode, "mode", emu::kChaseModeNames);
        o.block_size = block_size;
        o.threads = threads;
        o.seed = seed;
        emu::ChaseResult r = Guarded([&] { return emu::SimulatePointerChase(mc, n, o); });
        py::dict d;
        d["report"] = ReportDict(r.report);
        d["bytes"] = r.bytes;
        d["sum"] = r.sum;
        return d;
      },
      py::arg("machine"), py::arg("n"), py::arg("mode"), py::arg("block_size"), py::arg("threads"),
      py::arg("seed"));

  m.def(
      "emu_spmv",
      [](const py::dict& machine, int64_t rows, int64_t cols, const I64Array& indptr,
         const I64Array& indices, const F64InArray& data, const F64InArray& x, bool two_d,
         bool replicate_x, int32_t threads, int64_t grain) {
        const emu::Machine mc = MachineFrom(machine);
        if (rows < 0 || cols < 0) throw py::value_error("matrix shape must be non-negative");
        if (indptr.ndim() != 1 || indptr.size() != rows + 1)
          throw py::value_error("indptr must hold rows + 1 entries");
        const int64_t nnz = indptr.at(rows);
        if (indptr.at(0) != 0 || indices.size() != nnz || data.size() != nnz)
          throw py::value_error("indptr, indices and data do not describe one CSR matrix");
        for (int64_t r = 0; r < rows; ++r)
          if (indptr.at(r + 1) < indptr.at(r)) throw py::value_error("indptr must not decrease");
        for (int64_t k = 0; k < nnz; ++k)
          if (indices.at(k) < 0 || indices.at(k) >= cols)
            throw py::value_error("a column index is outside the matrix");
        if (x.ndim() != 1 || x.size() != cols) throw py::value_error("x must hold cols entries");
        emu::SpmvOptions o;
        o.two_d = two_d;
        o.replicate_x = replicate_x;
        o.threads = threads;
        o.grain = grain;
        emu::SpmvResult r = Guarded([&] {
          return emu::SimulateSpmv(mc, rows, cols, indptr.data(), indices.data(), data.data(),
                                   x.data(), o);
        });
        py::dict d;
        d["report"] = ReportDict(r.report);
        d["bytes"] = r.bytes;
        d["threads"] = r.threads;
        d["y"] = Adopt(std::move(r.y));
        return d;
      },
      py::arg("machine"), py::arg("rows"), py::arg("cols"), py::arg("indptr"), py::arg("indices"),
      py::arg("data"), py::arg("x"), py::arg("two_d"), py::arg("replicate_x"), py::arg("threads"),
      py::arg("grain"));

  m.def(
      "emu_bfs_levels",
      [](const I64Array& indptr, const I32EmuArray& indices, int32_t source) {
        const int32_t n = CheckCsr(indptr, indices);
        return Guarded([&] { return emu::BfsLevels(n, indptr.data(), indices.data(), source); });
      },
      py::arg("indptr"), py::arg("indices"), py::arg("source"),
      "Levels of a BFS from source over CSR arrays (what Algorithm 2's scans cost).");

  m.def(
      "emu_bfs_levels",
      [](const graph::Graph& g, int32_t source) {
        const graph::CsrGraph& c = g.layout().csr();
        return Guarded(
            [&] { return emu::BfsLevels(c.n, c.offsets.data(), c.targets.data(), source); });
      },
      py::arg("graph"), py::arg("source"), "Levels of a BFS from source over a built graph.");

  m.def(
      "emu_bfs",
      [](const py::dict& machine, const I64Array& indptr, const I32EmuArray& indices,
         int32_t source, py::handle strategy, int32_t threads, int32_t edge_block,
         int32_t host_threads) {
        const int32_t n = CheckCsr(indptr, indices);
        return SimulatedBfs(machine, n, indptr.data(), indices.data(), source, strategy, threads,
                            edge_block, host_threads);
      },
      py::arg("machine"), py::arg("indptr"), py::arg("indices"), py::arg("source"),
      py::arg("strategy"), py::arg("threads"), py::arg("edge_block"), py::arg("host_threads"));
  m.def(
      "emu_bfs",
      [](const py::dict& machine, const graph::Graph& g, int32_t source, py::handle strategy,
         int32_t threads, int32_t edge_block, int32_t host_threads) {
        const graph::CsrGraph& c = g.layout().csr();
        return SimulatedBfs(machine, c.n, c.offsets.data(), c.targets.data(), source, strategy,
                            threads, edge_block, host_threads);
      },
      py::arg("machine"), py::arg("graph"), py::arg("source"), py::arg("strategy"),
      py::arg("threads"), py::arg("edge_block"), py::arg("host_threads"),
      "The same over a built graph's CSR, read in place.");

  m.def(
      "emu_similarity",
      [](const py::dict& machine, const align::LabelledGraph& g1, const align::LabelledGraph& g2,
         py::handle scheme, py::handle layout, int32_t threads, int32_t k, int32_t bucket_size,
         uint64_t seed) {
        const emu::Machine mc = MachineFrom(machine);
        emu::SimilarityOptions o;
        o.scheme = ParseName(scheme, "scheme", align::kSchemeNames);
        o.layout = ParseName(layout, "layout", align::kLayoutNames);
        o.threads = threads;
        o.k = k;
        o.bucket_size = bucket_size;
        o.seed = seed;
        emu::SimilarityResult r = Guarded([&] { return emu::SimulateSimilarity(mc, g1, g2, o); });
        auto lists = [](const align::TopK& top) {
          const int32_t n1 = top.num_vertices(), k = top.k();
          py::array_t<int32_t> c({static_cast<py::ssize_t>(n1), static_cast<py::ssize_t>(k)});
          py::array_t<float> s({static_cast<py::ssize_t>(n1), static_cast<py::ssize_t>(k)});
          auto cm = c.mutable_unchecked<2>();
          auto sm = s.mutable_unchecked<2>();
          for (int32_t u = 0; u < n1; ++u)
            for (int32_t i = 0; i < k; ++i) {
              const bool has = i < top.count(u);
              cm(u, i) = has ? top.candidate(u, i) : -1;
              sm(u, i) = has ? top.score(u, i) : std::numeric_limits<float>::quiet_NaN();
            }
          return Result("CandidateLists", c, s);
        };
        py::dict d;
        d["report"] = ReportDict(r.report);
        d["bytes"] = r.bytes;
        d["comparisons"] = r.comparisons;
        d["tasks"] = r.tasks;
        d["top"] = lists(r.top);
        d["cpu_top"] = lists(r.cpu_top);
        return d;
      },
      py::arg("machine"), py::arg("g1"), py::arg("g2"), py::arg("scheme"), py::arg("layout"),
      py::arg("threads"), py::arg("k"), py::arg("bucket_size"), py::arg("seed"));
}

}  // namespace irreg::bindings

// Python bindings of the graph engine for irreg._core: the built graph (CSR + grouped index),
// the registry, the five algorithms and the Dijkstra kernel (one binding per kernel).
// irreg.graph (IrregGraph, algorithms) wraps them with NumPy-side input checks; results are
// moved into NumPy arrays without a copy, and the GIL is released while C++ runs.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <ctime>
#include <limits>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "bindings/bind.hpp"
#include "bindings/common.hpp"
#include "core/dispatch.hpp"
#include "graph/fast_kernels.hpp"
#include "graph/ordered_kernels.hpp"
#include "graph/registry.hpp"
#include "graph/run.hpp"

namespace irreg::bindings {

inline py::dict StatsDict(const graph::RunStats& s, std::pair<double, double> released = {0, 0}) {
  py::dict d;
  d["released_at"] = released.first;
  d["reacquired_at"] = released.second;
  d["threads"] = s.threads;
  d["supersteps"] = s.supersteps;
  d["active_edges"] = s.active_edges;
  d["vector_ops"] = s.vector_ops;
  d["simd_utilization"] =
      s.vector_ops ? py::object(py::float_(s.simd_utilization())) : py::object(py::none());
  d["compute_seconds"] = s.compute_seconds;
  d["activate_seconds"] = s.activate_seconds;
  d["produce_seconds"] = s.produce_seconds;
  return d;
}

// A 1-D float64 array's values (one copy, no Python object per value).
inline std::vector<double> Values(const F64Array& a) {
  if (a.ndim() != 1) throw py::value_error("expected a 1-D float64 array");
  return std::vector<double>(a.data(), a.data() + a.size());
}

// The link-analysis power iterations (graph/link_analysis.hpp): NetworkX's vectors in vertex
// order, as irreg.graph.algorithms.link_analysis prepares them.
inline void BindLinkAnalysis(py::module_& m) {
  using graph::Graph;
  auto run = [](auto body) {
    std::pair<double, double> released;
    graph::LinkScores r = WithoutGil(body, &released);
    return Result("LinkRun", Adopt(std::move(r.value)), Adopt(std::move(r.other)), r.iterations,
                  r.converged, StatsDict(r.stats, released));
  };
  m.def(
      "pagerank",
      [run](const Graph& g, const F64Array& start, const F64Array& personalization,
            const F64Array& dangling, double alpha, bool weighted, int32_t max_iter, double tol,
            const std::string& variant, const std::optional<std::string>& isa, int32_t threads) {
        const std::string i = IsaArg(isa);
        graph::PageRankInput input{alpha, Values(start), Values(personalization), Values(dangling)};
        return run([&] {
          return graph::RunPageRank(g, input, weighted, max_iter, tol, variant, i, threads);
        });
      },
      py::arg("graph"), py::arg("start"), py::arg("personalization"), py::arg("dangling"),
      py::arg("alpha"), py::arg("weighted"), py::arg("max_iter"), py::arg("tol"),
      py::arg("variant") = "", py::arg("isa") = py::none(), py::arg("threads") = 1,
      "PageRank: empty personalization means 1/n each, empty dangling the personalization.");
  m.def(
      "hits",
      [run](const Graph& g, const F64Array& start, int32_t max_iter, double tol,
            const std::string& variant, const std::optional<std::string>& isa, int32_t threads) {
        const std::string i = IsaArg(isa);
        return run(
            [&] { return graph::RunHits(g, Values(start), max_iter, tol, variant, i, threads); });
      },
      py::arg("graph"), py::arg("start"), py::arg("max_iter"), py::arg("tol"),
      py::arg("variant") = "", py::arg("isa") = py::none(), py::arg("threads") = 1,
      "HITS: value holds the hubs, other the last authorities, both unnormalized.");
  m.def(
      "katz",
      [run](const Graph& g, double alpha, const F64Array& start, const F64Array& beta,
            bool weighted, int32_t max_iter, double tol, const std::string& variant,
            const std::optional<std::string>& isa, int32_t threads) {
        const std::string i = IsaArg(isa);
        return run([&] {
          return graph::RunKatz(g, alpha, Values(start), Values(beta), weighted, max_iter, tol,
                                variant, i, threads);
        });
      },
      py::arg("graph"), py::arg("alpha"), py::arg("start"), py::arg("beta"), py::arg("weighted"),
      py::arg("max_iter"), py::arg("tol"), py::arg("variant") = "", py::arg("isa") = py::none(),
      py::arg("threads") = 1, "Katz centrality, unnormalized; beta one value or one per vertex.");
  m.def(
      "eigenvector",
      [run](const Graph& g, const F64Array& start, bool weighted, int32_t max_iter, double tol,
            const std::string& variant, const std::optional<std::string>& isa, int32_t threads) {
        const std::string i = IsaArg(isa);
        return run([&] {
          return graph::RunEigenvector(g, Values(start), weighted, max_iter, tol, variant, i,
                                       threads);
        });
      },
      py::arg("graph"), py::arg("start"), py::arg("weighted"), py::arg("max_iter"), py::arg("tol"),
      py::arg("variant") = "", py::arg("isa") = py::none(), py::arg("threads") = 1,
      "Eigenvector centrality, normalized every iteration.");
}

// The most vertices a graph may have: ids are 32-bit and n + 1 (the CSR offsets' length, a
// past-the-end vertex) must fit too. The edge-list reader and generators share it
// (irreg._core.MAX_VERTICES), so a file the reader accepts is a graph the core builds.
inline constexpr int64_t kMaxVertices = std::numeric_limits<int32_t>::max() - 1;

// Vertex ids arrive as int32 or int64 (both arrays the same), read in place: no copy.
inline std::unique_ptr<graph::Graph> MakeGraph(const py::array& src, const py::array& dst,
                                               const std::optional<F64Array>& weight, int64_t n,
                                               bool directed, const py::object& tile_size,
                                               const std::optional<std::string>& isa,
                                               int32_t threads) {
  if (src.ndim() != 1 || dst.ndim() != 1 || src.size() != dst.size())
    throw py::value_error("src and dst must be 1-D arrays of the same length");
  const bool narrow = src.dtype().is(py::dtype::of<int32_t>());
  const py::dtype id_type = narrow ? py::dtype::of<int32_t>() : py::dtype::of<int64_t>();
  if (!src.dtype().is(id_type) || !dst.dtype().is(id_type) || !(src.flags() & py::array::c_style) ||
      !(dst.flags() & py::array::c_style))
    throw py::type_error("src and dst must be contiguous arrays of one dtype, int32 or int64");
  if (weight && (weight->ndim() != 1 || weight->size() != src.size()))
    throw py::value_error("weight must be a 1-D array with one value per edge");
  if (n < 0 || n > kMaxVertices)
    throw py::value_error("n must be in [0, " + std::to_string(kMaxVertices) + "], got " +
                          std::to_string(n));
  const int32_t tile = TileSizeArg(tile_size);
  const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
  const double* w = weight ? weight->data() : nullptr;
  const void* s = src.data();
  const void* d = dst.data();
  const int64_t m = src.size();
  py::gil_scoped_release release;
  graph::CsrGraph csr = narrow ? graph::CsrGraph::FromEdges(
                                     static_cast<const int32_t*>(s), static_cast<const int32_t*>(d),
                                     w, m, static_cast<int32_t>(n), directed, threads)
                               : graph::CsrGraph::FromEdges(
                                     static_cast<const int64_t*>(s), static_cast<const int64_t*>(d),
                                     w, m, static_cast<int32_t>(n), directed, threads);
  return std::make_unique<graph::Graph>(std::move(csr), directed, tile, k);
}

// Pickle state of a Graph: its CSR rows as arrays (not Python lists) and what the constructor
// needs to rebuild the rest. Lazily built parts (grouped index, in-edges, undirected view) are
// rebuilt on first use, as after any build; the ISA of the tiling is the unpickling machine's
// best (the graph does not depend on it). The first entry versions the layout of the tuple.
inline constexpr int64_t kGraphPickleVersion = 1;

inline py::tuple GraphState(const graph::Graph& g) {
  const graph::CsrGraph& c = g.layout().csr();
  const int64_t m = c.num_edges();
  std::vector<int64_t> offsets;
  std::vector<int32_t> targets;
  std::vector<double> weights;
  {
    py::gil_scoped_release release;  // the CSR is immutable: other threads may run kernels
    offsets = c.offsets;
    targets.assign(c.targets.begin(), c.targets.begin() + m);
    if (c.weighted) weights.assign(c.weights.begin(), c.weights.begin() + m);
  }
  return py::make_tuple(
      kGraphPickleVersion, c.n, g.directed(), g.requested_tile_size(), c.symmetric_sorted,
      Adopt(std::move(offsets)), Adopt(std::move(targets)),
      c.weighted ? py::object(Adopt(std::move(weights))) : py::object(py::none()));
}

// A pickled Graph's array as it was pickled: exactly dtype T and 1-D (a cast would truncate
// float targets or wrap out-of-range ones without a word).
template <typename T>
py::array_t<T, py::array::c_style | py::array::forcecast> StateArray(py::handle value,
                                                                     const char* name) {
  if (!py::isinstance<py::array>(value))
    throw py::value_error(std::string("a pickled Graph's ") + name + " must be a NumPy array");
  const auto a = py::reinterpret_borrow<py::array>(value);
  if (!py::dtype::of<T>().attr("__eq__")(a.dtype()).template cast<bool>() || a.ndim() != 1)
    throw py::value_error(std::string("a pickled Graph's ") + name + " must be a 1-D " +
                          py::str(py::dtype::of<T>()).cast<std::string>() + " array, got " +
                          std::to_string(a.ndim()) + "-D " +
                          py::str(a.dtype()).cast<std::string>());
  return a.template cast<py::array_t<T, py::array::c_style | py::array::forcecast>>();
}

// Unpickling checks what construction checks (FromRows: offsets, target ids, NaN weights), the
// vertex count's range and the symmetric_sorted claim, so a crafted state cannot make kernels
// read out of bounds or answer wrongly.
inline std::unique_ptr<graph::Graph> GraphFromState(const py::tuple& state) {
  if (state.size() != 8 || !py::isinstance<py::int_>(state[0]) ||
      state[0].cast<py::int_>().not_equal(py::int_(kGraphPickleVersion)))
    throw py::value_error("not a pickled irreg._core.Graph of this version");
  if (!py::isinstance<py::int_>(state[1]) || py::int_(0).attr("__gt__")(state[1]).cast<bool>() ||
      state[1].attr("__gt__")(py::int_(kMaxVertices)).cast<bool>())
    throw py::value_error("a pickled Graph's vertex count must be an int in [0, " +
                          std::to_string(kMaxVertices) + "], got " +
                          py::repr(state[1]).cast<std::string>());
  const auto n = state[1].cast<int32_t>();
  const auto directed = state[2].cast<bool>();
  const int32_t tile = TileSizeArg(state[3]);
  const auto symmetric_sorted = state[4].cast<bool>();
  const auto offsets = StateArray<int64_t>(state[5], "offsets");
  const auto targets = StateArray<int32_t>(state[6], "targets");
  std::optional<py::array_t<double, py::array::c_style | py::array::forcecast>> weights;
  if (!state[7].is_none()) weights = StateArray<double>(state[7], "weights");
  const TilingKernels& k = TilingKernelsFor("");
  py::gil_scoped_release release;  // the arrays stay referenced by `state`
  auto copy = [](const auto& a) { return std::vector(a.data(), a.data() + a.size()); };
  graph::CsrGraph csr = graph::CsrGraph::FromRows(
      copy(offsets), copy(targets), weights ? copy(*weights) : std::vector<double>{}, n);
  if (symmetric_sorted && !csr.IsSymmetricSorted())
    throw std::invalid_argument(
        "a pickled Graph says its rows are sorted and symmetric; they "
        "are not");
  csr.symmetric_sorted = symmetric_sorted;
  return std::make_unique<graph::Graph>(std::move(csr), directed, tile, k);
}

// The registry (graph/registry.hpp) as read-only rows; irreg.graph.registry reads them once.
static void BindRegistry(py::module_& m) {
  using graph::AlgorithmInfo;
  using graph::VariantInfo;
  py::class_<VariantInfo>(m, "GraphVariant", "A method an algorithm can run (graph/registry.hpp).")
      .def_readonly("name", &VariantInfo::name)
      .def_readonly("method", &VariantInfo::method)
      .def_readonly("parallel", &VariantInfo::parallel)
      .def_readonly("simd", &VariantInfo::simd)
      .def_readonly("engine", &VariantInfo::engine)
      .def_readonly("work_per_thread", &VariantInfo::work_per_thread);
  py::class_<AlgorithmInfo>(m, "GraphAlgorithm", "A row of the graph registry.")
      .def_readonly("name", &AlgorithmInfo::name)
      .def_readonly("summary", &AlgorithmInfo::summary)
      .def_readonly("function", &AlgorithmInfo::function)
      .def_readonly("sourced", &AlgorithmInfo::sourced)
      .def_readonly("variants", &AlgorithmInfo::variants)
      .def_readonly("default_variant", &AlgorithmInfo::default_variant)
      .def_readonly("result_fields", &AlgorithmInfo::result_fields);
  m.def("algorithms", &graph::Algorithms, py::return_value_policy::reference,
        "The graph algorithms, in the registry's order (graph/registry.hpp).");
  m.def("graph_variants", &graph::Variants, py::return_value_policy::reference,
        "Every variant of the graph algorithms: method, parallel path, SIMD counters.");
}

void BindGraph(py::module_& m) {
  DefineResult(m, "Csr", {"offsets", "targets", "weights"});
  DefineResult(m, "FiniteWeights", {"count", "low", "high"});
  DefineResult(m, "BfsRun", {"depth", "parent", "stats"});
  DefineResult(m, "ValueRun", {"value", "stats"});
  DefineResult(m, "LabelRun", {"label", "stats"});
  DefineResult(m, "LinkRun", {"value", "other", "iterations", "converged", "stats"});
  DefineResult(m, "BetweennessRun", {"score", "edge_score", "stats"});
  DefineResult(m, "DistanceSumsRun",
               {"reached", "total", "inverse", "farthest", "eccentricity", "reaches_all", "stats"});
  DefineResult(
      m, "SettledRun",
      {"value", "order", "parent", "contradiction", "stats", "pred_offsets", "preds", "reached"});
  using graph::Graph;
  py::class_<Graph>(m, "Graph",
                    "A graph built once: CSR plus the tiled, conflict-free grouped index.")
      .def(py::init(&MakeGraph), py::arg("src"), py::arg("dst"), py::arg("weight"), py::arg("n"),
           py::arg("directed"), py::arg("tile_size") = py::none(), py::arg("isa") = py::none(),
           py::arg("threads") = 1)
      .def_property_readonly("n", [](const Graph& g) { return g.layout().csr().n; })
      .def_property_readonly("num_edges",
                             [](const Graph& g) { return g.layout().csr().num_edges(); })
      .def_property_readonly("directed", &Graph::directed)
      .def_property_readonly("weighted", [](const Graph& g) { return g.layout().csr().weighted; })
      .def_property_readonly("tile_size", [](const Graph& g) { return g.layout().tile_size(); })
      .def_property_readonly("num_groups", [](const Graph& g) { return g.layout().num_groups(); })
      .def_property_readonly("lane_fill", [](const Graph& g) { return g.layout().lane_fill(); })
      .def(
          "retiled",
          [](const Graph& g, const py::object& tile_size, const std::optional<std::string>& isa) {
            const int32_t tile = TileSizeArg(tile_size);
            const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
            graph::CsrGraph csr = g.layout().csr();  // rows keep their order; padding included
            py::gil_scoped_release release;
            return std::make_unique<Graph>(std::move(csr), g.directed(), tile, k);
          },
          py::arg("tile_size"), py::arg("isa") = py::none(),
          "The same graph (same CSR, same row order) with a grouped index of tile edge tile_size.")
      .def(
          "csr",
          [](const Graph& g) {
            const graph::CsrGraph& c = g.layout().csr();
            const int64_t m = c.num_edges();
            return Result("Csr", Adopt(std::vector<int64_t>(c.offsets)),
                          Adopt(std::vector<int32_t>(c.targets.begin(), c.targets.begin() + m)),
                          Adopt(std::vector<double>(c.weights.begin(), c.weights.begin() + m)));
          },
          "Copies of (offsets, targets, weights) in CSR order (weights are 1 when none were "
          "given).")
      .def(
          "out_degrees",
          [](const Graph& g) {
            const graph::CsrGraph& c = g.layout().csr();
            std::vector<int64_t> degree(c.n);
            for (int32_t v = 0; v < c.n; ++v) degree[v] = c.degree(v);
            return Adopt(std::move(degree));
          },
          "int64 out-degree per vertex (stored edges: a self-loop once)")
      .def(
          "finite_weights",
          [](const Graph& g) {
            const graph::CsrGraph::FiniteWeights& f = g.layout().csr().finite;
            return Result("FiniteWeights", f.count, f.low, f.high);
          },
          "(how many weights are finite, the smallest finite weight, the largest): inf, -inf "
          "with none.")
      .def(py::pickle(&GraphState, &GraphFromState));

  m.attr("MAX_VERTICES") = kMaxVertices;
  BindRegistry(m);
  m.def("default_tile_size", &graph::DefaultGraphTileSize, py::arg("n"), py::arg("m"));

  m.def(
      "bfs",
      [](const Graph& g, int64_t source, const std::string& variant,
         const std::optional<std::string>& isa, int32_t threads) {
        const std::string i = IsaArg(isa);
        std::pair<double, double> released;
        graph::BfsResult r = WithoutGil(
            [&] { return graph::RunBfs(g, static_cast<VertexId>(source), variant, i, threads); },
            &released);
        return Result("BfsRun", Adopt(std::move(r.depth)), Adopt(std::move(r.parent)),
                      StatsDict(r.stats, released));
      },
      py::arg("graph"), py::arg("source"), py::arg("variant") = "", py::arg("isa") = py::none(),
      py::arg("threads") = 1);

  m.def(
      "distance_sums",
      [](const Graph& g, const std::vector<int64_t>& sources, bool reverse, bool per_vertex,
         const std::string& variant, const std::optional<std::string>& isa) {
        const std::string i = IsaArg(isa);
        const std::vector<VertexId> s = VertexList(sources, g.layout().csr().n);
        std::pair<double, double> released;
        graph::DistanceSums r = WithoutGil(
            [&] { return graph::RunDistanceSums(g, s, reverse, per_vertex, variant, i); },
            &released);
        // The fixed-point sums as (low, high) uint64 pairs: NumPy has no 128-bit integers.
        std::vector<uint64_t> inverse(2 * r.inverse.size());
        for (size_t v = 0; v < r.inverse.size(); ++v) {
          inverse[2 * v] = static_cast<uint64_t>(r.inverse[v]);
          inverse[2 * v + 1] = static_cast<uint64_t>(r.inverse[v] >> 64);
        }
        return Result("DistanceSumsRun", Adopt(std::move(r.reached)), Adopt(std::move(r.total)),
                      Adopt(std::move(inverse)), Adopt(std::move(r.farthest)),
                      Adopt(std::move(r.eccentricity)), Adopt(std::move(r.reaches_all)),
                      StatsDict(r.stats, released));
      },
      py::arg("graph"), py::arg("sources"), py::arg("reverse") = false,
      py::arg("per_vertex") = true, py::arg("variant") = "", py::arg("isa") = py::none(),
      "Hops from each source summed per vertex (graph/ms_bfs.hpp): one chunk of sources, on "
      "one thread without the GIL. inverse: sums of floor(2^64 / hops) as (low, high) uint64.");

  m.def(
      "betweenness",
      [](const Graph& g, const Graph& reversed, const std::vector<int64_t>& sources, bool weighted,
         bool endpoints, bool edges, const std::optional<std::vector<int64_t>>& targets,
         const std::string& variant) {
        const int32_t n = g.layout().csr().n;
        const std::vector<VertexId> s = VertexList(sources, n);
        std::vector<uint8_t> target_bytes;
        if (targets) {
          target_bytes.assign(n, 0);
          for (VertexId t : VertexList(*targets, n)) target_bytes[t] = 1;
        }
        graph::BrandesOptions options{weighted, endpoints, edges,
                                      targets ? target_bytes.data() : nullptr};
        std::pair<double, double> released;
        graph::BetweennessSums r = WithoutGil(
            [&] { return graph::RunBetweenness(g, reversed, s, options, variant); }, &released);
        return Result("BetweennessRun", Adopt(std::move(r.score)), Adopt(std::move(r.edge_score)),
                      StatsDict(r.stats, released));
      },
      py::arg("graph"), py::arg("reversed"), py::arg("sources"), py::arg("weighted") = false,
      py::arg("endpoints") = false, py::arg("edges") = false, py::arg("targets") = py::none(),
      py::arg("variant") = "",
      "Brandes' betweenness summed over one chunk of sources (graph/brandes.hpp), unscaled: "
      "per vertex, or per edge of `reversed` (the graph's edges reversed, with weights) with "
      "edges; targets: only paths to these count (NetworkX's *_subset).");

  // Reachability (the backend's ancestors and descendants); threads as bfs's.
  m.def(
      "reachable",
      [](const Graph& g, int64_t source, bool reverse, int32_t threads) {
        std::pair<double, double> released;
        std::vector<uint8_t> r = WithoutGil(
            [&] { return graph::RunReachable(g, static_cast<VertexId>(source), reverse, threads); },
            &released);
        return Adopt(std::move(r));
      },
      py::arg("graph"), py::arg("source"), py::arg("reverse") = false, py::arg("threads") = 1,
      "uint8 per vertex: 1 where a path leads from source (reverse: to source), source included");

  auto value_algorithm = [&m](const char* name,
                              graph::ValueResult (*run)(const Graph&, VertexId, const std::string&,
                                                        const std::string&, int32_t)) {
    m.def(
        name,
        [run](const Graph& g, int64_t source, const std::string& variant,
              const std::optional<std::string>& isa, int32_t threads) {
          const std::string i = IsaArg(isa);
          std::pair<double, double> released;
          graph::ValueResult r =
              WithoutGil([&] { return run(g, static_cast<VertexId>(source), variant, i, threads); },
                         &released);
          return Result("ValueRun", Adopt(std::move(r.value)), StatsDict(r.stats, released));
        },
        py::arg("graph"), py::arg("source"), py::arg("variant") = "", py::arg("isa") = py::none(),
        py::arg("threads") = 1);
  };
  value_algorithm("sssp", &graph::RunSssp);
  value_algorithm("sswp", &graph::RunSswp);

  // The one binding of the Dijkstra kernel: variant "dijkstra" of sssp/sswp (irreg.graph shapes the
  // result) and the NetworkX backend's multi-source, cutoff, settle-order form.
  m.def(
      "dijkstra",
      [](const Graph& g, const std::vector<int64_t>& sources, bool widest,
         std::optional<double> cutoff, bool refuse_negative, std::optional<int64_t> target,
         bool equal_predecessors) {
        const int32_t n = g.layout().csr().n;
        const std::vector<VertexId> s = VertexList(sources, n);
        const VertexId t = target ? VertexList({*target}, n)[0] : -1;
        const auto objective =
            widest ? graph::PathObjective::kWidest : graph::PathObjective::kShortest;
        std::pair<double, double> released;
        graph::SettledValues r = WithoutGil(
            [&] {
              return graph::RunDijkstra(g, s, objective, cutoff, refuse_negative, t,
                                        equal_predecessors);
            },
            &released);
        return Result("SettledRun", Adopt(std::move(r.value)), Adopt(std::move(r.order)),
                      Adopt(std::move(r.parent)), r.contradiction, StatsDict(r.stats, released),
                      Adopt(std::move(r.pred_offsets)), Adopt(std::move(r.preds)),
                      Adopt(std::move(r.reached)));
      },
      py::arg("graph"), py::arg("sources"), py::arg("widest") = false,
      py::arg("cutoff") = py::none(), py::arg("refuse_negative") = false,
      py::arg("target") = py::none(), py::arg("equal_predecessors") = false,
      "Label-setting paths from sources: (value, settle order, parent, contradiction, stats). "
      "widest: max-min widths instead of sums; cutoff: values worse than it are not kept; "
      "refuse_negative: a negative weight raises ValueError naming the edge; target: stop once "
      "it settles. parent: the vertex whose edge last improved each one (-1: none). With "
      "equal_predecessors, also (pred offsets, every equal predecessor, first-reached order); "
      "empty arrays otherwise.");

  auto label_algorithm = [&m](const char* name,
                              graph::LabelResult (*run)(const Graph&, const std::string&,
                                                        const std::string&, int32_t)) {
    m.def(
        name,
        [run](const Graph& g, const std::string& variant, const std::optional<std::string>& isa,
              int32_t threads) {
          const std::string i = IsaArg(isa);
          std::pair<double, double> released;
          graph::LabelResult r = WithoutGil([&] { return run(g, variant, i, threads); }, &released);
          return Result("LabelRun", Adopt(std::move(r.label)), StatsDict(r.stats, released));
        },
        py::arg("graph"), py::arg("variant") = "", py::arg("isa") = py::none(),
        py::arg("threads") = 1);
  };
  BindLinkAnalysis(m);
  DefineResult(m, "DenseRun", {"value", "negative_cycle", "stats"});
  m.def(
      "floyd_warshall",
      [](const Graph& g, bool weighted, const std::string& variant,
         const std::optional<std::string>& isa, int32_t threads) {
        const std::string i = IsaArg(isa);
        std::pair<double, double> released;
        graph::DenseLengths r = WithoutGil(
            [&] { return graph::RunFloydWarshall(g, weighted, variant, i, threads); }, &released);
        const py::ssize_t n = g.layout().csr().n;
        py::array_t<double> value = Adopt(std::move(r.value));
        return Result("DenseRun", value.attr("reshape")(n, n), r.negative_cycle,
                      StatsDict(r.stats, released));
      },
      py::arg("graph"), py::arg("weighted") = true, py::arg("variant") = "",
      py::arg("isa") = py::none(), py::arg("threads") = 1,
      "Shortest path lengths between every pair, n x n (inf: unreachable), whether a negative "
      "cycle makes them meaningless, and the run's stats.");
  label_algorithm("wcc", &graph::RunWcc);
  label_algorithm("topological_generations", &graph::RunTopologicalGenerations);
}

}  // namespace irreg::bindings

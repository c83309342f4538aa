// The NetworkX backend's C++ side: converting a NetworkX graph by walking its adjacency dicts
// (PyDict_Next, no per-edge Python bytecode), and the kernels whose outputs follow NetworkX's
// orders and that only the backend uses (ordered BFS and DFS, Kahn by generations, Bellman-Ford,
// strongly connected components).
// Multi-source Dijkstra in settle order is graph_bindings' `dijkstra`, the kernel's one binding.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <limits>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bindings/bind.hpp"
#include "bindings/common.hpp"
#include "core/dispatch.hpp"
#include "graph/graph.hpp"
#include "graph/ordered_kernels.hpp"

namespace irreg::bindings {

// Calls fn(key, value) for every item of a mapping: a dict through PyDict_Next, anything else
// (NetworkX's filtered views) through items(). fn may run Python code (a weight's __float__ or
// __index__, a label's __hash__ or __eq__) that changes or frees what is being walked, so the
// mapping, the key and the value are held, and a dict whose size changes stops the walk with
// Python's own RuntimeError.
template <class Fn>
void ForEachItem(py::handle mapping, Fn&& fn) {
  if (PyDict_Check(mapping.ptr())) {
    const py::object dict = py::reinterpret_borrow<py::object>(mapping);
    const Py_ssize_t size = PyDict_GET_SIZE(dict.ptr());
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(dict.ptr(), &pos, &key, &value)) {
      const py::object k = py::reinterpret_borrow<py::object>(key);
      const py::object v = py::reinterpret_borrow<py::object>(value);
      fn(k, v);
      if (PyDict_GET_SIZE(dict.ptr()) != size)
        throw std::runtime_error(
            "dictionary changed size during iteration (G changed while "
            "it was being converted)");
    }
    return;
  }
  for (py::handle item : mapping.attr("items")()) {
    const py::tuple kv = py::reinterpret_borrow<py::tuple>(item);
    const py::object k = kv[0], v = kv[1];
    fn(k, v);
  }
}

// mapping.get(key, fallback) as a new reference.
inline py::object MappingGet(py::handle mapping, py::handle key, py::handle fallback) {
  if (PyDict_Check(mapping.ptr())) {
    PyObject* found = PyDict_GetItemWithError(mapping.ptr(), key.ptr());
    if (found == nullptr && PyErr_Occurred()) throw py::error_already_set();
    return py::reinterpret_borrow<py::object>(found != nullptr ? found : fallback.ptr());
  }
  return mapping.attr("get")(key, fallback);
}

// Integers up to 2**53 in magnitude are exact in float64, and so are sums that stay there.
constexpr uint64_t kExactInDouble = uint64_t{1} << 53;

[[noreturn]] inline void ThrowNotImplemented(const std::string& what) {
  PyErr_SetString(PyExc_NotImplementedError, what.c_str());
  throw py::error_already_set();
}

class NetworkxConverter {
 public:
  NetworkxConverter(py::handle g, py::object weight, py::object default_weight)
      : node_(g.attr("_node")),
        adj_(g.attr("_adj")),
        weight_(std::move(weight)),
        default_weight_(std::move(default_weight)),
        multigraph_(g.attr("is_multigraph")().cast<bool>()),
        directed_(g.attr("is_directed")().cast<bool>()) {}

  // Node labels in G's order, offsets and targets in adjacency order, weights (empty if none).
  void Run() {
    const Py_ssize_t n = py::len(node_);
    if (n >= std::numeric_limits<int32_t>::max())
      throw py::value_error("too many nodes: " + std::to_string(n) + " (at most 2**31 - 2)");
    n_ = static_cast<int32_t>(n);
    nodes_ = py::list(n);
    Py_ssize_t i = 0;
    ForEachItem(node_, [&](py::handle key, py::handle) {
      if (i == n) throw std::runtime_error(kChanged);  // a view's filter added nodes
      if (identity_) {
        int overflow = 0;
        identity_ = PyLong_CheckExact(key.ptr()) &&
                    PyLong_AsLongLongAndOverflow(key.ptr(), &overflow) == i && !overflow;
      }
      PyList_SET_ITEM(nodes_.ptr(), i++, key.inc_ref().ptr());
    });
    if (i != n) throw std::runtime_error(kChanged);
    if (!identity_) BuildIndex();
    offsets_.assign(static_cast<size_t>(n) + 1, 0);
    for (i = 0; i < n; ++i) {
      const py::object u = nodes_[i];
      const py::object row = MappingGet(adj_, u, py::none());
      if (row.is_none()) throw std::runtime_error(kChanged);  // a weight's code removed u
      row_ = static_cast<VertexId>(i);
      ForEachItem(row, [&](py::handle v, py::handle data) { AddEdge(u, v, data); });
      offsets_[i + 1] = static_cast<int64_t>(targets_.size());
    }
    if (py::len(node_) != n) throw std::runtime_error(kChanged);
    CheckExactSums();
  }

  std::unique_ptr<graph::Graph> Build(bool directed, int32_t tile_size, const TilingKernels& k) {
    py::gil_scoped_release release;
    return std::make_unique<graph::Graph>(
        graph::CsrGraph::FromRows(std::move(offsets_), std::move(targets_), std::move(weights_),
                                  n_),
        directed, tile_size, k);
  }

  py::list nodes() const { return nodes_; }
  py::object index() const { return index_; }  // None when labels are 0..n-1 in order
  bool integral() const { return integral_; }
  bool hidden() const { return hidden_; }  // some edge's None weight left it out
  // The one type of every integer weight (int for Python's, bools and int subclasses too: their
  // sums are ints), None when they differ or there are none.
  py::object integer_type() const { return int_types_agree_ ? int_type_ : py::none(); }

 private:
  static constexpr const char* kChanged =
      "G changed while it was being converted (dictionary changed size during iteration)";

  void BuildIndex() {
    py::dict index;
    for (int32_t i = 0; i < n_; ++i) index[nodes_[i]] = py::int_(i);
    index_ = index;
  }

  VertexId IndexOf(py::handle u, py::handle v) {
    if (identity_ && PyLong_CheckExact(v.ptr())) {
      int overflow = 0;
      const long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
      if (!overflow && x >= 0 && x < n_) return static_cast<VertexId>(x);
    }
    if (index_.is_none()) BuildIndex();  // a label equal to an int but of another type
    PyObject* found = PyDict_GetItemWithError(index_.ptr(), v.ptr());
    if (found == nullptr) {
      if (PyErr_Occurred()) throw py::error_already_set();
      throw py::value_error("edge (" + py::repr(u).cast<std::string>() + ", " +
                            py::repr(v).cast<std::string>() + ") names a node missing from G");
    }
    return static_cast<VertexId>(PyLong_AsLong(found));
  }

  // The edge's weight as NetworkX's _weight_function reads it (the smallest over parallel
  // edges); nullopt when it is None, which NetworkX's Dijkstra treats as a hidden edge.
  std::optional<double> WeightOf(py::handle u, py::handle v, py::handle data) {
    if (!multigraph_) return Number(u, v, MappingGet(data, weight_, default_weight_));
    std::optional<double> smallest;
    ForEachItem(data, [&](py::handle, py::handle attrs) {
      const std::optional<double> w = Number(u, v, MappingGet(attrs, weight_, default_weight_));
      if (w && (!smallest || *w < *smallest)) smallest = w;
    });
    return smallest;
  }

  std::string EdgeHas(py::handle u, py::handle v) const {
    return "edge (" + py::repr(u).cast<std::string>() + ", " + py::repr(v).cast<std::string>() +
           ") has " + py::repr(weight_).cast<std::string>() + " = ";
  }

  // A weight as float64, where float64 arithmetic gives NetworkX's sums: floats, and integers
  // (Python's, NumPy's: any numbers.Integral) small enough to stay exact. Any other number
  // (Decimal, Fraction, float32, ...) NetworkX sums in its own type, so irreg declines the graph
  // with NotImplementedError, on which NetworkX's dispatcher falls back to NetworkX.
  std::optional<double> Number(py::handle u, py::handle v, const py::object& value) {
    if (value.is_none()) return std::nullopt;
    if (PyFloat_Check(value.ptr())) {
      const double w = PyFloat_AS_DOUBLE(value.ptr());
      if (std::isnan(w)) throw py::value_error(EdgeHas(u, v) + "nan");
      integral_ = false;
      return w;
    }
    if (const std::optional<py::object> as_int = AsInt(u, v, value))
      return ExactInt(u, v, value, *as_int);
    if (PyFloat_AsDouble(value.ptr()) == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      throw py::type_error(EdgeHas(u, v) + py::repr(value).cast<std::string>() +
                           ", which is not a number");
    }
    ThrowNotImplemented(EdgeHas(u, v) + py::repr(value).cast<std::string>() + ", a " +
                        py::str(py::type::handle_of(value).attr("__name__")).cast<std::string>() +
                        ": irreg computes in float64 and NetworkX keeps this type's arithmetic, "
                        "so NetworkX must run this graph");
  }

  // value as a Python int when it is an integer (int, bool, NumPy's integers); nullopt if not.
  std::optional<py::object> AsInt(py::handle u, py::handle v, const py::object& value) {
    if (PyLong_Check(value.ptr())) return value;
    if (integral_type_.is_none()) integral_type_ = py::module_::import("numbers").attr("Integral");
    const int is_integral = PyObject_IsInstance(value.ptr(), integral_type_.ptr());
    if (is_integral < 0) throw py::error_already_set();
    if (!is_integral) return std::nullopt;
    PyObject* index = PyNumber_Index(value.ptr());
    if (index == nullptr) {
      PyErr_Clear();
      throw py::type_error(EdgeHas(u, v) + py::repr(value).cast<std::string>() +
                           ", an Integral without __index__");
    }
    return py::reinterpret_steal<py::object>(index);
  }

  double ExactInt(py::handle u, py::handle v, const py::object& value, const py::object& as_int) {
    int overflow = 0;
    const long long x = PyLong_AsLongLongAndOverflow(as_int.ptr(), &overflow);
    if (x == -1 && PyErr_Occurred()) throw py::error_already_set();
    const uint64_t magnitude = x < 0 ? 0 - static_cast<uint64_t>(x) : static_cast<uint64_t>(x);
    if (overflow || magnitude > kExactInDouble) {
      // repr of a huge int is long, and past 4300 digits it raises
      const int64_t bits = as_int.attr("bit_length")().cast<int64_t>();
      const std::string shown = bits <= 256 ? py::repr(value).cast<std::string>()
                                            : "an int of " + std::to_string(bits) + " bits";
      ThrowNotImplemented(EdgeHas(u, v) + shown +
                          ", beyond 2**53, where float64 rounds integers; NetworkX sums ints "
                          "exactly, so NetworkX must run this graph");
    }
    const py::handle type = PyLong_Check(value.ptr())
                                ? py::handle(reinterpret_cast<PyObject*>(&PyLong_Type))
                                : py::handle(reinterpret_cast<PyObject*>(Py_TYPE(value.ptr())));
    if (int_type_.is_none()) int_type_ = py::reinterpret_borrow<py::object>(type);
    int_types_agree_ = int_types_agree_ && int_type_.is(type);
    if (count_magnitude_ && magnitude_sum_ <= kExactInDouble) magnitude_sum_ += magnitude;
    negative_ = negative_ || x < 0;
    return static_cast<double>(x);
  }

  // Integer path lengths are exact when every sum stays within 2**53: Dijkstra's sums are
  // within the sum of all |w|; Bellman-Ford's, until a vertex queued n times ends it, within n
  // times that (each edge used at most once per pop of its tail).
  void CheckExactSums() const {
    const uint64_t limit =
        negative_ ? kExactInDouble / (static_cast<uint64_t>(n_) + 1) : kExactInDouble;
    if (magnitude_sum_ <= limit) return;
    ThrowNotImplemented(
        "the integer weights' magnitudes sum to more than " + std::to_string(limit) +
        (negative_ ? " (2**53 / (n + 1), with negative weights)" : " (2**53)") +
        ": float64 path lengths could round where NetworkX's int sums are exact, so NetworkX "
        "must run this graph");
  }

  void AddEdge(py::handle u, py::handle v, py::handle data) {
    const VertexId target = IndexOf(u, v);
    count_magnitude_ = directed_ || row_ <= target;  // an undirected edge is in two rows
    if (weight_.is_none()) {
      targets_.push_back(target);
      return;
    }
    const std::optional<double> w = WeightOf(u, v, data);
    if (!w) {  // a None weight hides the edge
      hidden_ = true;
      return;
    }
    targets_.push_back(target);
    weights_.push_back(*w);
  }

  py::object node_, adj_, weight_, default_weight_;
  py::object integral_type_ = py::none();
  bool multigraph_;
  bool directed_;
  int32_t n_ = 0;
  VertexId row_ = 0;
  bool count_magnitude_ = true;
  py::list nodes_;
  py::object index_ = py::none();
  bool identity_ = true;
  bool integral_ = true;
  bool hidden_ = false;
  bool negative_ = false;
  uint64_t magnitude_sum_ = 0;  // saturates just past 2**53
  py::object int_type_ = py::none();
  bool int_types_agree_ = true;
  std::vector<int64_t> offsets_;
  std::vector<VertexId> targets_;
  std::vector<double> weights_;
};

// The in-edges of a converted directed graph in G._pred's order (NetworkX's predecessor order),
// each with its out-edge's weight: what reverse traversals, single-target paths and
// bidirectional searches read, so their ties break as NetworkX's do. Every converted edge must
// be found in G._pred exactly once, so a G that changed since its conversion raises
// RuntimeError rather than give a stale answer. (An unmatched entry is allowed only where a
// None weight hid the edge from the conversion.)
inline std::unique_ptr<graph::Graph> NetworkxPredecessors(py::handle g, const graph::Graph& out,
                                                          const py::list& nodes,
                                                          const py::object& index) {
  static constexpr const char* kStale =
      "G changed since it was converted: its predecessor dicts no longer match the converted "
      "edges; convert it again (nx_irreg.backend_graph.from_networkx)";
  const graph::CsrGraph& csr = out.layout().csr();
  const int32_t n = csr.n;
  const py::object pred = g.attr("_pred");
  if (static_cast<int64_t>(py::len(pred)) != n || static_cast<int64_t>(py::len(nodes)) != n)
    throw std::runtime_error(kStale);
  // The out-edges regrouped by target, sources ascending, remembering each one's edge.
  std::vector<int64_t> in_offsets(static_cast<size_t>(n) + 1, 0);
  for (int64_t e = 0; e < csr.num_edges(); ++e) ++in_offsets[csr.targets[e] + 1];
  for (int32_t v = 0; v < n; ++v) in_offsets[v + 1] += in_offsets[v];
  std::vector<VertexId> sources(static_cast<size_t>(csr.num_edges()));
  std::vector<int64_t> edge_of(sources.size());
  {
    std::vector<int64_t> next(in_offsets.begin(), in_offsets.end() - 1);
    for (VertexId u = 0; u < n; ++u)
      for (int64_t e = csr.offsets[u]; e < csr.offsets[u + 1]; ++e) {
        const int64_t at = next[csr.targets[e]]++;
        sources[at] = u;
        edge_of[at] = e;
      }
  }
  auto id_of = [&](py::handle label) -> int64_t {
    if (index.is_none()) {
      int overflow = 0;
      const long long x = PyLong_CheckExact(label.ptr())
                              ? PyLong_AsLongLongAndOverflow(label.ptr(), &overflow)
                              : -1;
      return (overflow || x < 0 || x >= n) ? -1 : x;
    }
    PyObject* found = PyDict_GetItemWithError(index.ptr(), label.ptr());
    if (found == nullptr) {
      if (PyErr_Occurred()) throw py::error_already_set();
      return -1;
    }
    return PyLong_AsLongLong(found);
  };
  std::vector<int64_t> offsets(static_cast<size_t>(n) + 1, 0);
  std::vector<VertexId> targets;
  std::vector<double> weights;
  targets.reserve(sources.size());
  weights.reserve(sources.size());
  for (int32_t v = 0; v < n; ++v) {
    const py::object row = MappingGet(pred, nodes[v], py::none());
    if (row.is_none()) throw std::runtime_error(kStale);
    const VertexId* begin = sources.data() + in_offsets[v];
    const VertexId* end = sources.data() + in_offsets[v + 1];
    ForEachItem(row, [&](py::handle label, py::handle) {
      const int64_t u = id_of(label);
      const VertexId* at = u < 0 ? end : std::lower_bound(begin, end, static_cast<VertexId>(u));
      if (at == end || *at != u) {
        if (!csr.weighted) throw std::runtime_error(kStale);
        return;  // an edge whose None weight hid it
      }
      targets.push_back(static_cast<VertexId>(u));
      weights.push_back(csr.weights[edge_of[at - sources.data()]]);
    });
    offsets[v + 1] = static_cast<int64_t>(targets.size());
  }
  if (static_cast<int64_t>(targets.size()) != csr.num_edges()) throw std::runtime_error(kStale);
  py::gil_scoped_release release;
  return std::make_unique<graph::Graph>(
      graph::CsrGraph::FromRows(std::move(offsets), std::move(targets),
                                csr.weighted ? std::move(weights) : std::vector<double>{}, n),
      true, 0, TilingKernelsFor(""));
}

void BindNetworkx(py::module_& m) {
  DefineResult(m, "Conversion", {"graph", "nodes", "index", "integral", "integer_type", "hidden"});
  DefineResult(m, "OrderedLevels", {"order", "parent", "level_end"});
  DefineResult(m, "OrderedGenerations", {"order", "generation_end", "complete"});
  DefineResult(m, "LabeledEdges", {"tail", "head", "label"});
  DefineResult(m, "TopologicalOrder", {"order", "complete"});
  DefineResult(m, "BellmanFordRun", {"value", "order", "pred_offsets", "pred", "cycle_vertex"});
  DefineResult(m, "KosarajuComponents", {"order", "component_end"});
  DefineResult(m, "OrderedComponents", {"order", "component_end", "component"});
  DefineResult(m, "Biconnected",
               {"edge_tail", "edge_head", "component_end", "node_order", "node_end", "articulation",
                "bridge_tail", "bridge_head"});
  using graph::Graph;
  m.def(
      "from_networkx",
      [](py::handle g, py::object weight, py::object default_weight, int32_t tile_size,
         const std::optional<std::string>& isa) {
        const TilingKernels& k = TilingKernelsFor(IsaArg(isa));
        const bool directed = g.attr("is_directed")().cast<bool>();
        NetworkxConverter c(g, std::move(weight), std::move(default_weight));
        c.Run();
        std::unique_ptr<Graph> built = c.Build(directed, tile_size, k);
        return Result("Conversion", std::move(built), c.nodes(), c.index(), c.integral(),
                      c.integer_type(), c.hidden());
      },
      py::arg("G"), py::arg("weight"), py::arg("default_weight"), py::arg("tile_size") = 0,
      py::arg("isa") = py::none(),
      "Graph, node labels, label->position dict (None when labels are 0..n-1 in order), and "
      "whether every weight was an integer, the integers' one type (None if several), and "
      "whether a None weight hid an edge. "
      "NotImplementedError where float64 cannot give "
      "NetworkX's exact lengths (see from_networkx).");

  m.def("networkx_predecessors", &NetworkxPredecessors, py::arg("G"), py::arg("graph"),
        py::arg("nodes"), py::arg("index"),
        "The converted graph's in-edges in G._pred's order (a directed Graph whose row v lists "
        "v's predecessors, weighted as their edges); RuntimeError if G changed since.");

  m.def(
      "ordered_bfs",
      [](const Graph& g, const std::vector<int64_t>& sources, int64_t depth_limit) {
        const graph::CsrGraph& csr = g.layout().csr();
        const std::vector<VertexId> s = VertexList(sources, csr.n);
        graph::OrderedLevels r;
        {
          py::gil_scoped_release release;
          r = graph::OrderedBfs(csr, s, depth_limit);
        }
        return Result("OrderedLevels", Adopt(std::move(r.order)), Adopt(std::move(r.parent)),
                      Adopt(std::move(r.level_end)));
      },
      py::arg("graph"), py::arg("sources"), py::arg("depth_limit") = -1);

  m.def(
      "ordered_topological_generations",
      [](const Graph& g) {
        graph::OrderedGenerations r;
        {
          py::gil_scoped_release release;
          r = graph::OrderedTopologicalGenerations(g.layout().csr());
        }
        return Result("OrderedGenerations", Adopt(std::move(r.order)),
                      Adopt(std::move(r.generation_end)), r.complete);
      },
      py::arg("graph"));

  m.def(
      "ordered_bfs_labeled_edges",
      [](const Graph& g, const std::vector<int64_t>& sources) {
        const graph::CsrGraph& csr = g.layout().csr();
        const std::vector<VertexId> s = VertexList(sources, csr.n);
        graph::LabeledEdges r;
        {
          py::gil_scoped_release release;
          r = graph::OrderedLabeledEdges(csr, s, g.directed());
        }
        return Result("LabeledEdges", Adopt(std::move(r.tail)), Adopt(std::move(r.head)),
                      Adopt(std::move(r.label)));
      },
      py::arg("graph"), py::arg("sources"),
      "tail, head and label code (0 tree, 1 level, 2 forward, 3 reverse) of every edge "
      "networkx.bfs_labeled_edges yields, in its order");

  m.def(
      "lexicographic_topological_sort",
      [](const Graph& g, const std::vector<int64_t>& by_rank) {
        const graph::CsrGraph& csr = g.layout().csr();
        const std::vector<VertexId> ranked = VertexList(by_rank, csr.n);
        graph::TopologicalOrder r;
        {
          py::gil_scoped_release release;
          r = graph::LexicographicTopologicalSort(csr, ranked);
        }
        return Result("TopologicalOrder", Adopt(std::move(r.order)), r.complete);
      },
      py::arg("graph"), py::arg("by_rank"),
      "Kahn popping the smallest rank: the order (as far as it got) and whether it is complete");

  m.def(
      "bellman_ford",
      [](const Graph& g, const std::vector<int64_t>& sources, bool heuristic) {
        const graph::CsrGraph& csr = g.layout().csr();
        const std::vector<VertexId> s = VertexList(sources, csr.n);
        graph::BellmanFordResult r;
        {
          py::gil_scoped_release release;
          r = graph::BellmanFord(csr, s, heuristic);
        }
        return Result("BellmanFordRun", Adopt(std::move(r.settled.value)),
                      Adopt(std::move(r.settled.order)), Adopt(std::move(r.pred_offsets)),
                      Adopt(std::move(r.pred)), r.cycle_vertex);
      },
      py::arg("graph"), py::arg("sources"), py::arg("heuristic") = true,
      "(distance, first-reached order, pred offsets, pred ids, negative-cycle vertex or -1).");

  m.def(
      "kosaraju_components",
      [](const Graph& g, const std::vector<int64_t>& post, bool preorder) {
        const graph::CsrGraph& csr = g.layout().csr();
        const std::vector<VertexId> p = VertexList(post, csr.n);
        graph::OrderedComponents r;
        {
          py::gil_scoped_release release;
          r = graph::KosarajuComponents(csr, p, preorder);
        }
        return Result("KosarajuComponents", Adopt(std::move(r.order)),
                      Adopt(std::move(r.component_end)));
      },
      py::arg("graph"), py::arg("post"), py::arg("preorder") = false,
      "Kosaraju's second pass over a DFS postorder of the reversed graph: vertices component by "
      "component, and where each ends (preorder: each component's vertices in depth-first "
      "preorder, NetworkX 3.4/3.5).");

  m.def(
      "ordered_dfs",
      [](const Graph& g, std::optional<std::vector<int64_t>> roots, int64_t depth_limit) {
        const graph::CsrGraph& csr = g.layout().csr();
        std::vector<VertexId> r;
        if (roots) {
          r = VertexList(*roots, csr.n);
        } else {
          r.resize(csr.n);
          for (int32_t v = 0; v < csr.n; ++v) r[v] = v;
        }
        graph::LabeledEdges events;
        {
          py::gil_scoped_release release;
          events = graph::OrderedDfs(csr, r, depth_limit);
        }
        return Result("LabeledEdges", Adopt(std::move(events.tail)), Adopt(std::move(events.head)),
                      Adopt(std::move(events.label)));
      },
      py::arg("graph"), py::arg("roots") = py::none(), py::arg("depth_limit") = -1,
      "tail, head and label code (0 forward, 1 nontree, 2 reverse, 3 reverse-depth_limit) of "
      "every event networkx.dfs_labeled_edges yields, in its order, from each unvisited root in "
      "turn (None: every vertex in id order); depth_limit < 0: none");

  m.def(
      "ordered_bfs_components",
      [](const Graph& g, const Graph* in) {
        const graph::CsrGraph* in_csr = in == nullptr ? nullptr : &in->layout().csr();
        if (in_csr != nullptr && in_csr->n != g.layout().csr().n)
          throw py::value_error("out- and in-edge graphs differ in size");
        graph::OrderedComponents r;
        {
          py::gil_scoped_release release;
          r = graph::OrderedBfsComponents(g.layout().csr(), in_csr);
        }
        return Result("OrderedComponents", Adopt(std::move(r.order)),
                      Adopt(std::move(r.component_end)), Adopt(std::move(r.component)));
      },
      py::arg("graph"), py::arg("in_edges") = py::none(),
      "Connected (with in_edges: weakly connected) components in NetworkX's order: vertices "
      "component by component, each in NetworkX's BFS discovery order, where each ends, and "
      "each vertex's component.");

  m.def(
      "ordered_strongly_connected_components",
      [](const Graph& g, bool whole_graph_exit) {
        graph::OrderedComponents r;
        {
          py::gil_scoped_release release;
          r = graph::OrderedStronglyConnectedComponents(g.layout().csr(), whole_graph_exit);
        }
        return Result("OrderedComponents", Adopt(std::move(r.order)),
                      Adopt(std::move(r.component_end)), Adopt(std::move(r.component)));
      },
      py::arg("graph"), py::arg("whole_graph_exit") = false,
      "Vertices component by component in NetworkX's order, where each component ends, and each "
      "vertex's component (whole_graph_exit: NetworkX 3.7's order inside the last one).");

  m.def(
      "biconnected",
      [](const Graph& g, bool components, int64_t root,
         std::optional<std::vector<int64_t>> edge_order) {
        const graph::CsrGraph& csr = g.layout().csr();
        const VertexId r = root < 0 ? -1 : VertexList({root}, csr.n)[0];
        std::vector<VertexId> order;
        if (edge_order) order = VertexList(*edge_order, csr.n);
        graph::Biconnected b;
        {
          py::gil_scoped_release release;
          b = graph::BiconnectedSearch(csr, components, r, edge_order ? &order : nullptr);
        }
        return Result("Biconnected", Adopt(std::move(b.edge_tail)), Adopt(std::move(b.edge_head)),
                      Adopt(std::move(b.component_end)), Adopt(std::move(b.node_order)),
                      Adopt(std::move(b.node_end)), Adopt(std::move(b.articulation)),
                      Adopt(std::move(b.bridge_tail)), Adopt(std::move(b.bridge_head)));
      },
      py::arg("graph"), py::arg("components") = true, py::arg("root") = -1,
      py::arg("edge_order") = py::none(),
      "networkx's biconnected DFS over an undirected graph: each component's edges in its order "
      "(when components), the cut vertices in its yield order, the bridges in G.edges() order "
      "over the nodes in edge_order (None: the searched ones in id order); root >= 0: only "
      "root's component, else every vertex in id order as a root.");

  m.def(
      "astar",
      [](const Graph& g, int64_t source, int64_t target, bool unit_weights, double cutoff,
         py::object heuristic, py::object labels) {
        const graph::CsrGraph& csr = g.layout().csr();
        const VertexId s = VertexList({source}, csr.n)[0], t = VertexList({target}, csr.n)[0];
        graph::FoundPath r;
        if (heuristic.is_none()) {
          py::gil_scoped_release release;
          r = graph::AStar(csr, s, t, unit_weights, cutoff, {});
        } else {
          // heuristic(label of v, label of target), the GIL held as in NetworkX's loop.
          auto label = [&](VertexId v) -> py::object {
            if (labels.is_none()) return py::int_(v);
            return labels[py::int_(v)];
          };
          const py::object target_label = label(t);
          r = graph::AStar(csr, s, t, unit_weights, cutoff, [&](VertexId v) {
            return heuristic(label(v), target_label).cast<double>();
          });
        }
        return py::make_tuple(Adopt(std::move(r.path)), r.length);
      },
      py::arg("graph"), py::arg("source"), py::arg("target"), py::arg("unit_weights") = false,
      py::arg("cutoff") = 0.0, py::arg("heuristic") = py::none(), py::arg("labels") = py::none(),
      "networkx.astar_path's search: (path from source to target, empty if none; its length). "
      "heuristic(label of v, label of target) -> float, labels[v] (None: the ids); cutoff 0: "
      "none.");

  m.def(
      "reach_among_successors",
      [](const Graph& g, int32_t threads, int64_t budget_bytes) {
        if (threads < 1) throw py::value_error("threads must be at least 1");
        graph::SuccessorReach r;
        {
          py::gil_scoped_release release;
          r = graph::ReachAmongSuccessors(g.layout().csr(), threads, budget_bytes);
        }
        return py::make_tuple(Adopt(std::move(r.offsets)), Adopt(std::move(r.reached)), r.acyclic);
      },
      py::arg("graph"), py::arg("threads") = 1, py::arg("budget_bytes") = int64_t{1} << 28,
      "(offsets, reached, acyclic): per CSR edge u -> v, the other successors of u that v "
      "reaches; acyclic False (and nothing else) when the graph has a cycle.");

  m.def(
      "edge_search",
      [](const Graph& g, const std::vector<int64_t>& sources, int orientation, bool depth_first,
         const Graph* in_edges) {
        const graph::CsrGraph& csr = g.layout().csr();
        if (orientation < 0 || orientation > 3)
          throw py::value_error("orientation must be 0 (none), 1, 2 or 3");
        const auto o = static_cast<graph::EdgeOrientation>(orientation);
        const bool needs_in = g.directed() && (o == graph::EdgeOrientation::kReverse ||
                                               o == graph::EdgeOrientation::kIgnore);
        if (needs_in && in_edges == nullptr)
          throw py::value_error("orientations reverse and ignore of a digraph need in_edges");
        const std::vector<VertexId> s = VertexList(sources, csr.n);
        graph::LabeledEdges r;
        {
          py::gil_scoped_release release;
          r = graph::EdgeSearch(csr, needs_in ? &in_edges->layout().csr() : nullptr, g.directed(),
                                s, o, depth_first);
        }
        return Result("LabeledEdges", Adopt(std::move(r.tail)), Adopt(std::move(r.head)),
                      Adopt(std::move(r.label)));
      },
      py::arg("graph"), py::arg("sources"), py::arg("orientation"), py::arg("depth_first"),
      py::arg("in_edges") = py::none(),
      "networkx.edge_dfs (depth_first) or edge_bfs: tail, head and label (0 forward, 1 "
      "reverse) of each edge in its order; orientation 0 none, 1 original, 2 reverse, 3 "
      "ignore; in_edges: G._pred's rows (reverse and ignore of a digraph).");

  m.def(
      "local_bridges",
      [](const Graph& g, bool with_span, bool unit_weights) {
        if (g.directed()) throw py::value_error("local bridges need an undirected graph");
        graph::LocalBridges r;
        {
          py::gil_scoped_release release;
          r = graph::FindLocalBridges(g.layout().csr(), with_span, unit_weights);
        }
        return py::make_tuple(Adopt(std::move(r.tail)), Adopt(std::move(r.head)),
                              Adopt(std::move(r.span)));
      },
      py::arg("graph"), py::arg("with_span") = true, py::arg("unit_weights") = true,
      "networkx.local_bridges: (tails, heads, spans) in G.edges() order; spans empty unless "
      "with_span, +inf where the edge is all that joins its ends.");
}

}  // namespace irreg::bindings

// The NetworkX backend's C++ side: converting a NetworkX graph by walking its adjacency dicts
// (PyDict_Next, no per-edge Python bytecode), and the kernels whose outputs follow NetworkX's
// orders and that only the backend uses (ordered BFS, Kahn by generations, Bellman-Ford).
// Multi-source Dijkstra in settle order is graph_bindings' `dijkstra`, the kernel's one binding.
#pragma once

#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <cmath>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "bindings/graph_bindings.hpp"

namespace irreg::bindings {

// Calls fn(key, value) (borrowed references) for every item of a mapping: a dict through
// PyDict_Next, anything else (NetworkX's filtered views) through items().
template <class Fn>
void ForEachItem(py::handle mapping, Fn&& fn) {
  if (PyDict_Check(mapping.ptr())) {
    PyObject *key, *value;
    Py_ssize_t pos = 0;
    while (PyDict_Next(mapping.ptr(), &pos, &key, &value)) fn(key, value);
    return;
  }
  for (py::handle item : mapping.attr("items")()) {
    py::tuple kv = py::reinterpret_borrow<py::tuple>(item);
    fn(kv[0].ptr(), kv[1].ptr());
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

class NetworkxConverter {
 public:
  NetworkxConverter(py::handle g, py::object weight, py::object default_weight)
      : node_(g.attr("_node")), adj_(g.attr("_adj")), weight_(std::move(weight)),
        default_weight_(std::move(default_weight)),
        multigraph_(g.attr("is_multigraph")().cast<bool>()) {}

  // Node labels in G's order, offsets and targets in adjacency order, weights (empty if none).
  void Run() {
    const Py_ssize_t n = py::len(node_);
    if (n >= std::numeric_limits<int32_t>::max())
      throw py::value_error("too many nodes: " + std::to_string(n) + " (at most 2**31 - 2)");
    n_ = static_cast<int32_t>(n);
    nodes_ = py::list(n);
    Py_ssize_t i = 0;
    ForEachItem(node_, [&](PyObject* key, PyObject*) {
      if (identity_) {
        int overflow = 0;
        identity_ = PyLong_CheckExact(key) && PyLong_AsLongLongAndOverflow(key, &overflow) == i &&
                    !overflow;
      }
      Py_INCREF(key);
      PyList_SET_ITEM(nodes_.ptr(), i++, key);
    });
    if (!identity_) BuildIndex();
    offsets_.assign(static_cast<size_t>(n) + 1, 0);
    for (i = 0; i < n; ++i) {
      py::handle u = nodes_[i];
      py::object row = adj_[u];
      ForEachItem(row, [&](PyObject* v, PyObject* data) { AddEdge(u, v, data); });
      offsets_[i + 1] = static_cast<int64_t>(targets_.size());
    }
  }

  std::unique_ptr<graph::Graph> Build(bool directed, int32_t tile_size, const KernelTable& k) {
    py::gil_scoped_release release;
    return std::make_unique<graph::Graph>(
        graph::CsrGraph::FromRows(std::move(offsets_), std::move(targets_), std::move(weights_), n_),
        directed, tile_size, k);
  }

  py::list nodes() const { return nodes_; }
  py::object index() const { return index_; }  // None when labels are 0..n-1 in order
  bool integral() const { return integral_; }

 private:
  void BuildIndex() {
    py::dict index;
    for (int32_t i = 0; i < n_; ++i) index[nodes_[i]] = py::int_(i);
    index_ = index;
  }

  VertexId IndexOf(py::handle u, py::handle v) {
    if (identity_ && PyLong_CheckExact(v.ptr())) {
      int overflow = 0;
      const long long x = PyLong_AsLongLongAndOverflow(v.ptr(), &overflow);
      if (!overflow && x >= 0 && x < n_)
        return static_cast<VertexId>(x);
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
    ForEachItem(data, [&](PyObject*, PyObject* attrs) {
      const std::optional<double> w = Number(u, v, MappingGet(attrs, weight_, default_weight_));
      if (w && (!smallest || *w < *smallest)) smallest = w;
    });
    return smallest;
  }

  std::optional<double> Number(py::handle u, py::handle v, const py::object& value) {
    if (value.is_none()) return std::nullopt;
    const double w = PyFloat_AsDouble(value.ptr());
    if (w == -1.0 && PyErr_Occurred()) {
      PyErr_Clear();
      throw py::type_error("edge (" + py::repr(u).cast<std::string>() + ", " +
                           py::repr(v).cast<std::string>() + ") has " +
                           py::repr(weight_).cast<std::string>() + " = " +
                           py::repr(value).cast<std::string>() + ", which is not a number");
    }
    if (std::isnan(w))
      throw py::value_error("edge (" + py::repr(u).cast<std::string>() + ", " +
                            py::repr(v).cast<std::string>() + ") has " +
                            py::repr(weight_).cast<std::string>() + " = nan");
    integral_ = integral_ && PyLong_Check(value.ptr());
    return w;
  }

  void AddEdge(py::handle u, PyObject* v, PyObject* data) {
    const VertexId target = IndexOf(u, v);
    if (weight_.is_none()) {
      targets_.push_back(target);
      return;
    }
    const std::optional<double> w = WeightOf(u, v, data);
    if (!w) return;  // a None weight hides the edge
    targets_.push_back(target);
    weights_.push_back(*w);
  }

  py::object node_, adj_, weight_, default_weight_;
  bool multigraph_;
  int32_t n_ = 0;
  py::list nodes_;
  py::object index_ = py::none();
  bool identity_ = true;
  bool integral_ = true;
  std::vector<int64_t> offsets_;
  std::vector<VertexId> targets_;
  std::vector<double> weights_;
};

inline void BindNetworkx(py::module_& m) {
  using graph::Graph;
  m.def("from_networkx", [](py::handle g, py::object weight, py::object default_weight,
                            int32_t tile_size, const std::optional<std::string>& isa) {
    const KernelTable& k = KernelsFor(IsaArg(isa));
    const bool directed = g.attr("is_directed")().cast<bool>();
    NetworkxConverter c(g, std::move(weight), std::move(default_weight));
    c.Run();
    std::unique_ptr<Graph> built = c.Build(directed, tile_size, k);
    return py::make_tuple(std::move(built), c.nodes(), c.index(), c.integral());
  }, py::arg("G"), py::arg("weight"), py::arg("default_weight"), py::arg("tile_size") = 0,
     py::arg("isa") = py::none(),
     "Graph, node labels, label->position dict (None when labels are 0..n-1 in order), and "
     "whether every weight was an int.");

  m.def("ordered_bfs", [](const Graph& g, const std::vector<int64_t>& sources, int64_t depth_limit) {
    const graph::CsrGraph& csr = g.layout().csr();
    const std::vector<VertexId> s = VertexList(sources, csr.n);
    graph::OrderedLevels r;
    {
      py::gil_scoped_release release;
      r = graph::OrderedBfs(csr, s, depth_limit);
    }
    return py::make_tuple(Adopt(std::move(r.order)), Adopt(std::move(r.parent)),
                          Adopt(std::move(r.level_end)));
  }, py::arg("graph"), py::arg("sources"), py::arg("depth_limit") = -1);

  m.def("ordered_topological_generations", [](const Graph& g) {
    graph::OrderedGenerations r;
    {
      py::gil_scoped_release release;
      r = graph::OrderedTopologicalGenerations(g.layout().csr());
    }
    return py::make_tuple(Adopt(std::move(r.order)), Adopt(std::move(r.generation_end)),
                          r.complete);
  }, py::arg("graph"));

  m.def("bellman_ford", [](const Graph& g, const std::vector<int64_t>& sources) {
    const graph::CsrGraph& csr = g.layout().csr();
    const std::vector<VertexId> s = VertexList(sources, csr.n);
    graph::SettledValues r;
    {
      py::gil_scoped_release release;
      r = graph::BellmanFord(csr, s);
    }
    return py::make_tuple(Adopt(std::move(r.value)), Adopt(std::move(r.order)), r.contradiction,
                          r.negative_cycle);
  }, py::arg("graph"), py::arg("sources"));
}

}  // namespace irreg::bindings

// Paths for the NetworkX backend: source-to-target searches from both ends, chunks of all-pairs
// lengths, and NetworkX's path lists built from parent arrays in C++ (a list per reached vertex,
// its parent's list plus one label: what NetworkX's `paths[v] + [w]` builds, without a Python
// loop).
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "bindings/bind.hpp"
#include "bindings/common.hpp"
#include "core/dispatch.hpp"
#include "graph/graph.hpp"
#include "graph/ordered_kernels.hpp"

namespace irreg::bindings {

// A new list of the labels of `ids`, in order.
inline py::list LabelList(const std::vector<VertexId>& ids, const py::list& nodes) {
  py::list out(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) {
    PyObject* label = PyList_GET_ITEM(nodes.ptr(), ids[i]);
    Py_INCREF(label);
    PyList_SET_ITEM(out.ptr(), static_cast<Py_ssize_t>(i), label);
  }
  return out;
}

// An empty dict with room for `entries` (no rehash while it fills: about a third of the time of
// filling a 10^4-entry dict).
inline py::dict PresizedDict(py::ssize_t entries) {
  return py::reinterpret_steal<py::dict>(_PyDict_NewPresized(entries));
}

inline void CheckLabels(const py::list& nodes, int32_t n) {
  if (static_cast<int64_t>(py::len(nodes)) != n)
    throw py::value_error("nodes has " + std::to_string(py::len(nodes)) + " labels for " +
                          std::to_string(n) + " vertices");
}

// {label(v): path} for v in `order`, following `parent` (per vertex, -1 at a root). The path
// runs root -> v, or v -> root when `toward_root`. A parent's list is built once and copied into
// its children's, in whatever order they come; a parent cycle raises ValueError.
inline py::dict PathDict(const I32Array& order, const I32Array& parent, const py::list& nodes,
                         bool toward_root) {
  const int32_t n = static_cast<int32_t>(parent.size());
  CheckLabels(nodes, n);
  const int32_t* par = parent.data();
  std::vector<py::object> path_of(static_cast<size_t>(n));
  std::vector<int32_t> chain;
  auto build = [&](int32_t v) {
    // Up to the nearest vertex with a list (or past the root), then lists back down.
    chain.clear();
    for (int32_t w = v; w >= 0 && !path_of[w]; w = par[w]) {
      if (w >= n || static_cast<int32_t>(chain.size()) >= n)
        throw py::value_error("parent holds a cycle or a vertex outside [0, n)");
      chain.push_back(w);
    }
    for (auto it = chain.rbegin(); it != chain.rend(); ++it) {
      const int32_t w = *it;
      PyObject* prev = par[w] >= 0 ? path_of[par[w]].ptr() : nullptr;
      const Py_ssize_t before = prev ? PyList_GET_SIZE(prev) : 0;
      const Py_ssize_t shift = toward_root ? 1 : 0;
      py::list path(before + 1);
      for (Py_ssize_t k = 0; k < before; ++k) {
        PyObject* item = PyList_GET_ITEM(prev, k);
        Py_INCREF(item);
        PyList_SET_ITEM(path.ptr(), k + shift, item);
      }
      PyObject* label = PyList_GET_ITEM(nodes.ptr(), w);
      Py_INCREF(label);
      PyList_SET_ITEM(path.ptr(), toward_root ? 0 : before, label);
      path_of[w] = std::move(path);
    }
  };
  py::dict out = PresizedDict(order.size());
  const int32_t* ord = order.data();
  for (py::ssize_t i = 0; i < order.size(); ++i) {
    const int32_t v = ord[i];
    if (v < 0 || v >= n) throw py::value_error("order holds a vertex outside [0, n)");
    if (!path_of[v]) build(v);
    if (PyDict_SetItem(out.ptr(), PyList_GET_ITEM(nodes.ptr(), v), path_of[v].ptr()) < 0)
      throw py::error_already_set();
  }
  return out;
}

// dict[key] = value with the key's hash known (CPython's private fast path where it has one).
inline void SetWithHash(PyObject* dict, PyObject* key, PyObject* value, Py_hash_t hash) {
#if PY_VERSION_HEX < 0x030D0000
  if (_PyDict_SetItem_KnownHash(dict, key, value, hash) < 0) throw py::error_already_set();
#else
  (void)hash;
  if (PyDict_SetItem(dict, key, value) < 0) throw py::error_already_set();
#endif
}

// {nodes[order[i]]: values[i]}: a lengths dict without a Python loop; int64 values become
// ints, float64 values floats (and whole float64 values ints when as_int). `hashes` holds
// hash(nodes[v]) per vertex (BackendGraph.label_hashes), saving a hash call per entry.
inline py::dict LabelDict(const I32Array& order, const py::array& values, const py::list& nodes,
                          const py::array_t<int64_t, py::array::c_style>& hashes, bool as_int) {
  const int32_t n = static_cast<int32_t>(py::len(nodes));
  if (values.ndim() != 1 || values.size() != order.size())
    throw py::value_error("values must be 1-D, one per entry of order");
  if (hashes.size() != n) throw py::value_error("hashes must hold one hash per node");
  const bool ints_given = py::isinstance<py::array_t<int64_t>>(values);
  if (!ints_given && !py::isinstance<py::array_t<double>>(values))
    throw py::type_error("values must be int64 or float64");
  using Ints = py::array_t<int64_t, py::array::c_style | py::array::forcecast>;
  using Floats = py::array_t<double, py::array::c_style | py::array::forcecast>;
  const Ints ints = ints_given ? Ints(values) : Ints();
  const Floats floats = ints_given ? Floats() : Floats(values);
  py::dict out = PresizedDict(order.size());
  const int32_t* ord = order.data();
  const int64_t* hash = hashes.data();
  for (py::ssize_t i = 0; i < order.size(); ++i) {
    const int32_t v = ord[i];
    if (v < 0 || v >= n) throw py::value_error("order holds a vertex outside [0, n)");
    PyObject* number = ints_given ? PyLong_FromLongLong(ints.data()[i])
                       : as_int   ? PyLong_FromLongLong(static_cast<long long>(floats.data()[i]))
                                  : PyFloat_FromDouble(floats.data()[i]);
    const py::object value = py::reinterpret_steal<py::object>(number);
    if (!value) throw py::error_already_set();
    SetWithHash(out.ptr(), PyList_GET_ITEM(nodes.ptr(), v), value.ptr(),
                static_cast<Py_hash_t>(hash[v]));
  }
  return out;
}

// The labels root -> v along `parent` (v -> root when `toward_root`).
inline py::list PathTo(const I32Array& parent, int32_t v, const py::list& nodes, bool toward_root) {
  const int32_t n = static_cast<int32_t>(parent.size());
  CheckLabels(nodes, n);
  if (v < 0 || v >= n) throw py::value_error("vertex outside [0, n)");
  std::vector<VertexId> chain;
  for (int32_t w = v; w >= 0; w = parent.data()[w]) {
    if (static_cast<int32_t>(chain.size()) > n) throw py::value_error("parent has a cycle");
    chain.push_back(w);
  }
  if (!toward_root) std::reverse(chain.begin(), chain.end());
  return LabelList(chain, nodes);
}

inline py::object ManySourceResult(graph::ManySourceLengths&& r) {
  return Result("ManySourceLengths", Adopt(std::move(r.offsets)), Adopt(std::move(r.order)),
                Adopt(std::move(r.value)), Adopt(std::move(r.parent)), r.failed_at);
}

void BindPaths(py::module_& m) {
  DefineResult(m, "ManySourceLengths", {"offsets", "order", "value", "parent", "failed_at"});
  DefineResult(m, "FoundPath", {"path", "length", "contradiction"});
  DefineResult(m, "LongestPath", {"path", "length", "acyclic"});
  using graph::Graph;
  m.def("path_dict", &PathDict, py::arg("order"), py::arg("parent"), py::arg("nodes"),
        py::arg("toward_root") = false,
        "{nodes[v]: path} for v in order: NetworkX's paths dict from a parent array.");
  m.def("label_dict", &LabelDict, py::arg("order"), py::arg("values"), py::arg("nodes"),
        py::arg("hashes"), py::arg("as_int") = false,
        "{nodes[order[i]]: values[i]} (int64 values as ints, float64 as floats, or as ints when "
        "as_int); hashes[v] = hash(nodes[v]).");
  m.def("path_to", &PathTo, py::arg("parent"), py::arg("vertex"), py::arg("nodes"),
        py::arg("toward_root") = false, "The labels of the parent chain's path to vertex.");

  m.def(
      "bidirectional_search",
      [](const Graph& out, const Graph& in, int64_t source, int64_t target, bool weighted,
         bool unit_weights) {
        const graph::CsrGraph& o = out.layout().csr();
        const graph::CsrGraph& i = in.layout().csr();
        if (o.n != i.n) throw py::value_error("out- and in-edge graphs differ in size");
        const std::vector<VertexId> ends = VertexList({source, target}, o.n);
        graph::FoundPath r;
        {
          py::gil_scoped_release release;
          r = weighted ? graph::BidirectionalDijkstra(o, i, ends[0], ends[1], unit_weights)
                       : graph::BidirectionalBfs(o, i, ends[0], ends[1]);
        }
        return Result("FoundPath", Adopt(std::move(r.path)), r.length, r.contradiction);
      },
      py::arg("out_edges"), py::arg("in_edges"), py::arg("source"), py::arg("target"),
      py::arg("weighted"), py::arg("unit_weights") = false,
      "(path vertex ids, length, contradiction) of NetworkX's bidirectional BFS (weighted "
      "false) or Dijkstra; an empty path: no path. unit_weights: every edge weighs 1.");

  m.def(
      "dag_longest_path",
      [](const Graph& out, const Graph& in, std::optional<double> every_edge) {
        const graph::CsrGraph& o = out.layout().csr();
        const graph::CsrGraph& i = in.layout().csr();
        if (o.n != i.n) throw py::value_error("out- and in-edge graphs differ in size");
        graph::LongestPath r;
        {
          py::gil_scoped_release release;
          r = graph::DagLongestPath(o, i, every_edge);
        }
        return Result("LongestPath", Adopt(std::move(r.path)), r.length, r.acyclic);
      },
      py::arg("out_edges"), py::arg("in_edges"), py::arg("every_edge") = py::none(),
      "(path vertex ids, length, acyclic) of NetworkX's dag_longest_path.");

  // The three chunk kernels: the sources checked, the kernel run without the GIL.
  auto chunk = [](const Graph& g, const std::vector<int64_t>& sources, auto kernel) {
    const graph::CsrGraph& csr = g.layout().csr();
    const std::vector<VertexId> s = VertexList(sources, csr.n);
    graph::ManySourceLengths r;
    {
      py::gil_scoped_release release;
      r = kernel(csr, s);
    }
    return ManySourceResult(std::move(r));
  };
  m.def(
      "many_source_bfs",
      [chunk](const Graph& g, const std::vector<int64_t>& sources, int64_t depth_limit,
              bool parents) {
        return chunk(g, sources, [&](const graph::CsrGraph& c, const std::vector<VertexId>& s) {
          return graph::ManySourceBfs(c, s, depth_limit, parents);
        });
      },
      py::arg("graph"), py::arg("sources"), py::arg("depth_limit") = -1, py::arg("parents") = false,
      "(offsets, order, hops, parent, failed_at) of an ordered BFS from each source.");
  m.def(
      "many_source_dijkstra",
      [chunk](const Graph& g, const std::vector<int64_t>& sources, std::optional<double> cutoff,
              bool parents) {
        return chunk(g, sources, [&](const graph::CsrGraph& c, const std::vector<VertexId>& s) {
          return graph::ManySourceDijkstra(c, s, cutoff, parents);
        });
      },
      py::arg("graph"), py::arg("sources"), py::arg("cutoff") = py::none(),
      py::arg("parents") = false,
      "(offsets, order, distance, parent, failed_at) of Dijkstra from each source; failed_at: "
      "the first source whose search met a contradiction (negative weight), else -1.");
  m.def(
      "many_source_bellman_ford",
      [chunk](const Graph& g, const std::vector<int64_t>& sources) {
        return chunk(g, sources, [](const graph::CsrGraph& c, const std::vector<VertexId>& s) {
          return graph::ManySourceBellmanFord(c, s);
        });
      },
      py::arg("graph"), py::arg("sources"),
      "(offsets, order, distance, parent (empty), failed_at) of Bellman-Ford from each source; "
      "failed_at: the first source that reaches a negative cycle, else -1.");
}

}  // namespace irreg::bindings

// Python binding of the aligner for irreg._core. nx_irreg.align converts NetworkX graphs and
// labels to the arrays taken here and validates them; this layer checks shapes and ranges again
// (it is reachable directly) and releases the GIL while the aligner runs.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <optional>
#include <string>

#include "align/aligner.hpp"
#include "bindings/bind.hpp"
#include "bindings/common.hpp"
#include "core/dispatch.hpp"
#include "graph/graph.hpp"

namespace irreg::bindings {

using F32Array = py::array_t<float, py::array::c_style | py::array::forcecast>;

// The aligner's graph from m edges (src[e], dst[e]), taken undirected, with optional labels.
inline std::shared_ptr<align::LabelledGraph> MakeLabelledGraph(
    int64_t n, const int64_t* s, const int64_t* d, int64_t m,
    const std::optional<I32Array>& edge_type, const std::optional<I32Array>& vertex_type,
    const std::optional<F32Array>& attr) {
  if (n < 0 || n >= std::numeric_limits<int32_t>::max())
    throw py::value_error("n must be in [0, 2**31 - 1), got " + std::to_string(n));
  std::vector<double> types;
  if (edge_type) {
    if (edge_type->ndim() != 1 || edge_type->size() != m)
      throw py::value_error("edge_type must hold one type id per edge");
    types.resize(m);
    for (int64_t e = 0; e < m; ++e) {
      if (edge_type->data()[e] < 0) throw py::value_error("edge type ids must be >= 0");
      types[e] = edge_type->data()[e];
    }
  }
  auto g = std::make_shared<align::LabelledGraph>();
  if (vertex_type) {
    if (vertex_type->ndim() != 1 || vertex_type->size() != n)
      throw py::value_error("vertex_type must hold one type id per vertex");
    g->vertex_type.assign(vertex_type->data(), vertex_type->data() + n);
    for (int32_t t : g->vertex_type)
      if (t < 0) throw py::value_error("vertex type ids must be >= 0");
  }
  if (attr) {
    if (attr->ndim() != 2 || attr->shape(0) != n || attr->shape(1) < 1)
      throw py::value_error("attr must have shape (n, dim) with dim >= 1");
    g->attr.assign(attr->data(), attr->data() + attr->size());
    g->attr_dim = static_cast<int32_t>(attr->shape(1));
  }
  g->has_edge_types = edge_type.has_value();
  const TilingKernels& kernels = TilingKernelsFor("");
  py::gil_scoped_release release;
  graph::CsrGraph csr = graph::CsrGraph::FromEdges(s, d, edge_type ? types.data() : nullptr, m,
                                                   static_cast<int32_t>(n), false);
  g->structure = std::make_shared<graph::GraphLayout>(std::move(csr), 0, kernels);
  return g;
}

// The edges of a built graph's CSR without its self-loops (the aligner's structure has none):
// a converted graph reaches the aligner without a copy through NumPy.
inline std::pair<std::vector<int64_t>, std::vector<int64_t>> EdgesWithoutLoops(
    const graph::Graph& graph) {
  const graph::CsrGraph& c = graph.layout().csr();
  std::vector<int64_t> src, dst;
  src.reserve(c.num_edges()), dst.reserve(c.num_edges());
  for (VertexId u = 0; u < c.n; ++u)
    for (int64_t e = c.offsets[u]; e < c.offsets[u + 1]; ++e)
      if (c.targets[e] != u) src.push_back(u), dst.push_back(c.targets[e]);
  return {std::move(src), std::move(dst)};
}

inline py::dict RoundDict(const align::RoundStats& r) {
  py::dict d;
  d["anchors"] = r.anchors;
  d["buckets"] = r.buckets;
  d["oversized_buckets"] = r.oversized_buckets;
  d["depth"] = r.depth;
  d["tasks"] = r.similarity.tasks;
  d["comparisons"] = r.similarity.comparisons;
  d["max_task_comparisons"] = r.similarity.max_task_comparisons;
  d["task_comparisons_cv"] = r.similarity.task_comparisons_cv;
  d["vertex_reads"] = r.similarity.vertex_reads;
  d["lines_touched"] = r.similarity.lines_touched;
  d["locality"] = r.similarity.locality();
  d["refine_comparisons"] = r.refine.candidates;
  d["matched"] = r.matched;
  d["confident"] = r.confident;
  d["place_seconds"] = r.place_seconds;
  d["similarity_seconds"] = r.similarity.seconds;
  d["refine_seconds"] = r.refine.seconds;
  d["match_seconds"] = r.match_seconds;
  return d;
}

void BindAligner(py::module_& m) {
  ExportNames(m, "scheme", align::kSchemeNames);
  ExportNames(m, "layout", align::kLayoutNames);
  py::class_<align::LabelledGraph, std::shared_ptr<align::LabelledGraph>>(m, "LabelledGraph")
      .def(py::init([](int64_t n, const I64Array& src, const I64Array& dst,
                       const std::optional<I32Array>& edge_type,
                       const std::optional<I32Array>& vertex_type,
                       const std::optional<F32Array>& attr) {
             if (src.ndim() != 1 || dst.ndim() != 1 || src.size() != dst.size())
               throw py::value_error("src and dst must be 1-D arrays of the same length");
             return MakeLabelledGraph(n, src.data(), dst.data(), src.size(), edge_type, vertex_type,
                                      attr);
           }),
           py::arg("n"), py::arg("src"), py::arg("dst"), py::arg("edge_type") = py::none(),
           py::arg("vertex_type") = py::none(), py::arg("attr") = py::none())
      .def(py::init([](const graph::Graph& graph, const std::optional<I32Array>& vertex_type,
                       const std::optional<F32Array>& attr) {
             const auto [src, dst] = EdgesWithoutLoops(graph);
             return MakeLabelledGraph(graph.layout().csr().n, src.data(), dst.data(),
                                      static_cast<int64_t>(src.size()), std::nullopt, vertex_type,
                                      attr);
           }),
           py::arg("graph"), py::arg("vertex_type") = py::none(), py::arg("attr") = py::none(),
           "The structure of a built graph (no edge types), self-loops dropped.")
      .def_property_readonly("n", &align::LabelledGraph::num_vertices)
      .def_property_readonly("num_edges",
                             [](const align::LabelledGraph& g) { return g.csr().num_edges() / 2; });

  m.def(
      "align_similarity",
      [](const align::LabelledGraph& g1, const align::LabelledGraph& g2, int32_t u,
         const I32Array& cand, const std::optional<std::string>& isa) {
        const int32_t n1 = g1.num_vertices(), n2 = g2.num_vertices();
        if (u < 0 || u >= n1) throw py::value_error("u is not a vertex of g1");
        if (cand.ndim() != 1) throw py::value_error("candidates must be a 1-D array");
        const int64_t n = cand.size();
        std::vector<int32_t> c(cand.data(), cand.data() + n);
        for (int32_t v : c)
          if (v < 0 || v >= n2) throw py::value_error("candidate is not a vertex of g2");
        if (g1.vertex_type.empty() != g2.vertex_type.empty() ||
            g1.has_edge_types != g2.has_edge_types || g1.attr_dim != g2.attr_dim)
          throw py::value_error("both graphs must carry the same kinds of labels");
        c.resize(n + 16, 0);
        const auto score = align::AlignKernelsFor(IsaArg(isa)).score_candidates;
        std::vector<int32_t> id1(n1), id2(n2);
        for (int32_t v = 0; v < n1; ++v) id1[v] = v;
        for (int32_t v = 0; v < n2; ++v) id2[v] = v;
        const int32_t width = align::HistogramLog2WidthFor(g1, g2);
        align::VertexFeatures f1, f2;
        align::BuildFeatures(g1, id1, width, align::AnchorDistances{}, &f1);
        align::BuildFeatures(g2, id2, width, align::AnchorDistances{}, &f2);
        std::vector<float> out(n);
        score(f1.view, f2.view, u, c.data(), n, nullptr, align::ComponentWeights(g1, false, false),
              out.data());
        return Adopt(std::move(out));
      },
      py::arg("g1"), py::arg("g2"), py::arg("u"), py::arg("candidates"), py::arg("isa"),
      "Label-only similarity of g1's vertex u to each candidate of g2 (no anchors, no marks).");

  m.def(
      "align",
      [](const align::LabelledGraph& g1, const align::LabelledGraph& g2,
         const std::optional<I64Array>& anchors, int32_t k, const std::string& scheme,
         const std::string& layout, uint64_t seed, int32_t bucket_size, int32_t iterations,
         int32_t max_anchors, float min_score, const std::optional<std::string>& isa,
         int32_t threads) {
        align::AlignParams p;
        p.k = k;
        p.scheme = ParseName(py::str(scheme), "scheme", align::kSchemeNames);
        p.layout = ParseName(py::str(layout), "layout", align::kLayoutNames);
        p.seed = seed;
        p.bucket_size = bucket_size;
        p.iterations = iterations;
        p.max_anchors = max_anchors;
        p.min_score = min_score;
        p.isa = IsaArg(isa);
        p.threads = threads;
        if (anchors) {
          if (anchors->ndim() != 2 || anchors->shape(1) != 2)
            throw py::value_error("anchors must have shape (k, 2)");
          for (py::ssize_t i = 0; i < anchors->shape(0); ++i)
            p.anchors.emplace_back(static_cast<int32_t>(anchors->at(i, 0)),
                                   static_cast<int32_t>(anchors->at(i, 1)));
        }
        align::AlignResult r = [&] {
          py::gil_scoped_release release;
          return align::Align(g1, g2, p);
        }();
        const int32_t n1 = g1.num_vertices();
        py::array_t<int32_t> cand({static_cast<py::ssize_t>(n1), static_cast<py::ssize_t>(k)});
        py::array_t<float> score({static_cast<py::ssize_t>(n1), static_cast<py::ssize_t>(k)});
        auto c = cand.mutable_unchecked<2>();
        auto s = score.mutable_unchecked<2>();
        for (int32_t u = 0; u < n1; ++u)
          for (int32_t i = 0; i < k; ++i) {
            const bool has = i < r.top.count(u);
            c(u, i) = has ? r.top.candidate(u, i) : -1;
            s(u, i) = has ? r.top.score(u, i) : std::numeric_limits<float>::quiet_NaN();
          }
        py::list rounds;
        for (const align::RoundStats& rs : r.rounds) rounds.append(RoundDict(rs));
        py::dict out;
        out["partner"] = Adopt(std::move(r.partner));
        out["score"] = Adopt(std::move(r.score));
        out["top_candidates"] = cand;
        out["top_scores"] = score;
        out["rounds"] = rounds;
        out["isa"] = r.isa;
        return out;
      },
      py::arg("g1"), py::arg("g2"), py::arg("anchors"), py::arg("k"), py::arg("scheme"),
      py::arg("layout"), py::arg("seed"), py::arg("bucket_size"), py::arg("iterations"),
      py::arg("max_anchors"), py::arg("min_score"), py::arg("isa"), py::arg("threads") = 1);
}

}  // namespace irreg::bindings

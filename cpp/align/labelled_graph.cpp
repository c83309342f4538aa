#include "align/labelled_graph.hpp"

namespace irreg::align {

int32_t HistogramLog2Width(int32_t num_type_ids) {
  int32_t log2 = 0;
  while (log2 < 4 && (int32_t{1} << log2) < num_type_ids) ++log2;
  return log2;
}

void BuildFeatures(const LabelledGraph& g, const std::vector<int32_t>& order,
                   int32_t log2_hist_width, const AnchorDistances& anchors, VertexFeatures* out,
                   int32_t threads) {
  const graph::CsrGraph& csr = g.csr();
  const int64_t n = csr.n;
  const int32_t width = int32_t{1} << log2_hist_width, fold = width - 1;
  const bool types = !g.vertex_type.empty();
  VertexFeatures& f = *out;
  // Padding past n: the kernel reads 16 lanes at a time and its padded lanes gather vertex 0.
  f.degree.assign(n + 16, 0);
  f.type.assign(types ? n + 16 : 0, 0);
  f.vertex_type_hist.assign(types ? n * width : 0, 0);
  f.edge_type_hist.assign(g.has_edge_types ? n * width : 0, 0);
  f.attr.resize(g.attr.size());
  f.anchor_distance.resize(static_cast<size_t>(n) * anchors.stride);
  const auto build = [&](int64_t k) {
    const int32_t v = order[k];
    f.degree[k] = static_cast<int32_t>(csr.degree(v));
    if (types) f.type[k] = g.vertex_type[v];
    for (int64_t e = csr.offsets[v]; e < csr.offsets[v + 1]; ++e) {
      if (types) ++f.vertex_type_hist[k * width + (g.vertex_type[csr.targets[e]] & fold)];
      if (g.has_edge_types)
        ++f.edge_type_hist[k * width + (static_cast<int32_t>(csr.weights[e]) & fold)];
    }
    for (int32_t d = 0; d < g.attr_dim; ++d)
      f.attr[k * g.attr_dim + d] = g.attr[static_cast<int64_t>(v) * g.attr_dim + d];
    for (int32_t a = 0; a < anchors.stride; ++a)
      f.anchor_distance[k * anchors.stride + a] =
          anchors.hops[static_cast<int64_t>(v) * anchors.stride + a];
  };
  if (threads <= 1) {
    for (int64_t k = 0; k < n; ++k) build(k);
  } else {
#pragma omp parallel for num_threads(threads) schedule(static)
    for (int64_t k = 0; k < n; ++k) build(k);
  }
  SimilarityView& s = f.view;
  s = SimilarityView{};
  s.num_vertices = static_cast<int32_t>(n);
  s.degree = f.degree.data();
  s.type = types ? f.type.data() : nullptr;
  s.log2_hist_width = log2_hist_width;
  s.vertex_type_hist = types ? f.vertex_type_hist.data() : nullptr;
  s.edge_type_hist = g.has_edge_types ? f.edge_type_hist.data() : nullptr;
  s.attr = g.attr_dim ? f.attr.data() : nullptr;
  s.attr_dim = g.attr_dim;
  s.anchor_distance = anchors.num_anchors ? f.anchor_distance.data() : nullptr;
  s.num_anchors = anchors.num_anchors;
  s.anchor_stride = anchors.stride;
}

}  // namespace irreg::align

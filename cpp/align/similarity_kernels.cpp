// The aligner's similarity kernel (see align/similarity_kernels.hpp), compiled once per ISA.
// The integer parts of every component (degree min/max, type equality, histogram intersections,
// marks) are computed with one lane per candidate: gathers of the candidates' features against
// u's broadcast values. The byte-wise anchor-distance comparison runs 16 anchors per
// instruction, and the components are combined in float in the same order on every ISA.
#include "align/similarity_kernels.hpp"

#include "simd/byte_distances.hpp"
#include "simd/vec.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

constexpr int kChunk = 256;  // candidates per pass: the integer parts stay in L1

struct HistEntry {
  int32_t type_class;
  int32_t count;
};

// u's non-zero histogram classes: only those can contribute to an intersection.
int NonZeroClasses(const int32_t* hist, int32_t u, int32_t log2_width, HistEntry* out) {
  int k = 0;
  const int32_t width = int32_t{1} << log2_width;
  const int32_t* row = hist + static_cast<int64_t>(u) * width;
  for (int32_t t = 0; t < width; ++t)
    if (row[t] > 0) out[k++] = {t, row[t]};
  return k;
}

struct IntegerParts {
  int32_t deg_min[kChunk + 16], deg_max[kChunk + 16], type_equal[kChunk + 16];
  int32_t vertex_types[kChunk + 16], edge_types[kChunk + 16], marks[kChunk + 16];
};

template <class V>
typename V::I32 Intersection(const int32_t* hist, typename V::I32 row, const HistEntry* mine,
                             int num) {
  const typename V::Mask all = V::MaskFromBits(0xFFFFu);
  typename V::I32 acc = V::Set1(0);
  for (int k = 0; k < num; ++k)
    acc = V::Add(acc, V::Min(V::Gather(V::Set1(0), all, hist + mine[k].type_class, row),
                             V::Set1(mine[k].count)));
  return acc;
}

void ComputeIntegerParts(const align::SimilarityView& g1, const align::SimilarityView& g2,
                         int32_t u, const int32_t* cand, int64_t n, const int32_t* marks,
                         const align::ScoreWeights& w, const HistEntry* vt, int num_vt,
                         const HistEntry* et, int num_et, IntegerParts* p) {
  using V = simd::Vec;
  using I32 = V::I32;
  const V::Mask all = V::MaskFromBits(0xFFFFu);
  const I32 zero = V::Set1(0), one = V::Set1(1), du = V::Set1(g1.degree[u]);
  const I32 tu = V::Set1(g1.type ? g1.type[u] : 0);
  const bool want_type = w.type > 0, want_vt = w.vertex_types > 0, want_et = w.edge_types > 0;
  const bool want_marks = w.marks > 0;
  for (int64_t i = 0; i < n; i += V::kLanes) {
    const I32 idx = V::Load(cand + i);
    const I32 dv = V::Gather(zero, all, g2.degree, idx);
    V::Store(p->deg_min + i, V::Min(du, dv));
    V::Store(p->deg_max + i, V::Max(du, dv));
    if (want_type)
      V::Store(p->type_equal + i,
               V::Select(V::Eq(V::Gather(zero, all, g2.type, idx), tu), one, zero));
    if (want_vt || want_et) {
      const I32 row = V::ShiftLeft(idx, g2.log2_hist_width);
      if (want_vt)
        V::Store(p->vertex_types + i, Intersection<V>(g2.vertex_type_hist, row, vt, num_vt));
      if (want_et) V::Store(p->edge_types + i, Intersection<V>(g2.edge_type_hist, row, et, num_et));
    }
    if (want_marks) V::Store(p->marks + i, V::Gather(zero, all, marks, idx));
  }
}

float AttributeSimilarity(const float* a, const float* b, int32_t dim) {
  float sum = 0.0f;
  for (int32_t d = 0; d < dim; ++d) {
    const float x = a[d], y = b[d];
    if (x != x || y != y) continue;  // missing on either side: no similarity
    const float scale = __builtin_fabsf(x) + __builtin_fabsf(y);
    sum += scale == 0.0f ? 1.0f : 1.0f - __builtin_fabsf(x - y) / scale;
  }
  return sum / static_cast<float>(dim);
}

float Ratio(int32_t num, int32_t den, float if_empty) {
  return den > 0 ? static_cast<float>(num) / static_cast<float>(den) : if_empty;
}

void ScoreCandidates(const align::SimilarityView& g1, const align::SimilarityView& g2, int32_t u,
                     const int32_t* cand, int64_t n, const int32_t* marks,
                     const align::ScoreWeights& w, float* out) {
  HistEntry vt[64], et[64];
  const int num_vt =
      w.vertex_types > 0 ? NonZeroClasses(g1.vertex_type_hist, u, g1.log2_hist_width, vt) : 0;
  const int num_et =
      w.edge_types > 0 ? NonZeroClasses(g1.edge_type_hist, u, g1.log2_hist_width, et) : 0;
  const float total = w.total();
  const uint8_t* anchors_u = g1.anchor_distance
                                 ? g1.anchor_distance + static_cast<int64_t>(u) * g1.anchor_stride
                                 : nullptr;
  const float* attr_u = g1.attr ? g1.attr + static_cast<int64_t>(u) * g1.attr_dim : nullptr;
  const float anchor_den = 2.0f * static_cast<float>(g1.num_anchors);
  IntegerParts p;
  for (int64_t start = 0; start < n; start += kChunk) {
    const int64_t len = n - start < kChunk ? n - start : kChunk;
    ComputeIntegerParts(g1, g2, u, cand + start, len, marks, w, vt, num_vt, et, num_et, &p);
    for (int64_t i = 0; i < len; ++i) {
      const int32_t v = cand[start + i];
      const int32_t dmax = p.deg_max[i];
      float s = 0.0f;
      if (w.degree > 0) s += w.degree * Ratio(p.deg_min[i], dmax, 1.0f);
      if (w.type > 0) s += w.type * static_cast<float>(p.type_equal[i]);
      if (w.vertex_types > 0) s += w.vertex_types * Ratio(p.vertex_types[i], dmax, 1.0f);
      if (w.edge_types > 0) s += w.edge_types * Ratio(p.edge_types[i], dmax, 1.0f);
      if (w.attribute > 0)
        s +=
            w.attribute * AttributeSimilarity(
                              attr_u, g2.attr + static_cast<int64_t>(v) * g2.attr_dim, g1.attr_dim);
      if (w.anchors > 0) {
        int equal = 0, adjacent = 0;
        CountEqualAndAdjacentBytes(anchors_u,
                                   g2.anchor_distance + static_cast<int64_t>(v) * g2.anchor_stride,
                                   g1.anchor_stride, &equal, &adjacent);
        // Padding bytes beyond num_anchors are equal in both graphs: take them off.
        equal -= g1.anchor_stride - g1.num_anchors;
        s += w.anchors * (static_cast<float>(2 * equal + adjacent) / anchor_den);
      }
      if (w.marks > 0) s += w.marks * Ratio(p.marks[i], dmax, 0.0f);
      out[start + i] = s / total;
    }
  }
}

}  // namespace

align::AlignKernels MakeAlignKernels() { return align::AlignKernels{&ScoreCandidates}; }

}  // namespace IRREG_ISA_NS
}  // namespace irreg

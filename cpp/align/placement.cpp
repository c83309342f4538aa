#include "align/placement.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

#include "graph/fast_kernels.hpp"

namespace irreg::align {
namespace {

constexpr uint8_t kUnreached = 255;

void WriteDistances(const std::vector<int32_t>& depth, int32_t column, AnchorDistances* d) {
  for (size_t v = 0; v < depth.size(); ++v) {
    d->hops[v * d->stride + column] =
        depth[v] < 0 ? kUnreached : static_cast<uint8_t>(std::min(depth[v], 254));
    d->depth[v * d->num_anchors + column] = depth[v];
  }
}

int32_t StrideFor(int32_t num_anchors) { return (num_anchors + 15) / 16 * 16; }

// Sum of the neighbours' degrees: a two-hop signature that tells hubs of equal degree apart.
std::vector<int64_t> NeighbourDegreeSums(const graph::CsrGraph& g) {
  std::vector<int64_t> s(g.n, 0);
  for (int32_t v = 0; v < g.n; ++v)
    for (int64_t e = g.offsets[v]; e < g.offsets[v + 1]; ++e) s[v] += g.degree(g.targets[e]);
  return s;
}

std::vector<int32_t> TopByDegree(const graph::CsrGraph& g, const std::vector<int64_t>& nsum,
                                 int32_t count) {
  std::vector<int32_t> ids(g.n);
  std::iota(ids.begin(), ids.end(), 0);
  const auto better = [&](int32_t a, int32_t b) {
    if (g.degree(a) != g.degree(b)) return g.degree(a) > g.degree(b);
    if (nsum[a] != nsum[b]) return nsum[a] > nsum[b];
    return a < b;
  };
  count = std::min(count, g.n);
  std::partial_sort(ids.begin(), ids.begin() + count, ids.end(), better);
  ids.resize(count);
  return ids;
}

std::vector<int32_t> TypeCounts(const LabelledGraph& g, int32_t v, bool edges) {
  std::vector<int32_t> h;
  const graph::CsrGraph& c = g.csr();
  for (int64_t e = c.offsets[v]; e < c.offsets[v + 1]; ++e) {
    const int32_t t = edges ? static_cast<int32_t>(c.weights[e]) : g.vertex_type[c.targets[e]];
    if (t >= static_cast<int32_t>(h.size())) h.resize(t + 1, 0);
    ++h[t];
  }
  return h;
}

double Intersection(const std::vector<int32_t>& a, const std::vector<int32_t>& b) {
  int64_t s = 0;
  for (size_t t = 0; t < std::min(a.size(), b.size()); ++t) s += std::min(a[t], b[t]);
  return static_cast<double>(s);
}

double MinOverMax(double a, double b) {
  return std::max(a, b) > 0 ? std::min(a, b) / std::max(a, b) : 1.0;
}

}  // namespace

AnchorDistances DistancesFrom(const LabelledGraph& g, const std::vector<int32_t>& anchors,
                              int32_t threads) {
  AnchorDistances d;
  d.num_anchors = static_cast<int32_t>(anchors.size());
  d.stride = StrideFor(d.num_anchors);
  d.hops.assign(static_cast<size_t>(g.num_vertices()) * d.stride, 0);
  d.depth.assign(static_cast<size_t>(g.num_vertices()) * d.num_anchors, -1);
  if (threads <= 1) {
    for (size_t a = 0; a < anchors.size(); ++a)
      WriteDistances(graph::DirectionOptimizingBfs(*g.structure, anchors[a]).depth,
                     static_cast<int32_t>(a), &d);
    return d;
  }
  // One BFS per anchor, dynamically scheduled, each into its own column; then the rows are
  // written by vertex ranges, so no two threads write one vertex's bytes. One parallel region
  // (two barriers): the columns take as much memory as d.depth, for the length of the call.
  const int32_t count = d.num_anchors, n = g.num_vertices();
  std::vector<std::vector<int32_t>> columns(count);
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(dynamic, 1)
    for (int32_t a = 0; a < count; ++a)
      columns[a] = graph::DirectionOptimizingBfs(*g.structure, anchors[a]).depth;
#pragma omp for schedule(static)
    for (int32_t v = 0; v < n; ++v)
      for (int32_t a = 0; a < count; ++a) {
        const int32_t h = columns[a][v];
        d.hops[static_cast<size_t>(v) * d.stride + a] =
            h < 0 ? kUnreached : static_cast<uint8_t>(std::min(h, 254));
        d.depth[static_cast<size_t>(v) * count + a] = h;
      }
  }
  return d;
}

std::vector<VertexPair> ChooseStructuralAnchors(const LabelledGraph& g1, const LabelledGraph& g2,
                                                int32_t max_anchors) {
  constexpr int32_t kPool = 64;  // top-degree vertices considered on each side
  const std::vector<int64_t> s1 = NeighbourDegreeSums(g1.csr()), s2 = NeighbourDegreeSums(g2.csr());
  const std::vector<int32_t> top1 = TopByDegree(g1.csr(), s1, kPool);
  const std::vector<int32_t> top2 = TopByDegree(g2.csr(), s2, kPool);
  struct Scored {
    double score;
    int32_t rank1, rank2;
  };
  std::vector<Scored> pairs;
  const bool types = !g1.vertex_type.empty();
  // Type counts of G2's pool, once each rather than once per pair.
  std::vector<std::vector<int32_t>> vt2(top2.size()), et2(top2.size());
  for (size_t j = 0; j < top2.size(); ++j) {
    if (types) vt2[j] = TypeCounts(g2, top2[j], false);
    if (g2.has_edge_types) et2[j] = TypeCounts(g2, top2[j], true);
  }
  for (size_t i = 0; i < top1.size(); ++i) {
    const int32_t u = top1[i];
    std::vector<int32_t> vt1, et1;
    if (types) vt1 = TypeCounts(g1, u, false);
    if (g1.has_edge_types) et1 = TypeCounts(g1, u, true);
    for (size_t j = 0; j < top2.size(); ++j) {
      const int32_t v = top2[j];
      const double du = static_cast<double>(g1.csr().degree(u));
      const double dv = static_cast<double>(g2.csr().degree(v));
      const double dmax = std::max(du, dv);
      double score =
          MinOverMax(du, dv) + MinOverMax(static_cast<double>(s1[u]), static_cast<double>(s2[v]));
      int parts = 2;
      if (types) {
        score += g1.vertex_type[u] == g2.vertex_type[v];
        score += dmax > 0 ? Intersection(vt1, vt2[j]) / dmax : 1.0;
        parts += 2;
      }
      if (g1.has_edge_types) {
        score += dmax > 0 ? Intersection(et1, et2[j]) / dmax : 1.0;
        ++parts;
      }
      pairs.push_back({score / parts, static_cast<int32_t>(i), static_cast<int32_t>(j)});
    }
  }
  std::sort(pairs.begin(), pairs.end(), [](const Scored& a, const Scored& b) {
    if (a.score != b.score) return a.score > b.score;
    const int32_t ga = std::abs(a.rank1 - a.rank2), gb = std::abs(b.rank1 - b.rank2);
    if (ga != gb) return ga < gb;
    return a.rank1 != b.rank1 ? a.rank1 < b.rank1 : a.rank2 < b.rank2;
  });
  std::vector<char> used1(top1.size(), 0), used2(top2.size(), 0);
  std::vector<VertexPair> anchors;
  for (const Scored& p : pairs) {
    if (static_cast<int32_t>(anchors.size()) >= max_anchors) break;
    if (used1[p.rank1] || used2[p.rank2]) continue;
    used1[p.rank1] = used2[p.rank2] = 1;
    anchors.emplace_back(top1[p.rank1], top2[p.rank2]);
  }
  return anchors;
}

std::vector<VertexPair> SpreadAnchors(const LabelledGraph& g1,
                                      const std::vector<VertexPair>& confident, int32_t max_anchors,
                                      AnchorDistances* d1) {
  const graph::CsrGraph& c = g1.csr();
  const int32_t count = std::min<int32_t>(max_anchors, static_cast<int32_t>(confident.size()));
  std::vector<VertexPair> chosen;
  AnchorDistances& d = *d1;
  d.num_anchors = count;
  d.stride = StrideFor(count);
  d.hops.assign(static_cast<size_t>(c.n) * d.stride, 0);
  d.depth.assign(static_cast<size_t>(c.n) * count, -1);
  // Nearest chosen anchor per vertex; unreached counts as farther than anything reached.
  std::vector<int32_t> nearest(c.n, std::numeric_limits<int32_t>::max());
  std::vector<char> taken(confident.size(), 0);
  for (int32_t a = 0; a < count; ++a) {
    int64_t best = -1;
    for (size_t i = 0; i < confident.size(); ++i) {
      if (taken[i]) continue;
      if (best < 0) {
        best = static_cast<int64_t>(i);
        continue;
      }
      const int32_t u = confident[i].first, b = confident[best].first;
      if (nearest[u] != nearest[b]     ? nearest[u] > nearest[b]
          : c.degree(u) != c.degree(b) ? c.degree(u) > c.degree(b)
                                       : u < b)
        best = static_cast<int64_t>(i);
    }
    taken[best] = 1;
    chosen.push_back(confident[best]);
    const std::vector<int32_t> depth =
        graph::DirectionOptimizingBfs(*g1.structure, confident[best].first).depth;
    WriteDistances(depth, a, &d);
    for (int32_t v = 0; v < c.n; ++v)
      if (depth[v] >= 0) nearest[v] = std::min(nearest[v], depth[v]);
  }
  return chosen;
}

PlanePoints ProjectToPlane(const AnchorDistances& d1, const AnchorDistances& d2) {
  const int32_t a = d1.num_anchors;
  const int64_t n1 = a ? static_cast<int64_t>(d1.depth.size()) / a : 0;
  const int64_t n2 = a ? static_cast<int64_t>(d2.depth.size()) / a : 0;
  PlanePoints p;
  if (a == 0) return p;
  // Unreached is placed one hop beyond the farthest reached vertex of that anchor.
  std::vector<double> unreached(a, 0);
  for (const AnchorDistances* d : {&d1, &d2})
    for (size_t v = 0; v < d->depth.size() / a; ++v)
      for (int32_t k = 0; k < a; ++k)
        if (d->depth[v * a + k] >= 0)
          unreached[k] = std::max(unreached[k], d->depth[v * a + k] + 1.0);
  const auto value = [&](const AnchorDistances& d, int64_t v, int32_t k) {
    const int32_t h = d.depth[v * a + k];
    return h < 0 ? unreached[k] : static_cast<double>(h);
  };
  std::vector<double> mean(a, 0), cov(static_cast<size_t>(a) * a, 0);
  const double total = static_cast<double>(n1 + n2);
  for (const auto& [d, n] : {std::pair{&d1, n1}, std::pair{&d2, n2}})
    for (int64_t v = 0; v < n; ++v)
      for (int32_t k = 0; k < a; ++k) mean[k] += value(*d, v, k) / total;
  std::vector<double> row(a);
  for (const auto& [d, n] : {std::pair{&d1, n1}, std::pair{&d2, n2}})
    for (int64_t v = 0; v < n; ++v) {
      for (int32_t k = 0; k < a; ++k) row[k] = value(*d, v, k) - mean[k];
      for (int32_t i = 0; i < a; ++i)
        for (int32_t j = 0; j <= i; ++j) cov[i * a + j] += row[i] * row[j];
    }
  for (int32_t i = 0; i < a; ++i)
    for (int32_t j = 0; j < i; ++j) cov[j * a + i] = cov[i * a + j];
  // Cyclic Jacobi rotations: the matrix is at most 64 x 64 and this runs once per round.
  std::vector<double> vec(static_cast<size_t>(a) * a, 0);
  for (int32_t i = 0; i < a; ++i) vec[i * a + i] = 1;
  for (int sweep = 0; sweep < 60; ++sweep) {
    double off = 0;
    for (int32_t i = 0; i < a; ++i)
      for (int32_t j = i + 1; j < a; ++j) off += cov[i * a + j] * cov[i * a + j];
    if (off < 1e-22) break;
    for (int32_t p1 = 0; p1 < a; ++p1)
      for (int32_t q = p1 + 1; q < a; ++q) {
        const double apq = cov[p1 * a + q];
        if (std::abs(apq) < 1e-300) continue;
        const double theta = (cov[q * a + q] - cov[p1 * a + p1]) / (2 * apq);
        const double t =
            (theta >= 0 ? 1.0 : -1.0) / (std::abs(theta) + std::sqrt(theta * theta + 1));
        const double cs = 1 / std::sqrt(t * t + 1), sn = t * cs;
        for (int32_t k = 0; k < a; ++k) {
          const double akp = cov[k * a + p1], akq = cov[k * a + q];
          cov[k * a + p1] = cs * akp - sn * akq;
          cov[k * a + q] = sn * akp + cs * akq;
        }
        for (int32_t k = 0; k < a; ++k) {
          const double apk = cov[p1 * a + k], aqk = cov[q * a + k];
          cov[p1 * a + k] = cs * apk - sn * aqk;
          cov[q * a + k] = sn * apk + cs * aqk;
        }
        for (int32_t k = 0; k < a; ++k) {
          const double vkp = vec[k * a + p1], vkq = vec[k * a + q];
          vec[k * a + p1] = cs * vkp - sn * vkq;
          vec[k * a + q] = sn * vkp + cs * vkq;
        }
      }
  }
  std::vector<int32_t> axes(a);
  std::iota(axes.begin(), axes.end(), 0);
  std::stable_sort(axes.begin(), axes.end(),
                   [&](int32_t i, int32_t j) { return cov[i * a + i] > cov[j * a + j]; });
  std::vector<double> axis[2];
  for (int c = 0; c < 2; ++c) {
    axis[c].assign(a, 0);
    if (c < a)
      for (int32_t k = 0; k < a; ++k) axis[c][k] = vec[k * a + axes[c]];
    // A fixed sign, so the plane does not depend on rounding in the rotations.
    int32_t big = 0;
    for (int32_t k = 1; k < a; ++k)
      if (std::abs(axis[c][k]) > std::abs(axis[c][big])) big = k;
    if (axis[c][big] < 0)
      for (double& x : axis[c]) x = -x;
  }
  for (const auto& [d, n, xs, ys] :
       {std::tuple{&d1, n1, &p.x1, &p.y1}, std::tuple{&d2, n2, &p.x2, &p.y2}}) {
    xs->assign(n, 0);
    ys->assign(n, 0);
    for (int64_t v = 0; v < n; ++v)
      for (int32_t k = 0; k < a; ++k) {
        const double x = value(*d, v, k) - mean[k];
        (*xs)[v] += x * axis[0][k];
        (*ys)[v] += x * axis[1][k];
      }
  }
  return p;
}

}  // namespace irreg::align

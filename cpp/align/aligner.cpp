#include "align/aligner.hpp"

#include <chrono>
#include <stdexcept>

#include "core/dispatch.hpp"
#include "core/team.hpp"
#include "core/threads.hpp"

namespace irreg::align {
namespace {

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

void Check(bool ok, const std::string& what) {
  if (!ok) throw std::invalid_argument(what);
}

// Round 0 without given anchors: guesses from structure, and G1's distances to them.
std::vector<VertexPair> StructuralAnchors(const LabelledGraph& g1, const LabelledGraph& g2,
                                          const AlignParams& p, AnchorDistances* d1) {
  std::vector<VertexPair> anchors = ChooseStructuralAnchors(g1, g2, std::min(p.max_anchors, 16));
  std::vector<int32_t> a1;
  for (const auto& pr : anchors) a1.push_back(pr.first);
  *d1 = DistancesFrom(g1, a1, p.threads);
  return anchors;
}

}  // namespace

ScoreWeights ComponentWeights(const LabelledGraph& g, bool anchors, bool marks) {
  ScoreWeights w;
  w.degree = 1;
  w.type = g.vertex_type.empty() ? 0 : 1;
  w.vertex_types = w.type;
  w.edge_types = g.has_edge_types ? 1 : 0;
  w.attribute = g.attr_dim ? 1 : 0;
  w.anchors = anchors ? 1 : 0;
  // Neighbours already aligned to neighbours is the strongest evidence there is.
  w.marks = marks ? 2 : 0;
  return w;
}

int32_t HistogramLog2WidthFor(const LabelledGraph& g1, const LabelledGraph& g2) {
  int32_t m = 0;
  for (const LabelledGraph* g : {&g1, &g2}) {
    for (int32_t t : g->vertex_type) m = std::max(m, t + 1);
    if (g->has_edge_types)
      for (int64_t e = 0; e < g->csr().num_edges(); ++e)
        m = std::max(m, static_cast<int32_t>(g->csr().weights[e]) + 1);
  }
  return HistogramLog2Width(m);
}

AlignResult Align(const LabelledGraph& g1, const LabelledGraph& g2, const AlignParams& asked) {
  CheckThreads(asked.threads);
  const Team team(asked.threads);  // fewer on a busy machine (core/team.hpp)
  AlignParams p = asked;
  p.threads = team.size();
  Check(p.k >= 1, "k must be at least 1, got " + std::to_string(p.k));
  Check(p.bucket_size >= 1, "bucket_size must be at least 1, got " + std::to_string(p.bucket_size));
  Check(p.iterations >= 1, "iterations must be at least 1, got " + std::to_string(p.iterations));
  Check(p.max_anchors >= 1 && p.max_anchors <= 64,
        "max_anchors must be in 1..64, got " + std::to_string(p.max_anchors));
  Check(g1.vertex_type.empty() == g2.vertex_type.empty() &&
            g1.has_edge_types == g2.has_edge_types && g1.attr_dim == g2.attr_dim,
        "both graphs must carry the same kinds of labels");
  const int32_t n1 = g1.num_vertices(), n2 = g2.num_vertices();
  for (const auto& [u, v] : p.anchors)
    Check(u >= 0 && u < n1 && v >= 0 && v < n2, "anchor pair outside the graphs");
  const ScoreCandidatesFn score = AlignKernelsFor(p.isa).score_candidates;
  const int32_t log2_width = HistogramLog2WidthFor(g1, g2);

  AlignResult r{{}, {}, TopK(n1, p.k), {}, ResolveIsa(p.isa)};
  r.partner.assign(n1, -1);
  r.score.assign(n1, std::numeric_limits<float>::quiet_NaN());
  if (n1 == 0 || n2 == 0) return r;

  std::vector<VertexPair> confident = p.anchors, previous;
  for (int32_t round = 0; round < p.iterations; ++round) {
    RoundStats rs;
    double t0 = Now();
    std::vector<VertexPair> anchors;
    AnchorDistances d1;
    if (round == 0 && p.anchors.empty()) {
      anchors = StructuralAnchors(g1, g2, p, &d1);
      // Structural anchors are guesses: they seed the marks of the first round, not a match.
      confident = anchors;
    } else {
      anchors = SpreadAnchors(g1, confident, p.max_anchors, &d1);
    }
    const RoundInput in = PlaceRound(g1, g2, anchors, d1, p, log2_width);
    const Buckets& buckets = in.buckets;
    const VertexLayout& layout = in.layout;
    const VertexFeatures &f1 = in.f1, &f2 = in.f2;
    rs.anchors = static_cast<int32_t>(anchors.size());
    rs.buckets = buckets.size();
    rs.oversized_buckets = buckets.oversized;
    rs.depth = buckets.depth;
    rs.place_seconds = Now() - t0;

    std::vector<int32_t> partner1(n1, -1);
    for (const auto& [u, v] : confident) partner1[u] = v;
    // A vertex confident with the same partner two rounds running skips the bucket phase
    // (Refine still rechecks it against its partner and its neighbourhood's marks).
    std::vector<char> settled;
    if (!previous.empty()) {
      std::vector<int32_t> before(n1, -1);
      for (const auto& [u, v] : previous) before[u] = v;
      settled.assign(n1, 0);
      for (const auto& [u, v] : confident) settled[u] = before[u] == v;
    }
    TopK bucket_top(n1, p.k);
    CompareBuckets(buckets, layout, f1.view, f2.view, p.scheme, in.weights, score, p.seed + round,
                   settled, &bucket_top, &rs.similarity, p.threads);
    TopK top(n1, p.k);
    if (!confident.empty()) {
      Refine(g1, g2, layout, f1.view, f2.view, partner1,
             ComponentWeights(g1, !anchors.empty(), true), score, bucket_top, &top, &rs.refine,
             p.threads);
    } else {
      top = bucket_top;
    }

    t0 = Now();
    const Matching m = GreedyMatch(top, n2, p.anchors, p.min_score, p.threads);
    std::vector<VertexPair> next = ConfidentPairs(top, m, p.anchors);
    rs.match_seconds = Now() - t0;
    for (int32_t u = 0; u < n1; ++u) rs.matched += m.partner1[u] >= 0;
    rs.confident = static_cast<int64_t>(next.size());
    r.rounds.push_back(rs);
    r.partner = m.partner1;
    r.score = m.score1;
    r.top = std::move(top);
    // Done once a round adds fewer than 0.5% of G1's vertices to the confident pairs.
    const bool done = round > 0 && next.size() <= confident.size() + n1 / 200;
    previous = std::move(confident);
    confident = std::move(next);
    if (done || confident.empty()) break;
  }
  return r;
}

RoundInput PlaceRound(const LabelledGraph& g1, const LabelledGraph& g2,
                      const std::vector<VertexPair>& anchors, const AnchorDistances& d1,
                      const AlignParams& p, int32_t log2_width) {
  const int32_t n1 = g1.num_vertices(), n2 = g2.num_vertices();
  std::vector<int32_t> a2;
  for (const auto& pr : anchors) a2.push_back(pr.second);
  const AnchorDistances d2 = DistancesFrom(g2, a2, p.threads);
  PlanePoints plane = ProjectToPlane(d1, d2);
  if (plane.x1.empty()) {  // no anchors: every vertex at the origin
    plane.x1.assign(n1, 0), plane.y1.assign(n1, 0), plane.x2.assign(n2, 0), plane.y2.assign(n2, 0);
  }
  RoundInput r;
  r.buckets = BuildBuckets(plane.x1, plane.y1, plane.x2, plane.y2, p.bucket_size);
  r.layout = MakeLayout(p.layout, r.buckets, n1, n2);
  BuildFeatures(g1, r.layout.order1, log2_width, d1, &r.f1, p.threads);
  BuildFeatures(g2, r.layout.order2, log2_width, d2, &r.f2, p.threads);
  r.weights = ComponentWeights(g1, !anchors.empty(), false);
  return r;
}

RoundInput PrepareFirstRound(const LabelledGraph& g1, const LabelledGraph& g2,
                             const AlignParams& p) {
  Check(p.bucket_size >= 1, "bucket_size must be at least 1, got " + std::to_string(p.bucket_size));
  Check(g1.vertex_type.empty() == g2.vertex_type.empty() &&
            g1.has_edge_types == g2.has_edge_types && g1.attr_dim == g2.attr_dim,
        "both graphs must carry the same kinds of labels");
  AnchorDistances d1;
  const std::vector<VertexPair> anchors = StructuralAnchors(g1, g2, p, &d1);
  return PlaceRound(g1, g2, anchors, d1, p, HistogramLog2WidthFor(g1, g2));
}

}  // namespace irreg::align

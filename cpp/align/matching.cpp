#include "align/matching.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#ifdef _OPENMP
#include <parallel/algorithm>
#endif

namespace irreg::align {

Matching GreedyMatch(const TopK& top, int32_t n2, const std::vector<VertexPair>& fixed,
                     float min_score, int32_t threads) {
  const int32_t n1 = static_cast<int32_t>(top.num_vertices());
  Matching m;
  m.partner1.assign(n1, -1);
  m.partner2.assign(n2, -1);
  m.score1.assign(n1, std::numeric_limits<float>::quiet_NaN());
  for (const auto& [u, v] : fixed) {
    m.partner1[u] = v, m.partner2[v] = u;
    for (int32_t i = 0; i < top.count(u); ++i)
      if (top.candidate(u, i) == v) m.score1[u] = top.score(u, i);
  }
  struct Entry {
    float score;
    int32_t u, v;
  };
  std::vector<Entry> entries;
  for (int32_t u = 0; u < n1; ++u)
    for (int32_t i = 0; i < top.count(u); ++i)
      if (top.score(u, i) >= min_score)
        entries.push_back({top.score(u, i), u, top.candidate(u, i)});
  const auto before = [](const Entry& a, const Entry& b) {
    if (a.score != b.score) return a.score > b.score;
    return a.u != b.u ? a.u < b.u : a.v < b.v;
  };
#ifdef _OPENMP
  // No two entries share (u, v), so the order is total and any sort gives the serial sequence.
  if (threads > 1)
    __gnu_parallel::sort(entries.begin(), entries.end(), before,
                         __gnu_parallel::multiway_mergesort_tag(threads));
  else
#endif
    std::sort(entries.begin(), entries.end(), before);
  for (const Entry& e : entries) {
    if (m.partner1[e.u] >= 0 || m.partner2[e.v] >= 0) continue;
    m.partner1[e.u] = e.v, m.partner2[e.v] = e.u, m.score1[e.u] = e.score;
  }
  return m;
}

std::vector<VertexPair> ConfidentPairs(const TopK& top, const Matching& m,
                                       const std::vector<VertexPair>& fixed) {
  const int32_t n1 = top.num_vertices();
  const int32_t n2 = static_cast<int32_t>(m.partner2.size());
  // Best score offered to each v, and whether one G1 vertex holds it alone.
  std::vector<float> best(n2, -1.0f);
  std::vector<int32_t> holder(n2, -1);
  for (int32_t u = 0; u < n1; ++u)
    for (int32_t i = 0; i < top.count(u); ++i) {
      const int32_t v = top.candidate(u, i);
      const float s = top.score(u, i);
      if (s > best[v])
        best[v] = s, holder[v] = u;
      else if (s == best[v])
        holder[v] = -1;
    }
  std::vector<char> is_fixed(n1, 0);
  std::vector<VertexPair> out;
  for (const auto& [u, v] : fixed) is_fixed[u] = 1, out.emplace_back(u, v);
  for (int32_t u = 0; u < n1; ++u) {
    const int32_t v = m.partner1[u];
    if (is_fixed[u] || v < 0 || top.count(u) == 0 || top.candidate(u, 0) != v) continue;
    if (top.count(u) > 1 && top.score(u, 1) == top.score(u, 0)) continue;
    if (holder[v] != u) continue;
    out.emplace_back(u, v);
  }
  return out;
}

}  // namespace irreg::align

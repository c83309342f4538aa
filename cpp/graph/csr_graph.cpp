#include "graph/csr_graph.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "tiling/radix_sort.hpp"

namespace irreg::graph {
namespace {

// The last step of every build from input: the weights' summary, then kLanes of padding so
// SIMD loads may run past the last edge.
void Seal(CsrGraph* g) {
  g->min_weight = std::numeric_limits<double>::infinity();
  CsrGraph::FiniteWeights f;
  for (double w : g->weights) {
    g->min_weight = std::min(g->min_weight, w);
    if (!std::isfinite(w)) continue;
    ++f.count;
    f.sum += w;
    f.low = std::min(f.low, w);
    f.high = std::max(f.high, w);
  }
  g->finite = f;
  g->targets.resize(g->targets.size() + kLanes, 0);
  g->weights.resize(g->weights.size() + kLanes, 0.0);
}

uint64_t PairKey(VertexId u, VertexId v) {
  return (static_cast<uint64_t>(static_cast<uint32_t>(u)) << 32) | static_cast<uint32_t>(v);
}

// Sorts (key, edge) pairs, keeps the last edge of each key (the sort is stable) and lays the
// survivors out as CSR; weights (null: all 1) are indexed by edge.
CsrGraph Assemble(std::vector<uint64_t> keys, std::vector<int32_t> order, const double* weights,
                  int32_t n) {
  RadixSortPairs(&keys, &order);
  const size_t m = keys.size();
  CsrGraph g;
  g.n = n;
  g.weighted = weights != nullptr;
  g.weights.reserve(m + kLanes);
  g.offsets.assign(static_cast<size_t>(n) + 1, 0);
  g.targets.reserve(m + kLanes);
  for (size_t i = 0; i < m; ++i) {
    if (i + 1 < m && keys[i + 1] == keys[i]) continue;  // a later copy of the same edge wins
    const VertexId u = static_cast<VertexId>(keys[i] >> 32);
    g.targets.push_back(static_cast<VertexId>(keys[i] & 0xffffffffu));
    g.weights.push_back(g.weighted ? weights[order[i]] : 1.0);
    ++g.offsets[u + 1];
  }
  for (int32_t v = 0; v < n; ++v) g.offsets[v + 1] += g.offsets[v];
  Seal(&g);
  return g;
}

void CheckId(const char* what, int64_t i, int64_t id, int32_t n) {
  if (id < 0 || id >= n)
    throw std::invalid_argument(std::string(what) + "[" + std::to_string(i) + "] = " +
                                std::to_string(id) + " is not a vertex (expected 0 <= id < n = " +
                                std::to_string(n) + ")");
}

}  // namespace

CsrGraph CsrGraph::FromEdges(const int64_t* src, const int64_t* dst, const double* weights,
                             int64_t m, int32_t n, bool directed) {
  if (n < 0) throw std::invalid_argument("n must be non-negative, got " + std::to_string(n));
  // Edge positions are int32 in the sort and slot ids; both directions of undirected edges count.
  const int64_t stored = directed ? m : 2 * m;
  if (stored >= std::numeric_limits<int32_t>::max())
    throw std::invalid_argument("too many edges: " + std::to_string(m) +
                                " (at most 2**31 - 2 stored edges are supported)");
  for (int64_t i = 0; i < m; ++i) {
    CheckId("src", i, src[i], n);
    CheckId("dst", i, dst[i], n);
    if (weights != nullptr && std::isnan(weights[i]))
      throw std::invalid_argument("weight[" + std::to_string(i) + "] is NaN");
  }
  // An undirected edge is stored both ways (a self-loop once), each copy labelled with the input
  // edge, so a later {u, v} in either direction wins for both directions.
  std::vector<uint64_t> keys;
  std::vector<int32_t> order;
  keys.reserve(stored);
  order.reserve(stored);
  for (int64_t i = 0; i < m; ++i) {
    const VertexId u = static_cast<VertexId>(src[i]), v = static_cast<VertexId>(dst[i]);
    keys.push_back(PairKey(u, v));
    order.push_back(static_cast<int32_t>(i));
    if (!directed && u != v) {
      keys.push_back(PairKey(v, u));
      order.push_back(static_cast<int32_t>(i));
    }
  }
  CsrGraph g = Assemble(std::move(keys), std::move(order), weights, n);
  g.symmetric_sorted = !directed;
  return g;
}

CsrGraph CsrGraph::FromRows(std::vector<int64_t> offsets, std::vector<VertexId> targets,
                            std::vector<double> weights, int32_t n) {
  const int64_t m = static_cast<int64_t>(targets.size());
  if (n < 0 || offsets.size() != static_cast<size_t>(n) + 1 || offsets.front() != 0 ||
      offsets.back() != m)
    throw std::invalid_argument("offsets must hold n + 1 entries from 0 to the number of targets");
  for (int32_t v = 0; v < n; ++v)
    if (offsets[v + 1] < offsets[v])
      throw std::invalid_argument("offsets must not decrease (row " + std::to_string(v) + ")");
  for (int64_t e = 0; e < m; ++e) CheckId("targets", e, targets[e], n);
  CsrGraph g;
  g.n = n;
  g.weighted = !weights.empty();
  if (g.weighted && static_cast<int64_t>(weights.size()) != m)
    throw std::invalid_argument("weights must hold one value per target");
  if (!g.weighted) weights.assign(m, 1.0);
  g.offsets = std::move(offsets);
  g.targets = std::move(targets);
  g.weights = std::move(weights);
  Seal(&g);
  return g;
}

CsrGraph CsrGraph::Symmetrized() const {
  const int64_t m = num_edges();
  std::vector<uint64_t> keys;
  std::vector<int32_t> order;
  keys.reserve(2 * m);
  order.reserve(2 * m);
  for (VertexId u = 0; u < n; ++u)
    for (int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
      keys.push_back(PairKey(u, targets[e]));
      keys.push_back(PairKey(targets[e], u));
    }
  for (size_t i = 0; i < keys.size(); ++i) order.push_back(static_cast<int32_t>(i));
  CsrGraph g = Assemble(std::move(keys), std::move(order), nullptr, n);
  g.symmetric_sorted = true;
  return g;
}

CsrGraph CsrGraph::InEdges(int32_t threads) const {
  // Counting sort by target. Each thread owns a contiguous block of source rows and its own
  // count per target; the cursors of thread k for target v start after threads < k's copies,
  // so sources stay ascending in every row whatever the count. The per-thread counts cost
  // 4 bytes per vertex and thread: no more threads than edges per vertex (at most the size of
  // the targets array again).
  CsrGraph t;
  t.n = n;
  t.min_weight = 1;
  const int64_t m = num_edges();
  const int32_t teams = static_cast<int32_t>(
      std::max<int64_t>(1, std::min<int64_t>(threads, n == 0 ? 1 : m / n)));
  t.offsets.assign(static_cast<size_t>(n) + 1, 0);
  t.targets.resize(m + kLanes);
  std::fill(t.targets.end() - kLanes, t.targets.end(), 0);
  if (teams == 1) {
    for (int64_t e = 0; e < m; ++e) ++t.offsets[targets[e] + 1];
    for (int32_t v = 0; v < n; ++v) t.offsets[v + 1] += t.offsets[v];
    std::vector<int64_t> next(t.offsets.begin(), t.offsets.end() - 1);
    for (VertexId u = 0; u < n; ++u)
      for (int64_t e = offsets[u]; e < offsets[u + 1]; ++e) t.targets[next[targets[e]]++] = u;
    return t;
  }
  // Rows split so that each block holds about m / teams edges.
  std::vector<VertexId> first_row(teams + 1, n);
  first_row[0] = 0;
  for (int32_t k = 1; k < teams; ++k)
    first_row[k] = static_cast<VertexId>(
        std::upper_bound(offsets.begin(), offsets.end(), m * k / teams) - offsets.begin() - 1);
  std::vector<int32_t> cursor(static_cast<size_t>(teams) * n, 0);  // [k * n + v]
#pragma omp parallel num_threads(teams)
  {
#pragma omp for schedule(static, 1)
    for (int32_t k = 0; k < teams; ++k) {
      int32_t* count = cursor.data() + static_cast<size_t>(k) * n;
      for (int64_t e = offsets[first_row[k]]; e < offsets[first_row[k + 1]]; ++e)
        ++count[targets[e]];
    }
    // Offsets and each thread's cursor: over targets in static shares, over threads in order.
#pragma omp for schedule(static)
    for (VertexId v = 0; v < n; ++v) {
      int32_t total = 0;
      for (int32_t k = 0; k < teams; ++k) {
        int32_t& c = cursor[static_cast<size_t>(k) * n + v];
        const int32_t here = c;
        c = total;
        total += here;
      }
      t.offsets[v + 1] = total;
    }
#pragma omp single
    for (int32_t v = 0; v < n; ++v) t.offsets[v + 1] += t.offsets[v];
#pragma omp for schedule(static, 1)
    for (int32_t k = 0; k < teams; ++k) {
      int32_t* next = cursor.data() + static_cast<size_t>(k) * n;
      for (VertexId u = first_row[k]; u < first_row[k + 1]; ++u)
        for (int64_t e = offsets[u]; e < offsets[u + 1]; ++e) {
          const VertexId v = targets[e];
          t.targets[t.offsets[v] + next[v]++] = u;
        }
    }
  }
  return t;
}

std::vector<int32_t> CsrGraph::InDegrees() const {
  std::vector<int32_t> in(n, 0);
  const int64_t m = num_edges();
  for (int64_t e = 0; e < m; ++e) ++in[targets[e]];
  return in;
}

}  // namespace irreg::graph

#include "align/similarity_phase.hpp"

#include <chrono>
#include <cmath>
#include <random>

namespace irreg::align {
namespace {

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

// Distinct 16-vertex blocks among ids, counted with a per-block stamp.
int64_t DistinctLines(const int32_t* ids, int64_t n, int64_t task, std::vector<int64_t>* stamp) {
  int64_t lines = 0;
  for (int64_t i = 0; i < n; ++i) {
    int64_t& s = (*stamp)[ids[i] >> 4];
    if (s != task) s = task, ++lines;
  }
  return lines;
}

class TaskRunner {
 public:
  TaskRunner(const VertexLayout& layout, const SimilarityView& f1, const SimilarityView& f2,
             const ScoreWeights& w, ScoreCandidatesFn score, TopK* top, PhaseStats* stats)
      : layout_(layout), f1_(f1), f2_(f2), w_(w), score_(score), top_(top), stats_(stats),
        stamp1_(f1.num_vertices / 16 + 1, -1), stamp2_(f2.num_vertices / 16 + 1, -1) {}

  // Scores the G1 vertices `us` (layout ids) against `cand` (layout ids, 16 readable past n).
  void Run(const std::vector<int32_t>& us, const std::vector<int32_t>& cand, int64_t n) {
    if (us.empty() || n == 0) return;
    scores_.resize(n);
    for (int32_t u : us) {
      score_(f1_, f2_, u, cand.data(), n, nullptr, w_, scores_.data());
      const int32_t uc = layout_.order1[u];
      float threshold = top_->Threshold(uc);
      for (int64_t i = 0; i < n; ++i) {
        if (scores_[i] < threshold) continue;
        top_->Offer(uc, scores_[i], layout_.order2[cand[i]]);
        threshold = top_->Threshold(uc);
      }
    }
    const int64_t comparisons = static_cast<int64_t>(us.size()) * n;
    const int64_t task = stats_->tasks++;
    stats_->comparisons += comparisons;
    loads_.push_back(comparisons);
    stats_->vertex_reads += static_cast<int64_t>(us.size()) + n;
    stats_->lines_touched += DistinctLines(us.data(), static_cast<int64_t>(us.size()), task, &stamp1_) +
                             DistinctLines(cand.data(), n, task, &stamp2_);
  }

  void Finish() {
    if (loads_.empty()) return;
    double mean = 0, var = 0;
    for (int64_t l : loads_) mean += static_cast<double>(l), stats_->max_task_comparisons = std::max(stats_->max_task_comparisons, l);
    mean /= static_cast<double>(loads_.size());
    for (int64_t l : loads_) var += (static_cast<double>(l) - mean) * (static_cast<double>(l) - mean);
    var /= static_cast<double>(loads_.size());
    stats_->task_comparisons_cv = mean > 0 ? std::sqrt(var) / mean : 0;
  }

 private:
  const VertexLayout& layout_;
  const SimilarityView &f1_, &f2_;
  const ScoreWeights& w_;
  ScoreCandidatesFn score_;
  TopK* top_;
  PhaseStats* stats_;
  std::vector<float> scores_;
  std::vector<int64_t> loads_, stamp1_, stamp2_;
};

void LayoutIds(const std::vector<int32_t>& members, int64_t begin, int64_t end,
               const std::vector<int32_t>& rank, std::vector<int32_t>* out,
               const std::vector<char>* skip = nullptr) {
  for (int64_t i = begin; i < end; ++i)
    if (!skip || skip->empty() || !(*skip)[members[i]]) out->push_back(rank[members[i]]);
}

}  // namespace

VertexLayout MakeLayout(Layout layout, const Buckets& buckets, int32_t n1, int32_t n2) {
  VertexLayout l;
  if (layout == Layout::kHcb) {
    // Buckets are already in Hilbert order and members ascend within a bucket.
    l.order1 = buckets.members1;
    l.order2 = buckets.members2;
  } else {
    l.order1.resize(n1);
    l.order2.resize(n2);
    for (int32_t v = 0; v < n1; ++v) l.order1[v] = v;
    for (int32_t v = 0; v < n2; ++v) l.order2[v] = v;
  }
  l.rank1.resize(n1);
  l.rank2.resize(n2);
  for (int32_t k = 0; k < n1; ++k) l.rank1[l.order1[k]] = k;
  for (int32_t k = 0; k < n2; ++k) l.rank2[l.order2[k]] = k;
  return l;
}

void CompareBuckets(const Buckets& b, const VertexLayout& layout, const SimilarityView& f1,
                    const SimilarityView& f2, Scheme scheme, const ScoreWeights& weights,
                    ScoreCandidatesFn score, uint64_t seed, const std::vector<char>& settled,
                    TopK* top, PhaseStats* stats) {
  const double start = Now();
  TaskRunner runner(layout, f1, f2, weights, score, top, stats);
  std::vector<int32_t> us, cand;
  const auto pad = [&] { cand.resize(cand.size() + 16, cand.empty() ? 0 : cand[0]); };
  if (scheme == Scheme::kAll) {
    for (int32_t k = 0; k < b.size(); ++k) {
      us.clear(), cand.clear();
      LayoutIds(b.members1, b.begin1[k], b.begin1[k + 1], layout.rank1, &us, &settled);
      if (us.empty()) continue;
      for (int64_t j = b.neighbour_begin[k]; j < b.neighbour_begin[k + 1]; ++j) {
        const int32_t nb = b.neighbours[j];
        LayoutIds(b.members2, b.begin2[nb], b.begin2[nb + 1], layout.rank2, &cand);
      }
      const int64_t n = static_cast<int64_t>(cand.size());
      pad();
      runner.Run(us, cand, n);
    }
  } else {
    std::vector<std::pair<int32_t, int32_t>> tasks;
    for (int32_t k = 0; k < b.size(); ++k) {
      us.clear();
      LayoutIds(b.members1, b.begin1[k], b.begin1[k + 1], layout.rank1, &us, &settled);
      if (us.empty()) continue;
      for (int64_t j = b.neighbour_begin[k]; j < b.neighbour_begin[k + 1]; ++j)
        if (b.begin2[b.neighbours[j]] != b.begin2[b.neighbours[j] + 1])
          tasks.emplace_back(k, b.neighbours[j]);
    }
    // Shuffled, as the seed does to spread concurrent inserts into one vertex's list; the
    // lists do not depend on the order. Own Fisher-Yates: std::shuffle differs by library.
    std::mt19937_64 rng(seed);
    for (size_t i = tasks.size(); i > 1; --i) std::swap(tasks[i - 1], tasks[rng() % i]);
    for (const auto& [k, nb] : tasks) {
      us.clear(), cand.clear();
      LayoutIds(b.members1, b.begin1[k], b.begin1[k + 1], layout.rank1, &us, &settled);
      LayoutIds(b.members2, b.begin2[nb], b.begin2[nb + 1], layout.rank2, &cand);
      const int64_t n = static_cast<int64_t>(cand.size());
      pad();
      runner.Run(us, cand, n);
    }
  }
  runner.Finish();
  stats->seconds += Now() - start;
}

void Refine(const LabelledGraph& g1, const LabelledGraph& g2, const VertexLayout& layout,
            const SimilarityView& f1, const SimilarityView& f2,
            const std::vector<int32_t>& partner1, const ScoreWeights& weights,
            ScoreCandidatesFn score, const TopK& bucket_top, TopK* out, RefineStats* stats) {
  constexpr int64_t kAllTouchedUpTo = 1024;  // beyond this, only G2 vertices marked twice or more
  const double start = Now();
  const graph::CsrGraph& c1 = g1.csr();
  const graph::CsrGraph& c2 = g2.csr();
  std::vector<int32_t> marks(c2.n + 16, 0), touched, cand;
  std::vector<int32_t> seen(c2.n, -1);
  std::vector<float> scores;
  for (int32_t u = 0; u < c1.n; ++u) {
    touched.clear(), cand.clear();
    for (int64_t e = c1.offsets[u]; e < c1.offsets[u + 1]; ++e) {
      const int32_t p = partner1[c1.targets[e]];
      if (p < 0) continue;
      for (int64_t f = c2.offsets[p]; f < c2.offsets[p + 1]; ++f) {
        const int32_t w = layout.rank2[c2.targets[f]];
        if (marks[w]++ == 0) touched.push_back(w);
      }
    }
    for (int32_t i = 0; i < bucket_top.count(u); ++i) {
      const int32_t w = layout.rank2[bucket_top.candidate(u, i)];
      seen[w] = u;
      cand.push_back(w);
    }
    // A confident vertex skipped the bucket phase: its partner stays a candidate.
    if (partner1[u] >= 0 && seen[layout.rank2[partner1[u]]] != u) {
      seen[layout.rank2[partner1[u]]] = u;
      cand.push_back(layout.rank2[partner1[u]]);
    }
    const bool all = static_cast<int64_t>(touched.size()) <= kAllTouchedUpTo;
    for (int32_t w : touched)
      if (seen[w] != u && (all || marks[w] >= 2)) seen[w] = u, cand.push_back(w);
    const int64_t n = static_cast<int64_t>(cand.size());
    if (n > 0) {
      cand.resize(n + 16, cand[0]);
      scores.resize(n);
      score(f1, f2, layout.rank1[u], cand.data(), n, marks.data(), weights, scores.data());
      for (int64_t i = 0; i < n; ++i)
        if (scores[i] >= out->Threshold(u)) out->Offer(u, scores[i], layout.order2[cand[i]]);
      stats->candidates += n;
    }
    for (int32_t w : touched) marks[w] = 0;
  }
  stats->seconds += Now() - start;
}

}  // namespace irreg::align

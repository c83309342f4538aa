#include "align/similarity_phase.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <memory>
#include <random>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace irreg::align {
namespace {

double Now() {
  return std::chrono::duration<double>(std::chrono::steady_clock::now().time_since_epoch()).count();
}

int32_t ThreadNum() {
#ifdef _OPENMP
  return omp_get_thread_num();
#else
  return 0;
#endif
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

void LayoutIds(const std::vector<int32_t>& members, int64_t begin, int64_t end,
               const std::vector<int32_t>& rank, std::vector<int32_t>* out,
               const std::vector<char>* skip = nullptr) {
  for (int64_t i = begin; i < end; ++i)
    if (!skip || skip->empty() || !(*skip)[members[i]]) out->push_back(rank[members[i]]);
}

// One task of the bucket phase: the G1 vertices of bucket k against the G2 vertices of bucket
// nb (PAIR), or of every bucket touching k (ALL: nb < 0).
struct Task {
  int32_t k, nb;
};

// What one task did; comparisons < 0: it had nothing to compare and does not count.
struct TaskLoad {
  int64_t comparisons = -1, vertex_reads = 0, lines = 0;
};

// Runs tasks on one thread: its own buffers and line stamps, so threads share only the
// read-only inputs and (ALL, whose tasks own disjoint G1 vertices) the output lists.
class TaskRunner {
 public:
  TaskRunner(const Buckets& b, const VertexLayout& layout, const SimilarityView& f1,
             const SimilarityView& f2, const ScoreWeights& w, ScoreCandidatesFn score,
             const std::vector<char>& settled)
      : b_(b),
        layout_(layout),
        f1_(f1),
        f2_(f2),
        w_(w),
        score_(score),
        settled_(settled),
        stamp1_(f1.num_vertices / 16 + 1, -1),
        stamp2_(f2.num_vertices / 16 + 1, -1) {}

  // Task `index` of the phase (its stamp: unique per task) into top.
  TaskLoad Run(const Task& t, int64_t index, TopK* top) {
    us_.clear(), cand_.clear();
    LayoutIds(b_.members1, b_.begin1[t.k], b_.begin1[t.k + 1], layout_.rank1, &us_, &settled_);
    if (t.nb >= 0) {
      LayoutIds(b_.members2, b_.begin2[t.nb], b_.begin2[t.nb + 1], layout_.rank2, &cand_);
    } else {
      for (int64_t j = b_.neighbour_begin[t.k]; j < b_.neighbour_begin[t.k + 1]; ++j) {
        const int32_t nb = b_.neighbours[j];
        LayoutIds(b_.members2, b_.begin2[nb], b_.begin2[nb + 1], layout_.rank2, &cand_);
      }
    }
    const int64_t n = static_cast<int64_t>(cand_.size());
    TaskLoad load;
    if (us_.empty() || n == 0) return load;
    cand_.resize(n + 16, cand_[0]);  // the kernel reads 16 past n
    scores_.resize(n);
    for (int32_t u : us_) {
      score_(f1_, f2_, u, cand_.data(), n, nullptr, w_, scores_.data());
      const int32_t uc = layout_.order1[u];
      float threshold = top->Threshold(uc);
      for (int64_t i = 0; i < n; ++i) {
        if (scores_[i] < threshold) continue;
        top->Offer(uc, scores_[i], layout_.order2[cand_[i]]);
        threshold = top->Threshold(uc);
      }
    }
    load.comparisons = static_cast<int64_t>(us_.size()) * n;
    load.vertex_reads = static_cast<int64_t>(us_.size()) + n;
    load.lines = DistinctLines(us_.data(), static_cast<int64_t>(us_.size()), index, &stamp1_) +
                 DistinctLines(cand_.data(), n, index, &stamp2_);
    return load;
  }

 private:
  const Buckets& b_;
  const VertexLayout& layout_;
  const SimilarityView &f1_, &f2_;
  const ScoreWeights& w_;
  ScoreCandidatesFn score_;
  const std::vector<char>& settled_;
  std::vector<int32_t> us_, cand_;
  std::vector<float> scores_;
  std::vector<int64_t> stamp1_, stamp2_;
};

bool HasFirst(const Buckets& b, int32_t k, const std::vector<char>& settled) {
  for (int64_t i = b.begin1[k]; i < b.begin1[k + 1]; ++i)
    if (settled.empty() || !settled[b.members1[i]]) return true;
  return false;
}

// The tasks in the order the serial phase runs them; every scheme's task list is fixed before
// any runs, so the statistics come out the same at any thread count.
std::vector<Task> MakeTasks(const Buckets& b, Scheme scheme, uint64_t seed,
                            const std::vector<char>& settled) {
  std::vector<Task> tasks;
  for (int32_t k = 0; k < b.size(); ++k) {
    if (!HasFirst(b, k, settled)) continue;
    if (scheme == Scheme::kAll) {
      tasks.push_back({k, -1});
      continue;
    }
    for (int64_t j = b.neighbour_begin[k]; j < b.neighbour_begin[k + 1]; ++j)
      if (b.begin2[b.neighbours[j]] != b.begin2[b.neighbours[j] + 1])
        tasks.push_back({k, b.neighbours[j]});
  }
  if (scheme == Scheme::kPair) {
    // Shuffled, as the seed does to spread concurrent inserts into one vertex's list; the
    // lists do not depend on the order. Own Fisher-Yates: std::shuffle differs by library.
    std::mt19937_64 rng(seed);
    for (size_t i = tasks.size(); i > 1; --i) std::swap(tasks[i - 1], tasks[rng() % i]);
  }
  return tasks;
}

// Adds the loads, in task order, to stats: the same sums and spread at any thread count.
void Summarize(const std::vector<TaskLoad>& loads, PhaseStats* stats) {
  std::vector<int64_t> ran;
  for (const TaskLoad& l : loads) {
    if (l.comparisons < 0) continue;
    ++stats->tasks;
    stats->comparisons += l.comparisons;
    stats->vertex_reads += l.vertex_reads;
    stats->lines_touched += l.lines;
    ran.push_back(l.comparisons);
  }
  if (ran.empty()) return;
  double mean = 0, var = 0;
  for (int64_t l : ran)
    mean += static_cast<double>(l),
        stats->max_task_comparisons = std::max(stats->max_task_comparisons, l);
  mean /= static_cast<double>(ran.size());
  for (int64_t l : ran) var += (static_cast<double>(l) - mean) * (static_cast<double>(l) - mean);
  var /= static_cast<double>(ran.size());
  stats->task_comparisons_cv = mean > 0 ? std::sqrt(var) / mean : 0;
}

// ALL's tasks own disjoint G1 vertices and write the shared lists; PAIR's share them, so each
// thread keeps its own lists, merged per vertex afterwards. The order is total, so the merged
// lists are the serial ones.
void RunParallel(const std::vector<Task>& tasks, Scheme scheme, int32_t threads,
                 const TaskRunner& prototype, TopK* top, std::vector<TaskLoad>* loads) {
  const int64_t count = static_cast<int64_t>(tasks.size());
  const bool own_lists = scheme == Scheme::kPair;
  std::vector<std::unique_ptr<TopK>> lists(threads);
#pragma omp parallel num_threads(threads)
  {
    TaskRunner runner = prototype;
    TopK* mine = top;
    if (own_lists) {
      lists[ThreadNum()] = std::make_unique<TopK>(top->num_vertices(), top->k());
      mine = lists[ThreadNum()].get();
    }
#pragma omp for schedule(dynamic, 1)
    for (int64_t i = 0; i < count; ++i) (*loads)[i] = runner.Run(tasks[i], i, mine);
    if (own_lists) {
#pragma omp for schedule(dynamic, 1024)
      for (int32_t u = 0; u < top->num_vertices(); ++u)
        for (const auto& list : lists)
          if (list)
            for (int32_t i = 0; i < list->count(u); ++i)
              top->Offer(u, list->score(u, i), list->candidate(u, i));
    }
  }
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
                    TopK* top, PhaseStats* stats, int32_t threads) {
  const double start = Now();
  const std::vector<Task> tasks = MakeTasks(b, scheme, seed, settled);
  std::vector<TaskLoad> loads(tasks.size());
  TaskRunner runner(b, layout, f1, f2, weights, score, settled);
  if (threads <= 1) {
    for (size_t i = 0; i < tasks.size(); ++i)
      loads[i] = runner.Run(tasks[i], static_cast<int64_t>(i), top);
  } else {
    RunParallel(tasks, scheme, threads, runner, top, &loads);
  }
  Summarize(loads, stats);
  stats->seconds += Now() - start;
}

namespace {

// Refine's scratch, one per thread: marks and a seen-stamp per G2 vertex.
struct RefineScratch {
  explicit RefineScratch(int32_t n2) : marks(n2 + 16, 0), seen(n2, -1) {}
  std::vector<int32_t> marks, seen, touched, cand;
  std::vector<float> scores;
};

// Rescores u into out (only u's list is written); returns the pairs scored.
int64_t RefineVertex(const graph::CsrGraph& c1, const graph::CsrGraph& c2,
                     const VertexLayout& layout, const SimilarityView& f1, const SimilarityView& f2,
                     const std::vector<int32_t>& partner1, const ScoreWeights& weights,
                     ScoreCandidatesFn score, const TopK& bucket_top, int32_t u, RefineScratch* s,
                     TopK* out) {
  constexpr int64_t kAllTouchedUpTo = 1024;  // beyond this, only G2 vertices marked twice or more
  std::vector<int32_t>&marks = s->marks, &seen = s->seen, &touched = s->touched, &cand = s->cand;
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
    s->scores.resize(n);
    score(f1, f2, layout.rank1[u], cand.data(), n, marks.data(), weights, s->scores.data());
    for (int64_t i = 0; i < n; ++i)
      if (s->scores[i] >= out->Threshold(u)) out->Offer(u, s->scores[i], layout.order2[cand[i]]);
  }
  for (int32_t w : touched) marks[w] = 0;
  return n;
}

}  // namespace

void Refine(const LabelledGraph& g1, const LabelledGraph& g2, const VertexLayout& layout,
            const SimilarityView& f1, const SimilarityView& f2,
            const std::vector<int32_t>& partner1, const ScoreWeights& weights,
            ScoreCandidatesFn score, const TopK& bucket_top, TopK* out, RefineStats* stats,
            int32_t threads) {
  const double start = Now();
  const graph::CsrGraph& c1 = g1.csr();
  const graph::CsrGraph& c2 = g2.csr();
  int64_t candidates = 0;
  if (threads <= 1) {
    RefineScratch scratch(c2.n);
    for (int32_t u = 0; u < c1.n; ++u)
      candidates += RefineVertex(c1, c2, layout, f1, f2, partner1, weights, score, bucket_top, u,
                                 &scratch, out);
  } else {
    // Vertices are independent (each writes only its own list); degrees vary, so dynamic.
#pragma omp parallel num_threads(threads) reduction(+ : candidates)
    {
      RefineScratch scratch(c2.n);
#pragma omp for schedule(dynamic, 256)
      for (int32_t u = 0; u < c1.n; ++u)
        candidates += RefineVertex(c1, c2, layout, f1, f2, partner1, weights, score, bucket_top, u,
                                   &scratch, out);
    }
  }
  stats->candidates += candidates;
  stats->seconds += Now() - start;
}

}  // namespace irreg::align

#include "emu/similarity.hpp"

#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

#include "core/dispatch.hpp"

namespace irreg::emu {
namespace {

// The data a similarity task reads, per seed §5.3: a vertex record (degree, type, attribute and
// the types of its neighbours and incident edges: 3 + 2 * degree words) for both vertices of
// each pair, and a read and an update of u's candidate list.
struct Tasks {
  std::vector<int32_t> bucket;                   // G1 bucket of the task
  std::vector<int32_t> other;                    // PAIR: the touching bucket; ALL: -1 (all of them)
  std::vector<int32_t> nodelet;                  // where the task is spawned
  std::vector<std::vector<int32_t>> candidates;  // G2 layout ids the task compares against
};

class Similarity : public Program {
 public:
  Similarity(const align::RoundInput& fr, const Tasks& tasks,
             const std::vector<std::vector<int32_t>>& lists, int32_t rec1, int32_t rec2,
             align::ScoreCandidatesFn score, align::TopK* top, double* words)
      : fr_(fr),
        tasks_(tasks),
        lists_(lists),
        rec1_(rec1),
        rec2_(rec2),
        score_(score),
        top_(top),
        words_(words) {}

  // s[0]: worker (index into lists), s[1]: position in its task list, s[2]: u's index in the
  // bucket, s[3]: candidate index. pc 0: next u, 1: read u, 2: read v, 3: update u's list.
  Step Run(Simulator& sim, Thread& t) override {
    const std::vector<int32_t>& mine = lists_[t.s[0]];
    if (t.s[1] >= static_cast<int64_t>(mine.size())) return Step::kDone;
    const int32_t task = mine[t.s[1]];
    const align::Buckets& b = fr_.buckets;
    const int32_t bu = tasks_.bucket[task];
    const int64_t u_count = b.begin1[bu + 1] - b.begin1[bu];
    if (t.s[2] >= u_count) {  // task done
      ++t.s[1];
      t.s[2] = t.s[3] = 0;
      t.pc = 0;
      return Step::kContinue;
    }
    const int32_t u = b.members1[b.begin1[bu] + t.s[2]];
    const int32_t ul = fr_.layout.rank1[u];
    Candidates(task);
    const std::vector<int32_t>& cand_ = cand();
    if (t.s[3] >= static_cast<int64_t>(cand_.size())) {
      Score(u, ul);
      ++t.s[2];
      t.s[3] = 0;
      t.pc = 0;
      return Step::kContinue;
    }
    const int32_t vl = cand_[t.s[3]];
    switch (t.pc) {
      case 0:
      case 1: {
        if (!sim.At(t, rec1_, ul)) return Step::kBlocked;
        const int64_t w = 3 + 2 * static_cast<int64_t>(fr_.f1.degree[ul]);
        sim.Read(t, rec1_, ul, w);
        *words_ += static_cast<double>(w);
        t.pc = 2;
        return Step::kContinue;
      }
      case 2: {
        if (!sim.At(t, rec2_, vl)) return Step::kBlocked;
        const int64_t w = 3 + 2 * static_cast<int64_t>(fr_.f2.degree[vl]);
        sim.Read(t, rec2_, vl, w);
        sim.Compute(t, 10 + 2 * (fr_.f1.degree[ul] + fr_.f2.degree[vl]));
        *words_ += static_cast<double>(w);
        t.pc = 3;
        return Step::kContinue;
      }
      case 3:
        if (!sim.At(t, rec1_, ul)) return Step::kBlocked;
        sim.Read(t, rec1_, ul, 1);   // the list's threshold
        sim.Write(t, rec1_, ul, 1);  // the update
        *words_ += 2;
        ++t.s[3];
        t.pc = 1;
        return Step::kContinue;
    }
    return Step::kDone;
  }

 private:
  void Candidates(int32_t task) { cand_task_ = task; }
  const std::vector<int32_t>& cand() const { return tasks_.candidates[cand_task_]; }

  // The real scores of u against the task's candidates, offered to u's list.
  void Score(int32_t u, int32_t ul) {
    const std::vector<int32_t>& cand_ = cand();
    const int64_t n = static_cast<int64_t>(cand_.size());
    if (n == 0) return;
    padded_.assign(cand_.begin(), cand_.end());
    padded_.resize(n + 16, 0);
    scores_.resize(n);
    score_(fr_.f1.view, fr_.f2.view, ul, padded_.data(), n, nullptr, fr_.weights, scores_.data());
    for (int64_t i = 0; i < n; ++i) top_->Offer(u, scores_[i], fr_.layout.order2[cand_[i]]);
  }

  const align::RoundInput& fr_;
  const Tasks& tasks_;
  const std::vector<std::vector<int32_t>>& lists_;
  int32_t rec1_, rec2_;
  align::ScoreCandidatesFn score_;
  align::TopK* top_;
  double* words_;
  int32_t cand_task_ = -1;
  std::vector<int32_t> padded_;
  std::vector<float> scores_;
};

// Nodelet of each bucket. BLK: equal runs of bucket ids. HCB: runs of the Hilbert order with
// about equal edges (degree sums of both graphs' members) per nodelet.
std::vector<int32_t> BucketOwners(const align::RoundInput& fr, bool hcb, int32_t nodelets) {
  const align::Buckets& b = fr.buckets;
  const int32_t nb = b.size();
  std::vector<int32_t> owner(nb);
  if (!hcb) {
    const int64_t per = std::max<int64_t>(1, (nb + nodelets - 1) / nodelets);
    for (int32_t i = 0; i < nb; ++i) owner[i] = static_cast<int32_t>(i / per);
    return owner;
  }
  std::vector<double> load(nb, 0);
  double total = 0;
  for (int32_t i = 0; i < nb; ++i) {
    for (int64_t k = b.begin1[i]; k < b.begin1[i + 1]; ++k)
      load[i] += 1 + fr.f1.degree[fr.layout.rank1[b.members1[k]]];
    for (int64_t k = b.begin2[i]; k < b.begin2[i + 1]; ++k)
      load[i] += 1 + fr.f2.degree[fr.layout.rank2[b.members2[k]]];
    total += load[i];
  }
  double seen = 0;
  for (int32_t i = 0; i < nb; ++i) {
    owner[i] = std::min(nodelets - 1, static_cast<int32_t>(seen / total * nodelets));
    seen += load[i];
  }
  return owner;
}

}  // namespace

SimilarityResult SimulateSimilarity(const Machine& m, const align::LabelledGraph& g1,
                                    const align::LabelledGraph& g2, const SimilarityOptions& o) {
  Simulator sim(m);
  const int32_t nodelets = sim.nodelets();
  if (o.threads < 1) throw std::invalid_argument("threads must be >= 1");
  if (o.k < 1) throw std::invalid_argument("k must be >= 1");
  align::AlignParams p;
  p.k = o.k;
  p.bucket_size = o.bucket_size;
  p.layout = o.layout;
  p.scheme = o.scheme;
  const align::RoundInput fr = align::PrepareFirstRound(g1, g2, p);
  const int32_t n1 = g1.num_vertices(), n2 = g2.num_vertices();
  const bool hcb = o.layout == align::Layout::kHcb;

  // Vertices live with their bucket (HCB) or in equal blocks of ids (BLK); layout ids index
  // the record arrays.
  const std::vector<int32_t> bucket_owner = BucketOwners(fr, hcb, nodelets);
  const align::Buckets& b = fr.buckets;
  int32_t rec1, rec2;
  if (hcb) {
    std::vector<int32_t> own1(n1), own2(n2);
    for (int32_t i = 0; i < b.size(); ++i) {
      for (int64_t k = b.begin1[i]; k < b.begin1[i + 1]; ++k)
        own1[fr.layout.rank1[b.members1[k]]] = bucket_owner[i];
      for (int64_t k = b.begin2[i]; k < b.begin2[i + 1]; ++k)
        own2[fr.layout.rank2[b.members2[k]]] = bucket_owner[i];
    }
    rec1 = sim.AllocateCustom(own1);
    rec2 = sim.AllocateCustom(own2);
  } else {
    rec1 = sim.Allocate(n1, Placement::kBlocked);
    rec2 = sim.Allocate(n2, Placement::kBlocked);
  }

  Tasks tasks;
  for (int32_t i = 0; i < b.size(); ++i) {
    if (b.begin1[i + 1] == b.begin1[i]) continue;
    if (o.scheme == align::Scheme::kAll) {
      tasks.bucket.push_back(i), tasks.other.push_back(-1),
          tasks.nodelet.push_back(bucket_owner[i]);
      continue;
    }
    for (int64_t k = b.neighbour_begin[i]; k < b.neighbour_begin[i + 1]; ++k) {
      const int32_t c = b.neighbours[k];
      if (b.begin2[c + 1] == b.begin2[c]) continue;
      tasks.bucket.push_back(i), tasks.other.push_back(c), tasks.nodelet.push_back(bucket_owner[i]);
    }
  }
  for (size_t task = 0; task < tasks.bucket.size(); ++task) {
    std::vector<int32_t> c;
    auto add = [&](int32_t bucket) {
      for (int64_t i = b.begin2[bucket]; i < b.begin2[bucket + 1]; ++i)
        c.push_back(fr.layout.rank2[b.members2[i]]);
    };
    if (tasks.other[task] >= 0) {
      add(tasks.other[task]);
    } else {
      const int32_t bu = tasks.bucket[task];
      for (int64_t i = b.neighbour_begin[bu]; i < b.neighbour_begin[bu + 1]; ++i)
        add(b.neighbours[i]);
    }
    tasks.candidates.push_back(std::move(c));
  }
  std::vector<int32_t> order(tasks.bucket.size());
  std::iota(order.begin(), order.end(), 0);
  if (o.scheme == align::Scheme::kPair) {  // the task list is shuffled (seed §3.3.1)
    std::mt19937_64 rng(o.seed);
    std::shuffle(order.begin(), order.end(), rng);
  }
  // ALL: `threads` workers, tasks of nodelet d to the workers there (cyclic), or to worker
  // d % threads when there are fewer workers than nodelets. PAIR: a threadlet per task.
  std::vector<std::vector<int32_t>> lists;
  std::vector<Worker> workers;
  if (o.scheme == align::Scheme::kAll) {
    const int32_t used = std::min(o.threads, nodelets);
    std::vector<int32_t> per(nodelets, 0);
    for (int32_t w = 0; w < o.threads; ++w) ++per[w % used];
    std::vector<int32_t> first(nodelets, 0);
    for (int32_t d = 1; d < nodelets; ++d) first[d] = first[d - 1] + per[d - 1];
    lists.assign(o.threads, {});
    std::vector<int32_t> next(nodelets, 0);
    for (int32_t task : order) {
      const int32_t d = tasks.nodelet[task] % used;
      lists[first[d] + next[d]++ % per[d]].push_back(task);
    }
    for (int32_t d = 0; d < used; ++d)
      for (int32_t w = 0; w < per[d]; ++w) {
        Worker wk;
        wk.nodelet = d;
        wk.s[0] = first[d] + w;
        workers.push_back(wk);
      }
  } else {
    for (int32_t task : order) {
      lists.push_back({task});
      Worker wk;
      wk.nodelet = tasks.nodelet[task];
      wk.s[0] = static_cast<int64_t>(lists.size()) - 1;
      workers.push_back(wk);
    }
  }
  SimilarityResult r{align::TopK(n1, o.k),
                     align::TopK(n1, o.k),
                     {},
                     0,
                     0,
                     static_cast<int64_t>(tasks.bucket.size())};
  double words = 0;
  const align::ScoreCandidatesFn score = align::AlignKernelsFor("scalar").score_candidates;
  Similarity program(fr, tasks, lists, rec1, rec2, score, &r.top, &words);
  for (Worker& w : workers) w.program = &program;
  r.report = sim.report(sim.RunWorkers(0, workers));
  r.bytes = 8 * words;

  // The same phase on the CPU (the aligner's own code) for comparison.
  align::PhaseStats stats;
  align::CompareBuckets(fr.buckets, fr.layout, fr.f1.view, fr.f2.view, p.scheme, fr.weights, score,
                        o.seed, {}, &r.cpu_top, &stats);
  r.comparisons = stats.comparisons;
  return r;
}

}  // namespace irreg::emu

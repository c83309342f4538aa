#include <algorithm>
#include <numeric>
#include <random>
#include <stdexcept>

#include "emu/kernels.hpp"

namespace irreg::emu {
namespace {

// A threadlet follows its piece of the list: s[0] next position, s[1] end, s[2] its sum.
// pc 0: read its head pointer (heads[] is striped: local where it was spawned), 1: visit the
// next element (migrating to it when it is elsewhere: two loads, `next` and `weight`, then the
// add and the loop branch), 2: add the sum to the total with a remote atomic.
class Chase : public Program {
 public:
  Chase(const std::vector<int64_t>& list, int32_t pool, int32_t heads, int32_t total, int64_t* sum)
      : list_(list), pool_(pool), heads_(heads), total_(total), sum_(sum) {}

  Step Run(Simulator& sim, Thread& t) override {
    switch (t.pc) {
      case 0:
        sim.Read(t, heads_, t.s[3]);
        t.pc = t.s[0] < t.s[1] ? 1 : 2;
        return Step::kContinue;
      case 1: {
        const int64_t element = list_[t.s[0]];
        if (!sim.At(t, pool_, element)) return Step::kBlocked;
        sim.Read(t, pool_, element, 2);
        sim.Compute(t, 2);
        t.s[2] += element;  // the weight: its element's id, so the total is checkable
        if (++t.s[0] == t.s[1]) t.pc = 2;
        return Step::kContinue;
      }
      case 2:
        if (!sim.Atomic(t, total_, 0)) return Step::kBlocked;  // a round trip to another node
        *sum_ += t.s[2];
        return Step::kDone;
    }
    return Step::kDone;
  }

 private:
  const std::vector<int64_t>& list_;
  int32_t pool_, heads_, total_;
  int64_t* sum_;
};

// The visiting order of the benchmark: list position p starts as element (p mod L) * N + p / L
// (nodelet p / L's elements in address order, L = n / N elements per nodelet, N nodelets), then
// blocks of block_size positions are shuffled as the mode says.
std::vector<int64_t> ChaseList(int64_t n, int32_t nodelets, const ChaseOptions& o) {
  const int64_t per = n / nodelets;
  std::vector<int64_t> list(n);
  for (int64_t p = 0; p < n; ++p) list[p] = (p % per) * nodelets + p / per;
  std::mt19937_64 rng(o.seed);
  const int64_t blocks = n / o.block_size;
  if (o.mode == ChaseMode::kIntraBlockShuffle || o.mode == ChaseMode::kFullBlockShuffle)
    for (int64_t b = 0; b < blocks; ++b)
      std::shuffle(list.begin() + b * o.block_size, list.begin() + (b + 1) * o.block_size, rng);
  if (o.mode == ChaseMode::kBlockShuffle || o.mode == ChaseMode::kFullBlockShuffle) {
    std::vector<int64_t> order(blocks);
    std::iota(order.begin(), order.end(), 0);
    std::shuffle(order.begin(), order.end(), rng);
    std::vector<int64_t> shuffled(n);
    for (int64_t b = 0; b < blocks; ++b)
      std::copy_n(list.begin() + order[b] * o.block_size, o.block_size,
                  shuffled.begin() + b * o.block_size);
    list.swap(shuffled);
  }
  return list;
}

}  // namespace

ChaseResult SimulatePointerChase(const Machine& m, int64_t n, const ChaseOptions& o) {
  Simulator sim(m);
  const int32_t nodelets = sim.nodelets();
  if (n < 1 || n % nodelets != 0)
    throw std::invalid_argument("elements must be a positive multiple of the nodelet count (" +
                                std::to_string(nodelets) + "), got " + std::to_string(n));
  if (o.threads < nodelets || o.threads % nodelets != 0 || n % o.threads != 0)
    throw std::invalid_argument(
        "threads must be a multiple of the nodelet count that divides the elements, got " +
        std::to_string(o.threads));
  if (o.block_size < 1 || n % o.block_size != 0)
    throw std::invalid_argument("block_size must be a positive divisor of the elements, got " +
                                std::to_string(o.block_size));

  const std::vector<int64_t> list = ChaseList(n, nodelets, o);
  const int32_t pool = sim.Allocate(n, Placement::kStriped);  // mw_malloc2d: one by one
  const int32_t heads = sim.Allocate(o.threads, Placement::kStriped);
  const int32_t total = sim.Allocate(1, Placement::kOne);
  ChaseResult r;
  Chase chase(list, pool, heads, total, &r.sum);
  // serial_remote_spawn: a spawner per nodelet starts threads i = nodelet, nodelet + N, ...
  const int64_t chunk = n / o.threads;
  std::vector<Worker> workers(o.threads);
  for (int32_t i = 0; i < o.threads; ++i) {
    Worker& w = workers[i];
    w.nodelet = i % nodelets;
    w.program = &chase;
    w.s[0] = i * chunk;
    w.s[1] = (i + 1) * chunk;
    w.s[3] = i;
  }
  r.report = sim.report(sim.RunWorkers(0, workers));
  r.bytes = 16.0 * static_cast<double>(n);
  return r;
}

}  // namespace irreg::emu

#include <algorithm>
#include <stdexcept>

#include "emu/kernels.hpp"

namespace irreg::emu {
namespace {

// s: [0] next element, [1] end.
class StreamAdd : public Program {
 public:
  StreamAdd(int32_t a, int32_t b, int32_t c) : a_(a), b_(b), c_(c) {}
  Step Run(Simulator& sim, Thread& t) override {
    // One load per step, so that requests reach the channel in time order.
    if (t.s[0] >= t.s[1]) return Step::kDone;
    const int64_t i = t.s[0];
    if (t.pc == 0) {
      sim.Read(t, a_, i);
      t.pc = 1;
    } else if (t.pc == 1) {
      sim.Read(t, b_, i);
      t.pc = 2;
    } else {
      sim.Compute(t, 3);  // add, index increment, loop branch
      sim.Write(t, c_, i);
      ++t.s[0];
      t.pc = 0;
    }
    return Step::kContinue;
  }

 private:
  int32_t a_, b_, c_;
};

}  // namespace

StreamResult SimulateStream(const Machine& m, int64_t n, int32_t threads) {
  Simulator sim(m);
  const int32_t nodelets = sim.nodelets();
  if (n < nodelets) throw std::invalid_argument("STREAM needs at least one element per nodelet");
  if (threads < nodelets || threads % nodelets != 0)
    throw std::invalid_argument("threads must be a positive multiple of the nodelet count (" +
                                std::to_string(nodelets) + "), got " + std::to_string(threads));
  const int32_t a = sim.Allocate(n, Placement::kBlocked);
  const int32_t b = sim.Allocate(n, Placement::kBlocked);
  const int32_t c = sim.Allocate(n, Placement::kBlocked);
  StreamAdd add(a, b, c);
  const int64_t block = (n + nodelets - 1) / nodelets;
  const int32_t per = threads / nodelets;
  std::vector<Worker> workers;
  for (int32_t d = 0; d < nodelets; ++d) {
    const int64_t lo = d * block, hi = std::min(n, lo + block);
    const int64_t share = (hi - lo + per - 1) / per;
    for (int64_t s = lo; s < hi; s += share) {
      Worker w;
      w.nodelet = d;
      w.program = &add;
      w.s[0] = s;
      w.s[1] = std::min(hi, s + share);
      workers.push_back(w);
    }
  }
  StreamResult r;
  r.report = sim.report(sim.RunWorkers(0, workers));
  r.bytes = 24.0 * static_cast<double>(n);
  return r;
}

}  // namespace irreg::emu

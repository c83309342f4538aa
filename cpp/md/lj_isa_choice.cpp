#include "md/lj_isa_choice.hpp"

#include <chrono>
#include <cmath>
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "md/lj_system.hpp"

namespace irreg::md {
namespace {

// The probe: in.lj's liquid in miniature (2,048 atoms, fcc at density 0.8442 with jitter,
// cutoff 2.5, skin 0.3), one thread; a run is three force calls on a built index, long enough
// (about a millisecond) to time, short enough to stay unnoticed at start-up.
constexpr int kCells = 8;
constexpr int kCallsPerRun = 3;

std::vector<double> ProbePositions(double* edge) {
  const double a = std::cbrt(4.0 / 0.8442);
  const double basis[4][3] = {{0, 0, 0}, {0.5, 0.5, 0}, {0.5, 0, 0.5}, {0, 0.5, 0.5}};
  std::vector<double> x;
  uint64_t state = 0x9E3779B97F4A7C15ull;  // a fixed LCG: every process probes the same atoms
  const auto jitter = [&] {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return 0.1 * (static_cast<double>(state >> 11) / 9007199254740992.0 - 0.5);
  };
  for (int i = 0; i < kCells; ++i)
    for (int j = 0; j < kCells; ++j)
      for (int k = 0; k < kCells; ++k)
        for (const auto& b : basis) {
          x.push_back((i + b[0]) * a + jitter());
          x.push_back((j + b[1]) * a + jitter());
          x.push_back((k + b[2]) * a + jitter());
        }
  *edge = a * kCells;
  return x;
}

}  // namespace

const IsaChoice& LjIsaChoice() {
  double edge = 0.0;
  const std::vector<double> x = ProbePositions(&edge);
  const int64_t n = static_cast<int64_t>(x.size() / 3);
  const double cell[9] = {edge, 0, 0, 0, edge, 0, 0, 0, edge};
  const bool pbc[3] = {true, true, true};
  std::vector<double> forces(x.size());
  std::map<std::string, std::unique_ptr<LjSystem>> systems;  // built at an ISA's first run
  return ChooseIsaByMeasurement("md", [&](const std::string& isa) {
    std::unique_ptr<LjSystem>& s = systems[isa];
    LjTotals totals;
    if (!s) {
      LjOptions o;
      o.rc = 2.5, o.skin = 0.3, o.shift = false, o.isa = isa, o.threads = 1;
      s = std::make_unique<LjSystem>(o);
      s->SetSystem(n, x.data(), cell, pbc);
      s->Compute(x.data(), false, forces.data(), &totals);  // the build, not timed
    }
    const auto t0 = std::chrono::steady_clock::now();
    for (int c = 0; c < kCallsPerRun; ++c) s->Compute(x.data(), false, forces.data(), &totals);
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  });
}

}  // namespace irreg::md

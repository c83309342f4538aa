// Chooses which ISA's kernel table runs: the best one the CPU supports, unless IRREG_ISA or a
// per-call isa= forces another. Asking for an ISA that is unknown raises std::invalid_argument;
// one that is known but cannot run here raises std::runtime_error (never SIGILL).
#pragma once

#include <functional>
#include <string>
#include <utility>
#include <vector>

namespace irreg {

// ISAs compiled into this build, in order of preference (best first); "avx512-emu" last.
std::vector<std::string> CompiledIsas();
// Compiled ISAs this CPU can execute, best first.
std::vector<std::string> AvailableIsas();
// The best native ISA this CPU can execute (never the emulated one).
std::string BestIsa();
// The ISA used when a call does not name one: IRREG_ISA if set, else BestIsa(). Validated once.
const std::string& DefaultIsa();
// Resolves a per-call request ("" means DefaultIsa()) and checks it can run here.
std::string ResolveIsa(const std::string& requested);
// The row of IRREG_ISAS that ResolveIsa(requested) names: the index into each component's
// per-ISA kernel tables (core/isa_tables.hpp).
int IsaIndex(const std::string& requested);

// Where the widest ISA is not the fastest for a kernel family (AVX-512 clocks lower on some
// Intel cores and wider gathers pay nothing back on others), the family's default is the ISA
// that ran its probe fastest: each native ISA is timed, the best of `repeats` runs taken
// round-robin, once per process and family. IRREG_ISA still forces one ISA for everything.
struct IsaChoice {
  std::string isa;
  std::string chosen_by;  // "measurement", "IRREG_ISA" or "only one ISA"
  std::vector<std::pair<std::string, double>> seconds;  // best probe time per ISA measured
};
// seconds_of(isa) runs the family's probe once on that ISA and returns its time.
const IsaChoice& ChooseIsaByMeasurement(const std::string& family,
                                        const std::function<double(const std::string&)>& seconds_of,
                                        int repeats = 5);

}  // namespace irreg

// Chooses which ISA's kernel table runs: the best one the CPU supports, unless IRREG_ISA or a
// per-call isa= forces another. Asking for an ISA that is unknown raises std::invalid_argument;
// one that is known but cannot run here raises std::runtime_error (never SIGILL).
#pragma once

#include <string>
#include <vector>

#include "core/kernel_table.hpp"

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
// The kernel table of ResolveIsa(requested): KernelsFor(isa).tiling, .graph, .md, .align.
const KernelTable& KernelsFor(const std::string& requested);

}  // namespace irreg

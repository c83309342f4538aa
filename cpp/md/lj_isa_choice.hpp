// The ISA of the Lennard-Jones kernels when a system names none: the one that ran a small
// force probe fastest on this machine (core/dispatch.hpp's ChooseIsaByMeasurement). On a Xeon
// whose AVX-512 kernel clocks lower, that is AVX2, though AVX-512 is the widest ISA it has.
#pragma once

#include "core/dispatch.hpp"

namespace irreg::md {

// Measured once per process, at the first call (a few tens of milliseconds).
const IsaChoice& LjIsaChoice();

}  // namespace irreg::md

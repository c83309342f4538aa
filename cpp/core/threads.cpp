#include "core/threads.hpp"

#include <stdexcept>
#include <string>

#ifdef _OPENMP
#include <omp.h>
#endif

namespace irreg {

void CheckThreads(int32_t threads) {
  if (threads < 1 || threads > kMaxThreads)
    throw std::invalid_argument("threads must be in [1, " + std::to_string(kMaxThreads) +
                                "], got " + std::to_string(threads));
}

int32_t OpenMpMaxThreads() {
#ifdef _OPENMP
  return omp_get_max_threads();
#else
  return 1;
#endif
}

bool HaveOpenMp() {
#ifdef _OPENMP
  return true;
#else
  return false;
#endif
}

}  // namespace irreg

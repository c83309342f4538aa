// The core's one thread pool is OpenMP's (DESIGN §12): GCC's libgomp, loaded with the extension,
// so threadpoolctl sees it. Kernels take their thread count as an argument, resolved in Python
// (irreg.threads): 1 runs the serial code path with no parallel region at all.
#pragma once

#include <cstdint>

namespace irreg {

constexpr int32_t kMaxThreads = 1024;

// Throws std::invalid_argument naming the value unless 1 <= threads <= kMaxThreads.
void CheckThreads(int32_t threads);

// omp_get_max_threads(): OMP_NUM_THREADS, a threadpoolctl limit, else the usable cores; 1 in a
// build without OpenMP.
int32_t OpenMpMaxThreads();
bool HaveOpenMp();

// f(i) for i in [0, n): in order on the calling thread when threads == 1 (no parallel region),
// else in static shares on `threads` OpenMP threads. For loops whose iterations are independent.
template <typename F>
void ParallelFor(int32_t threads, int64_t n, F&& f) {
  if (threads <= 1) {
    for (int64_t i = 0; i < n; ++i) f(i);
    return;
  }
#pragma omp parallel for num_threads(threads) schedule(static)
  for (int64_t i = 0; i < n; ++i) f(i);
}

}  // namespace irreg

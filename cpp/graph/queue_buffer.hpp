// A thread's private block of discovered vertices, appended to a shared queue at an atomic tail
// when full and at the end of the thread's share (GAPBS's QueueBuffer): one atomic operation
// per block instead of one per vertex. The queue's order across threads is arbitrary; the
// kernels that use it (parallel BFS steps, Kahn generations) do not depend on it.
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

#include "core/types.hpp"

namespace irreg::graph {

class QueueBuffer {
 public:
  static constexpr int64_t kSize = 16384;

  // `queue` has room for every vertex that can be pushed; `tail` is shared by the team.
  QueueBuffer(VertexId* queue, int64_t* tail) : queue_(queue), tail_(tail) {
    buffer_.reserve(kSize);
  }

  void Push(VertexId v) {
    buffer_.push_back(v);
    if (static_cast<int64_t>(buffer_.size()) == kSize) Flush();
  }

  void Flush() {
    const int64_t at =
        __atomic_fetch_add(tail_, static_cast<int64_t>(buffer_.size()), __ATOMIC_RELAXED);
    std::copy(buffer_.begin(), buffer_.end(), queue_ + at);
    buffer_.clear();
  }

 private:
  VertexId* queue_;
  int64_t* tail_;
  std::vector<VertexId> buffer_;
};

}  // namespace irreg::graph

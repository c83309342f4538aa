#include "core/interrupt.hpp"

#include <atomic>
#include <chrono>

namespace irreg {
namespace {

constexpr auto kPollInterval = std::chrono::milliseconds(50);
std::atomic<bool (*)()> g_check{nullptr};
thread_local std::chrono::steady_clock::time_point t_last_poll{};

}  // namespace

void SetInterruptCheck(bool (*check)()) { g_check.store(check); }

void PollInterrupt() {
  bool (*check)() = g_check.load(std::memory_order_relaxed);
  if (check == nullptr) return;
  const auto now = std::chrono::steady_clock::now();
  if (now - t_last_poll < kPollInterval) return;
  t_last_poll = now;
  if (check()) throw Interrupted();
}

}  // namespace irreg

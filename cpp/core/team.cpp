#include "core/team.hpp"

#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <mutex>
#include <vector>

namespace irreg {
namespace {

std::atomic<bool> g_exact{false};
std::atomic<int32_t> g_held{0};  // threads held by this process's teams beyond their caller's

// Busy time of this process's CPUs (all of them: user, system, interrupts, and steal, which a
// hypervisor gave to someone else) and this process's own CPU time, at one instant.
struct CpuSample {
  std::chrono::steady_clock::time_point when;
  double busy_seconds = 0;  // summed over the set's CPUs, /proc/stat's ticks
  double own_seconds = 0;   // CLOCK_PROCESS_CPUTIME_ID: every thread of ours, spinning ones too
  int32_t cpus = 0;         // CPUs read
  bool valid = false;
};

std::vector<bool> CpuSet() {
  std::vector<bool> mine;
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof(set), &set) != 0) return mine;
  mine.resize(CPU_SETSIZE);
  for (int c = 0; c < CPU_SETSIZE; ++c) mine[c] = CPU_ISSET(c, &set);
  return mine;
}

CpuSample Sample() {
  CpuSample s;
  s.when = std::chrono::steady_clock::now();
  timespec ts{};
  if (clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return s;
  s.own_seconds = static_cast<double>(ts.tv_sec) + 1e-9 * static_cast<double>(ts.tv_nsec);
  const std::vector<bool> mine = CpuSet();
  std::FILE* f = std::fopen("/proc/stat", "r");
  if (f == nullptr) return s;
  const double tick = 1.0 / static_cast<double>(std::max(1L, sysconf(_SC_CLK_TCK)));
  char line[512];
  uint64_t busy = 0;
  while (std::fgets(line, sizeof(line), f) != nullptr) {
    int cpu = -1;
    unsigned long long v[8] = {};  // user nice system idle iowait irq softirq steal
    if (std::strncmp(line, "cpu", 3) != 0 || line[3] < '0' || line[3] > '9') continue;
    if (std::sscanf(line + 3, "%d %llu %llu %llu %llu %llu %llu %llu %llu", &cpu, &v[0], &v[1],
                    &v[2], &v[3], &v[4], &v[5], &v[6], &v[7]) < 5)
      continue;
    if (cpu < 0 || (!mine.empty() && (static_cast<size_t>(cpu) >= mine.size() || !mine[cpu])))
      continue;
    busy += v[0] + v[1] + v[2] + v[5] + v[6] + v[7];
    ++s.cpus;
  }
  std::fclose(f);
  s.busy_seconds = tick * static_cast<double>(busy);
  s.valid = s.cpus > 0;
  return s;
}

// Shorter windows are below /proc/stat's 10 ms tick resolution on a few CPUs.
constexpr auto kWindow = std::chrono::milliseconds(100);
// Other processes' use of more than this share of a CPU takes the CPU from our teams: a thread
// sharing a core with them waits for it at barriers.
constexpr double kShareThatTakesACpu = 0.25;

std::mutex g_sample_mutex;
CpuSample g_last = Sample();
std::atomic<int32_t> g_idle{std::max(1, g_last.cpus)};

// Refreshes g_idle from the busy time of the set's CPUs since the last sample, less our own.
void Refresh() {
  std::unique_lock<std::mutex> lock(g_sample_mutex, std::try_to_lock);
  if (!lock.owns_lock()) return;  // another call is sampling; its answer will do
  const auto now = std::chrono::steady_clock::now();
  if (g_last.valid && now - g_last.when < kWindow) return;
  const CpuSample s = Sample();
  if (!s.valid) return;
  if (g_last.valid && s.cpus == g_last.cpus) {
    const double wall = std::chrono::duration<double>(s.when - g_last.when).count();
    const double others =
        ((s.busy_seconds - g_last.busy_seconds) - (s.own_seconds - g_last.own_seconds)) / wall;
    const int32_t taken =
        static_cast<int32_t>(std::ceil(std::max(0.0, others - kShareThatTakesACpu)));
    g_idle.store(std::max(1, s.cpus - taken), std::memory_order_relaxed);
  } else {
    g_idle.store(s.cpus, std::memory_order_relaxed);
  }
  g_last = s;
}

}  // namespace

Team::Team(TeamAsk ask) : size_(std::max(1, ask.threads)), reserved_(0) {
  if (size_ == 1 || g_exact.load(std::memory_order_relaxed)) return;
  if (ask.work_per_thread > 0)
    size_ = static_cast<int32_t>(
        std::clamp<int64_t>(ask.work / ask.work_per_thread, 1, static_cast<int64_t>(size_)));
  if (size_ == 1) return;
  Refresh();
  // The calling thread needs no reservation: it holds its CPU already.
  const int32_t free = g_idle.load(std::memory_order_relaxed) - 1;
  int32_t held = g_held.load(std::memory_order_relaxed);
  int32_t want;
  do {
    want = std::clamp(free - held, 0, size_ - 1);
  } while (!g_held.compare_exchange_weak(held, held + want, std::memory_order_relaxed));
  reserved_ = want;
  size_ = want + 1;
}

Team::~Team() {
  if (reserved_ > 0) g_held.fetch_sub(reserved_, std::memory_order_relaxed);
}

void SetExactTeams(bool exact) { g_exact.store(exact, std::memory_order_relaxed); }
bool ExactTeams() { return g_exact.load(std::memory_order_relaxed); }

int32_t IdleCpus() {
  Refresh();
  return g_idle.load(std::memory_order_relaxed);
}

}  // namespace irreg

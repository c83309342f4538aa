// The team one call runs on (DESIGN §12): the threads it asked for, fewer when the machine cannot
// give them. An OpenMP team waits at every barrier for its slowest member; when another process
// holds a core, the member on that core waits a scheduler time slice (milliseconds) for it, at
// every barrier, and a call of microseconds becomes 100 to 1,000 times slower than on one thread
// (measured: issue 34). So a call takes only the CPUs of this process's set that other processes
// leave idle and that other calls of this process are not holding.
#pragma once

#include <cstdint>

namespace irreg {

// What a call asks for: `threads`, and no more than one per `work_per_thread` units of its
// `work` (0: no such limit), the size below which a thread more costs more than it saves.
struct TeamAsk {
  int32_t threads = 1;
  int64_t work = 0;
  int64_t work_per_thread = 0;
};

// Reserves a team for one call and gives it back when destroyed.
class Team {
 public:
  // Up to the threads asked (1 runs the serial code path): no more than the work is worth, nor
  // than the CPUs left idle by other processes over the last ~100 ms less those held by this
  // process's other teams; at least 1. With SetExactTeams(true), exactly the threads asked.
  explicit Team(TeamAsk ask);
  explicit Team(int32_t threads) : Team(TeamAsk{threads}) {}
  ~Team();
  Team(const Team&) = delete;
  Team& operator=(const Team&) = delete;

  int32_t size() const { return size_; }

 private:
  int32_t size_;
  int32_t reserved_;
};

// Whether every call runs on exactly the threads it asks for, whatever the load: tests of the
// parallel code paths and thread-scaling benchmarks. Off by default.
void SetExactTeams(bool exact);
bool ExactTeams();

// The CPUs of this process's set that other processes left idle, as of the last sample (taken
// at most every 100 ms, when a team is formed); the set's size where /proc/stat is unreadable.
int32_t IdleCpus();

}  // namespace irreg

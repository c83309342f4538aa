// An event-driven execution model of a migratory-thread machine (seed 002 §2, DESIGN §9).
//
// Kernels are Programs: a threadlet runs Program::Run when it is resident on a nodelet and its
// clock is the earliest of its node's threadlets, and issues operations through the Simulator:
//  - Compute: instructions on its nodelet's core (one per cycle per core across threadlets, one
//    per pipeline_depth cycles for the threadlet itself). They are issued together with the
//    threadlet's next memory access, migration or spawn, or when it finishes: one core
//    reservation instead of one per Compute (the order of other threadlets' requests moves by
//    at most those instructions' pipeline time; results moved < 0.1%);
//  - Read: a local load; reading remote memory is impossible, a kernel must first call At(),
//    which migrates the threadlet to the owner (Run returns kBlocked and resumes there);
//  - Write / Atomic: local, or a posted remote write / a memory-side atomic, both without
//    migrating; the threadlet only waits for its writes to complete when it finishes, and for an
//    atomic's reply (on another node: Atomic returns false, Run returns kBlocked and is called
//    again when the reply is back);
//  - Spawn: a new threadlet, on this nodelet or sent to another one.
// Shared resources are Timelines (see timeline.hpp): the memory path of each nodelet, the cores,
// the migration engine of each node, and each node's link out and in. A nodelet holds at most
// threads_per_nodelet() threadlets; arrivals beyond that wait in its queue. Contention and hot
// spots come out of these queues; nothing is assumed about them.
//
// Each node is simulated by itself (a Part: its events, threadlets and resources) in windows of
// simulated time that no packet between nodes can cross: a window ends lookahead() (the least a
// packet takes from its engine to the other node) after the earliest any node's engine could
// start one, so a packet sent to another node in one window reaches it in a later one. While
// the engines are busy that start lies beyond the window's first event (in the migrating BFS
// windows grew from 180 to about 2000 cycles). At the end of each window the packets
// are handed over: the receiving node reserves its link in, its engine and, for a remote write,
// its memory path, in the order the packets arrive, and a threadlet that migrated goes on there.
// The nodes of a window are independent, so host_threads run them at once; the result does not
// depend on how many do (each node's order is its own, and hand-over is in a fixed order).
#pragma once

#include <algorithm>
#include <cstdint>
#include <deque>
#include <memory>
#include <string>
#include <vector>

#include "emu/event_queue.hpp"
#include "emu/machine.hpp"
#include "emu/timeline.hpp"

namespace irreg::emu {

using Cycles = double;

enum class Placement { kStriped, kBlocked, kReplicated, kOne, kCustom };
enum class Step { kContinue, kBlocked, kDone };

class Program;

// Two cache lines of the host, what every step reads first.
struct alignas(64) Thread {
  Cycles time = 0;     // the threadlet's clock
  Cycles pending = 0;  // when its last posted write is complete
  int64_t owed = 0;    // instructions computed but not yet issued on the core
  int32_t nodelet = 0;
  int32_t pc = 0;  // where the program resumes
  Program* program = nullptr;
  // Set when the threadlet travels to another node as a packet (a migration or spawn, a remote
  // atomic's request, during which it stays resident here, or its reply): the packet's kind + 1.
  // The packet is the threadlet itself: its time is when it reaches the other node's link. On
  // the first line, with the time: what hand-over reads before it copies the packet.
  uint8_t leaving = 0;
  bool spawned = false;      // a packet that is a new threadlet, not a migrating one
  bool atomic_done = false;  // its remote atomic's reply came: Atomic() returns true once
  int32_t atomic_to = 0;     // the nodelet of that atomic's word
  // Host memory the program's next step reads, set when it blocks on a migration: the simulator
  // prefetches it (and clears it) when the threadlet arrives, so that the read waits less (a hint
  // only; null: none). A round trip between nodes outlasts the host's caches' memory of it.
  const void* next_read = nullptr;
  int64_t s[8] = {0, 0, 0, 0, 0, 0, 0, 0};  // program state
};

// Threadlets by id, in chunks that never move: a running threadlet's reference stays valid while
// it spawns others. (A std::deque of Threads holds 4 per 512-byte chunk.)
class ThreadStore {
 public:
  Thread& operator[](int32_t id) { return chunks_[id >> kLogChunk][id & (kChunk - 1)]; }
  const Thread* Address(int32_t id) const { return &chunks_[id >> kLogChunk][id & (kChunk - 1)]; }
  int32_t Add() {
    if ((size_ & (kChunk - 1)) == 0) chunks_.push_back(std::make_unique<Thread[]>(kChunk));
    return size_++;
  }

 private:
  static constexpr int kLogChunk = 10, kChunk = 1 << kLogChunk;
  std::vector<std::unique_ptr<Thread[]>> chunks_;
  int32_t size_ = 0;
};

class Simulator;

class Program {
 public:
  virtual ~Program() = default;
  virtual Step Run(Simulator& sim, Thread& t) = 0;
};

struct Worker {
  int32_t nodelet = 0;
  Program* program = nullptr;
  int64_t s[8] = {0, 0, 0, 0, 0, 0, 0, 0};
};

// The event counts of a run, written once: Report's members, Report::Add (each node's counts add
// up) and the binding's dict (Python reads them by name) all expand this list.
#define IRREG_EMU_REPORT_COUNTS(X)                             \
  X(migrations_intra) /* threadlet migrations within a node */ \
  X(migrations_inter) /* ... between nodes */                  \
  X(remote_writes)    /* posted writes to another nodelet */   \
  X(remote_writes_inter)                                       \
  X(atomics) /* memory-side atomics, local or remote */        \
  X(remote_atomics)                                            \
  X(spawns) /* threadlets spawned */                           \
  X(remote_spawns)                                             \
  X(local_reads)                                               \
  X(local_writes)                                              \
  X(instructions)                                              \
  X(threads_finished)                                          \
  X(threads_created)

struct Report {
  Cycles cycles = 0;
  double seconds = 0;
#define IRREG_EMU_REPORT_MEMBER(name) int64_t name = 0;
  IRREG_EMU_REPORT_COUNTS(IRREG_EMU_REPORT_MEMBER)
#undef IRREG_EMU_REPORT_MEMBER
  int64_t phases = 0;
  // Filled by Simulator::report from the resources, not by Add.
  std::vector<double> channel_busy, core_busy;  // cycles, per nodelet
  std::vector<double> engine_busy, link_busy;   // cycles, per node (link: out + in)
  std::vector<int64_t> threads_started;         // threadlets spawned onto each nodelet
  std::vector<int32_t> peak_threads;            // most threadlets resident at once
  std::vector<int64_t> arrivals_waited;         // arrivals that found the nodelet full

  // Adds another node's report (the simulator keeps one per node): counts add up, peaks take
  // the larger.
  void Add(const Report& o) {
#define IRREG_EMU_REPORT_ADD(name) name += o.name;
    IRREG_EMU_REPORT_COUNTS(IRREG_EMU_REPORT_ADD)
#undef IRREG_EMU_REPORT_ADD
    for (size_t d = 0; d < threads_started.size(); ++d) {
      threads_started[d] += o.threads_started[d];
      peak_threads[d] = std::max(peak_threads[d], o.peak_threads[d]);
      arrivals_waited[d] += o.arrivals_waited[d];
    }
  }
};

class Simulator {
 public:
  explicit Simulator(const Machine& machine);
  ~Simulator();
  Simulator(const Simulator&) = delete;
  Simulator& operator=(const Simulator&) = delete;

  const Machine& machine() const { return m_; }
  int32_t nodelets() const { return n_; }

  // Arrays: element i of a striped array lives on nodelet i % nodelets, of a blocked one on
  // i / ceil(length / nodelets); a replicated array is local everywhere; kOne puts all of it on
  // one nodelet; a custom array names each element's nodelet. An element may span several
  // 8-byte words: they live with it, and where a word sits within its nodelet costs nothing
  // (see machine.hpp), so arrays hold no addresses.
  int32_t Allocate(int64_t length, Placement placement, int32_t nodelet = 0);
  int32_t AllocateCustom(const std::vector<int32_t>& owner);
  int32_t Owner(int32_t array, int64_t i) const;  // -1: replicated

  // Host threads that simulate the nodes of a window at once (1: one after the other). A kernel
  // asks for more than 1 only when its programs' host-side state is safe for it.
  void set_host_threads(int32_t threads);
  // The window: no packet reaches another node sooner after it is sent.
  Cycles lookahead() const { return lookahead_; }

  // Thread operations (from Program::Run). false: the threadlet is leaving (a migration, or a
  // remote atomic's round trip to another node); Run returns Step::kBlocked and is called again
  // where (or once) it arrives.
  bool At(Thread& t, int32_t array, int64_t i);
  bool MoveTo(Thread& t, int32_t nodelet);
  void Compute(Thread& t, int64_t instructions) { t.owed += instructions; }
  // `words` 8-byte words of element i, one load or store each.
  void Read(Thread& t, int32_t array, int64_t i, int64_t words = 1);
  void Write(Thread& t, int32_t array, int64_t i, int64_t words = 1);
  bool Atomic(Thread& t, int32_t array, int64_t i);  // false only for a word on another node
  void Spawn(Thread& parent, Program* program, int32_t nodelet, const int64_t* state);

  // One fork-join phase: from `start`, a root threadlet on nodelet 0 spawns a leader on each
  // nodelet that has workers, the leader spawns them locally, and the phase ends when all have
  // finished (their writes complete) and joined. Returns the end time.
  Cycles RunWorkers(Cycles start, const std::vector<Worker>& workers);

  // Report so far; kernels then add their own figures.
  Report report(Cycles end) const;

 private:
  struct Array {
    int64_t length = 0;
    Placement placement = Placement::kStriped;
    int32_t one = 0;
    int64_t block = 1;
    std::vector<int32_t> owner;  // custom: each element's nodelet
  };
  // What a threadlet travelling between nodes is (Thread::leaving - 1), from the window it was
  // sent in to the hand-over after it.
  enum Packet : uint8_t { kThreadPacket, kAtomicPacket, kReplyPacket };
  // A remote write between nodes: what a packet says, without a threadlet.
  struct WritePacket {
    Cycles time;  // when it reaches the receiving node's link
    int32_t to;   // the nodelet written
  };
  struct Arrival {
    Cycles time;
    int64_t order;
    const Thread* packet;  // or
    const WritePacket* write;
  };
  // One node's share of the simulation, on cache lines of its own (host threads run nodes at
  // once).
  struct alignas(64) Part {
    EventQueue events;
    uint64_t seq = 0;
    Cycles now = 0;        // time of the event being processed
    int32_t current = -1;  // the threadlet whose Run is executing
    ThreadStore threads;
    std::vector<int32_t> free_threads;
    Report r;
    Cycles end = 0;  // the latest completion of the phase seen here
    // Packets by receiving node, sent in even and odd windows: a window's are handed over at the
    // start of the next, while that one's are sent.
    std::vector<std::vector<Thread>> out[2];
    std::vector<std::vector<WritePacket>> writes_out[2];
    Cycles out_earliest[2];       // the earliest time among them
    int32_t parity = 0;           // the window being run
    Cycles next_window[2];        // after a window of that parity: NextWindow()
    Cycles next_send[2];          // and the earliest its engine can start a packet from then on
    Cycles window_end;            // of its last window: no packet handed over may arrive before it
    std::vector<Arrival> in;      // the hand-over's packets, in order
    std::vector<Arrival> merged;  // and its scratch space: runs merged two by two
    std::vector<size_t> runs;     // where each sender's run begins in `in`
  };
  class Root;
  class Leader;

  // Machine::NodeOf by table: it is asked on every packet and every step's part.
  int32_t NodeOf(int32_t nodelet) const { return node_of_[nodelet]; }
  Part& PartOf(int32_t nodelet) { return parts_[NodeOf(nodelet)]; }
  // The nodelet's memory path serves `service` cycles from `at`; returns when it is done.
  Cycles Channel(int32_t nodelet, Cycles service, Cycles at);
  // Sends a packet: through the engine of `from`'s node, and its link out when `to` is on another
  // node. Returns when it reaches `to` (same node) or `to`'s node's link (another node).
  // *injected: when the engine took it, before which the sender cannot go on.
  Cycles Send(int32_t from, int32_t to, int32_t bytes, Cycles at, Cycles* injected = nullptr);
  // The receiving side of a packet from another node: its link in and engine. Returns its arrival.
  Cycles Receive(int32_t to, int32_t bytes, Cycles at);
  // Issues the owed instructions and `more` on the threadlet's core.
  void Issue(Thread& t, int64_t more);
  int32_t NewThread(Part& p, const Thread& t);
  void Push(Part& p, int32_t thread, Cycles time, bool arrive);
  // The threadlet becomes resident on its nodelet at `time` (the caller checked for room).
  void Enter(Thread& t, Cycles time);
  void Release(int32_t nodelet, Cycles time);
  // One window of node d: the hand-over of the packets sent to it in the last window, then its
  // events before `until`.
  void RunWindow(int32_t d, int32_t parity, Cycles until);
  void HandOver(int32_t d);
  void Post(Part& p, const Thread& packet);
  int32_t Destination(const Thread& packet) const;
  void Leave(Part& p, int32_t id, Thread& t);
  static Cycles NextWindow(const Part& p);

  Machine m_;
  int32_t n_;
  int64_t stripe_mask_;  // n_ - 1 when n_ is a power of two, else -1
  std::vector<int32_t> node_of_;
  int32_t host_threads_ = 1;
  Cycles lookahead_ = 0;
  std::vector<Array> arrays_;
  // Bin widths (timeline.hpp), measured with `irreg bench emu`: the order of the memory paths'
  // requests decides the similarity runs with few threadlets per nodelet (128-cycle bins there
  // moved their times by up to 1.8%), so they keep 32-cycle bins; 128-cycle bins on the cores,
  // engines and links move no figure by more than 0.3% and make the migrating BFS, whose every
  // edge reserves 2 engines and 2 links, about an eighth faster to simulate.
  std::vector<Timeline<32>> channel_;
  std::vector<Timeline<128>> core_, engine_, link_out_, link_in_;
  struct alignas(64) Resident {  // threadlets on a nodelet, a cache line each (as Part)
    int32_t count = 0;
  };
  std::vector<Resident> resident_;
  std::vector<std::deque<int32_t>> waiting_;
  std::vector<Part> parts_;
  std::unique_ptr<Root> root_;
  std::unique_ptr<Leader> leader_;
  // Spawn tree of the current phase.
  std::vector<std::vector<const Worker*>> phase_workers_;
  std::vector<int32_t> phase_leaders_;
  int64_t phases_ = 0;
  int32_t parity_ = 0;               // of the window being run
  bool failed_[2] = {false, false};  // a node threw in a window of that parity
};

}  // namespace irreg::emu

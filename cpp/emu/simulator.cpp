#include "emu/simulator.hpp"

#include <algorithm>
#include <stdexcept>

namespace irreg::emu {

// Spawns the workers of its nodelet (s[0]), one per step.
class Simulator::Leader : public Program {
 public:
  Step Run(Simulator& sim, Thread& t) override {
    const auto& mine = sim.phase_workers_[t.s[0]];
    if (t.s[1] >= static_cast<int64_t>(mine.size())) return Step::kDone;
    const Worker* w = mine[t.s[1]++];
    sim.Spawn(t, w->program, w->nodelet, w->s);
    return Step::kContinue;
  }
};

// The root of a phase's spawn tree: one leader per nodelet that has workers (s[0]: next one).
class Simulator::Root : public Program {
 public:
  Step Run(Simulator& sim, Thread& t) override {
    const auto& leaders = sim.phase_leaders_;
    if (t.s[0] >= static_cast<int64_t>(leaders.size())) return Step::kDone;
    const int64_t state[8] = {leaders[t.s[0]], 0, 0, 0, 0, 0, 0, 0};
    sim.Spawn(t, sim.leader_.get(), leaders[t.s[0]], state);
    ++t.s[0];
    return Step::kContinue;
  }
};

Simulator::Simulator(const Machine& machine)
    : m_(machine), n_(machine.nodelets()), root_(std::make_unique<Root>()),
      leader_(std::make_unique<Leader>()) {
  m_.Validate();
  n_ = m_.nodelets();
  channel_.resize(n_);
  core_.resize(static_cast<size_t>(n_) * m_.cores_per_nodelet);
  engine_.resize(m_.nodes);
  link_out_.resize(m_.nodes);
  link_in_.resize(m_.nodes);
  resident_.assign(n_, 0);
  waiting_.resize(n_);
  r_.channel_busy.assign(n_, 0);
  r_.core_busy.assign(n_, 0);
  r_.engine_busy.assign(m_.nodes, 0);
  r_.link_busy.assign(m_.nodes, 0);
  r_.threads_started.assign(n_, 0);
  r_.peak_threads.assign(n_, 0);
  r_.arrivals_waited.assign(n_, 0);
}

Simulator::~Simulator() = default;

int32_t Simulator::Allocate(int64_t length, Placement placement, int32_t nodelet) {
  if (length < 0) throw std::invalid_argument("array length must be >= 0");
  if (placement == Placement::kCustom)
    throw std::invalid_argument("custom placement needs AllocateCustom");
  if (nodelet < 0 || nodelet >= n_) throw std::invalid_argument("nodelet out of range");
  Array a;
  a.length = length;
  a.placement = placement;
  a.one = nodelet;
  a.block = std::max<int64_t>(1, (length + n_ - 1) / n_);
  arrays_.push_back(std::move(a));
  return static_cast<int32_t>(arrays_.size()) - 1;
}

int32_t Simulator::AllocateCustom(const std::vector<int32_t>& owner) {
  for (const int32_t d : owner)
    if (d < 0 || d >= n_) throw std::invalid_argument("owner nodelet out of range");
  Array a;
  a.length = static_cast<int64_t>(owner.size());
  a.placement = Placement::kCustom;
  a.owner = owner;
  arrays_.push_back(std::move(a));
  return static_cast<int32_t>(arrays_.size()) - 1;
}

int32_t Simulator::Owner(int32_t array, int64_t i) const {
  const Array& a = arrays_[array];
  switch (a.placement) {
    case Placement::kStriped: return static_cast<int32_t>(i % n_);
    case Placement::kBlocked: return static_cast<int32_t>(i / a.block);
    case Placement::kReplicated: return -1;
    case Placement::kOne: return a.one;
    case Placement::kCustom: return a.owner[i];
  }
  return -1;
}

Cycles Simulator::Channel(int32_t nodelet, Cycles service, Cycles at) {
  r_.channel_busy[nodelet] += service;
  return channel_[nodelet].Reserve(at, service);
}

Cycles Simulator::Deliver(int32_t from, int32_t to, int32_t bytes, Cycles at, bool* inter,
                          Cycles* injected) {
  const int32_t a = m_.NodeOf(from), b = m_.NodeOf(to);
  const Cycles engine = m_.engine_packet_cycles;
  r_.engine_busy[a] += engine;
  Cycles t = engine_[a].Reserve(at, engine);
  if (injected) *injected = engine_[a].last_start();
  *inter = a != b;
  if (a != b) {
    const Cycles link = bytes / m_.link_bytes_per_cycle;
    r_.link_busy[a] += link;
    r_.link_busy[b] += link;
    r_.engine_busy[b] += engine;
    t = link_out_[a].Reserve(t, link) + m_.inter_node_latency_cycles;
    t = link_in_[b].Reserve(t, link);
    t = engine_[b].Reserve(t, engine);
  }
  return t + m_.intra_node_latency_cycles;
}

bool Simulator::At(Thread& t, int32_t array, int64_t i) {
  const int32_t owner = Owner(array, i);
  return owner < 0 || MoveTo(t, owner);
}

bool Simulator::MoveTo(Thread& t, int32_t nodelet) {
  if (nodelet == t.nodelet) return true;
  Issue(t, 1);
  Release(t.nodelet, t.time);
  bool inter = false;
  t.time = Deliver(t.nodelet, nodelet, m_.context_bytes, t.time, &inter);
  ++(inter ? r_.migrations_inter : r_.migrations_intra);
  t.nodelet = nodelet;
  Push(current_, t.time, true);
  return false;
}

void Simulator::Issue(Thread& t, int64_t more) {
  const int64_t instructions = t.owed + more;
  t.owed = 0;
  if (instructions <= 0) return;
  const size_t first = static_cast<size_t>(t.nodelet) * m_.cores_per_nodelet;
  size_t core = first;
  for (int32_t c = 1; c < m_.cores_per_nodelet; ++c)
    if (core_[first + c].free_at() < core_[core].free_at()) core = first + c;
  const Cycles n = static_cast<Cycles>(instructions);
  const Cycles done = core_[core].Reserve(t.time, n);
  r_.core_busy[t.nodelet] += n;
  r_.instructions += instructions;
  t.time = std::max(done, t.time + n * m_.pipeline_depth);
}

void Simulator::Read(Thread& t, int32_t array, int64_t i, int64_t words) {
  const int32_t owner = Owner(array, i);
  if (owner >= 0 && owner != t.nodelet)
    throw std::logic_error("emu kernel bug: a remote read without migrating first");
  for (int64_t w = 0; w < words; ++w) {
    Issue(t, 1);
    t.time = Channel(t.nodelet, m_.load_cycles, t.time) + m_.memory_latency_cycles;
  }
  r_.local_reads += words;
}

void Simulator::Write(Thread& t, int32_t array, int64_t i, int64_t words) {
  const int32_t owner = Owner(array, i);
  for (int64_t w = 0; w < words; ++w) {
    Issue(t, 1);
    if (owner < 0 || owner == t.nodelet) {
      t.pending = std::max(t.pending, Channel(t.nodelet, m_.store_cycles, t.time));
      ++r_.local_writes;
      continue;
    }
    bool inter = false;
    Cycles injected = t.time;
    const Cycles arrive =
        Deliver(t.nodelet, owner, m_.write_packet_bytes, t.time, &inter, &injected);
    t.time = std::max(t.time, injected);
    const Cycles done = Channel(owner, m_.remote_write_cycles, arrive);
    // The writer learns of the completion a network latency later (it waits for its writes when
    // it finishes). No source states an acknowledgement packet per write, so none is charged to
    // the engines or links.
    const Cycles back =
        m_.intra_node_latency_cycles + (inter ? m_.inter_node_latency_cycles : 0.0);
    t.pending = std::max(t.pending, done + back);
    ++r_.remote_writes;
    if (inter) ++r_.remote_writes_inter;
  }
}

void Simulator::Atomic(Thread& t, int32_t array, int64_t i) {
  const int32_t home = Owner(array, i);
  const int32_t owner = home < 0 ? t.nodelet : home;  // a replicated word: the local copy
  const Cycles rmw = m_.load_cycles + m_.store_cycles;  // read-modify-write at the memory side
  Issue(t, 1);
  ++r_.atomics;
  if (owner == t.nodelet) {
    t.time = Channel(owner, rmw, t.time) + m_.memory_latency_cycles;
    return;
  }
  ++r_.remote_atomics;
  bool inter = false;
  Cycles at = Deliver(t.nodelet, owner, m_.atomic_packet_bytes, t.time, &inter);
  at = Channel(owner, rmw, at) + m_.memory_latency_cycles;
  t.time = Deliver(owner, t.nodelet, m_.atomic_packet_bytes, at, &inter);  // the reply
}

int32_t Simulator::NewThread(Program* program, int32_t nodelet, Cycles time, const int64_t* state) {
  int32_t id;
  if (!free_threads_.empty()) {
    id = free_threads_.back();
    free_threads_.pop_back();
    threads_[id] = Thread{};
  } else {
    id = threads_.Add();
  }
  Thread& t = threads_[id];
  t.time = time;
  t.pending = time;
  t.nodelet = nodelet;
  t.program = program;
  std::copy(state, state + 8, t.s);
  ++r_.threads_created;
  ++r_.threads_started[nodelet];
  return id;
}

void Simulator::Spawn(Thread& parent, Program* program, int32_t nodelet, const int64_t* state) {
  if (nodelet < 0 || nodelet >= n_) throw std::invalid_argument("spawn on a nodelet out of range");
  Issue(parent, m_.spawn_instructions);
  ++r_.spawns;
  Cycles at = parent.time;
  if (nodelet != parent.nodelet) {
    bool inter = false;
    Cycles injected = at;
    at = Deliver(parent.nodelet, nodelet, m_.context_bytes, at, &inter, &injected);
    parent.time = std::max(parent.time, injected);
    ++r_.remote_spawns;
  }
  Push(NewThread(program, nodelet, at, state), at, true);
}

void Simulator::Push(int32_t thread, Cycles time, bool arrive) {
  events_.Push(Event{time, seq_++, thread, arrive});
}

void Simulator::Enter(Thread& t, Cycles time) {
  t.time = std::max(t.time, time);
  const int32_t d = t.nodelet;
  r_.peak_threads[d] = std::max(r_.peak_threads[d], ++resident_[d]);
}

void Simulator::Release(int32_t nodelet, Cycles time) {
  --resident_[nodelet];
  if (!waiting_[nodelet].empty()) {
    const int32_t next = waiting_[nodelet].front();
    waiting_[nodelet].pop_front();
    Enter(threads_[next], time);
    Push(next, threads_[next].time, false);
  }
}

Cycles Simulator::RunWorkers(Cycles start, const std::vector<Worker>& workers) {
  ++r_.phases;
  phase_workers_.assign(n_, {});
  for (const Worker& w : workers) {
    if (w.nodelet < 0 || w.nodelet >= n_) throw std::invalid_argument("worker nodelet out of range");
    phase_workers_[w.nodelet].push_back(&w);
  }
  phase_leaders_.clear();
  for (int32_t d = 0; d < n_; ++d)
    if (!phase_workers_[d].empty()) phase_leaders_.push_back(d);
  const int64_t zero[8] = {0, 0, 0, 0, 0, 0, 0, 0};
  Push(NewThread(root_.get(), 0, start, zero), start, true);
  Cycles end = start;
  while (!events_.empty()) {
    const Event e = events_.Pop();
    if (events_.next_hint() >= 0) __builtin_prefetch(threads_.Address(events_.next_hint()));
    current_ = e.thread;
    if (e.time > now_ + 256) {  // forget busy periods that can no longer be reached
      now_ = e.time;
      for (auto* group : {&channel_, &core_, &engine_, &link_out_, &link_in_})
        for (Timeline& tl : *group) tl.Advance(now_);
    }
    Thread& t = threads_[e.thread];
    if (e.arrive) {  // a threadlet reaches a nodelet: it runs at once if there is room
      const int32_t d = t.nodelet;
      if (resident_[d] >= m_.threads_per_nodelet()) {
        ++r_.arrivals_waited[d];
        waiting_[d].push_back(e.thread);
        continue;
      }
      Enter(t, e.time);
    }
    const Step step = t.program->Run(*this, t);
    if (step == Step::kContinue) {
      Push(e.thread, t.time, false);
    } else if (step == Step::kDone) {
      Issue(t, 0);
      end = std::max(end, std::max(t.time, t.pending));
      ++r_.threads_finished;
      Release(t.nodelet, t.time);
      free_threads_.push_back(e.thread);
    }
  }
  // The join: each worker's completion travels to its leader and the leaders' to the root.
  end += 2 * m_.intra_node_latency_cycles + (m_.nodes > 1 ? m_.inter_node_latency_cycles : 0);
  return end;
}

Report Simulator::report(Cycles end) const {
  Report r = r_;
  r.cycles = end;
  r.seconds = end / m_.clock_hz;
  return r;
}

}  // namespace irreg::emu

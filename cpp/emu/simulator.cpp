#include "emu/simulator.hpp"

#include <algorithm>
#include <exception>
#include <limits>
#include <stdexcept>

#include "core/interrupt.hpp"
#include "core/team.hpp"
#include "core/threads.hpp"

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
    : m_(machine),
      n_(machine.nodelets()),
      root_(std::make_unique<Root>()),
      leader_(std::make_unique<Leader>()) {
  m_.Validate();
  n_ = m_.nodelets();
  stripe_mask_ = (n_ & (n_ - 1)) == 0 ? n_ - 1 : -1;
  for (int32_t d = 0; d < n_; ++d) node_of_.push_back(m_.NodeOf(d));
  channel_.resize(n_);
  core_.resize(static_cast<size_t>(n_) * m_.cores_per_nodelet);
  engine_.resize(m_.nodes);
  link_out_.resize(m_.nodes);
  link_in_.resize(m_.nodes);
  resident_.assign(n_, Resident{});
  waiting_.resize(n_);
  parts_.resize(m_.nodes);
  for (Part& p : parts_) {
    p.r.threads_started.assign(n_, 0);
    p.r.peak_threads.assign(n_, 0);
    p.r.arrivals_waited.assign(n_, 0);
    for (int k = 0; k < 2; ++k) {
      p.out[k].resize(m_.nodes);
      p.writes_out[k].resize(m_.nodes);
      p.out_earliest[k] = std::numeric_limits<Cycles>::infinity();
    }
  }
  // The least a packet between nodes takes from the start of its service on the sender's engine
  // to the other node's link: the engine, the smallest packet on the link, the latency. A hair
  // less, for rounding.
  const int32_t smallest =
      std::min({m_.context_bytes, m_.write_packet_bytes, m_.atomic_packet_bytes});
  lookahead_ = (m_.engine_packet_cycles + smallest / m_.link_bytes_per_cycle +
                m_.inter_node_latency_cycles) *
               (1 - 1e-9);
}

Simulator::~Simulator() = default;

void Simulator::set_host_threads(int32_t threads) {
  CheckThreads(threads);
  host_threads_ = threads;
}

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
    case Placement::kStriped:  // a mask when n_ is a power of two, not a 64-bit division
      return static_cast<int32_t>(stripe_mask_ >= 0 ? i & stripe_mask_ : i % n_);
    case Placement::kBlocked:
      return static_cast<int32_t>(i / a.block);
    case Placement::kReplicated:
      return -1;
    case Placement::kOne:
      return a.one;
    case Placement::kCustom:
      return a.owner[i];
  }
  return -1;
}

Cycles Simulator::Channel(int32_t nodelet, Cycles service, Cycles at) {
  return channel_[nodelet].Reserve(at, service);
}

Cycles Simulator::Send(int32_t from, int32_t to, int32_t bytes, Cycles at, Cycles* injected) {
  const int32_t a = NodeOf(from), b = NodeOf(to);
  const Cycles engine = m_.engine_packet_cycles;
  Cycles t = engine_[a].Reserve(at, engine);
  if (injected) *injected = engine_[a].last_start();
  if (a == b) return t + m_.intra_node_latency_cycles;
  const Cycles link = bytes / m_.link_bytes_per_cycle;
  return link_out_[a].Reserve(t, link) + m_.inter_node_latency_cycles;
}

Cycles Simulator::Receive(int32_t to, int32_t bytes, Cycles at) {
  const int32_t b = NodeOf(to);
  const Cycles link = bytes / m_.link_bytes_per_cycle;
  const Cycles t = link_in_[b].Reserve(at, link);
  return engine_[b].Reserve(t, m_.engine_packet_cycles) + m_.intra_node_latency_cycles;
}

bool Simulator::At(Thread& t, int32_t array, int64_t i) {
  const int32_t owner = Owner(array, i);
  return owner < 0 || MoveTo(t, owner);
}

bool Simulator::MoveTo(Thread& t, int32_t nodelet) {
  if (nodelet == t.nodelet) return true;
  Part& p = PartOf(t.nodelet);
  Issue(t, 1);
  Release(t.nodelet, t.time);
  t.time = Send(t.nodelet, nodelet, m_.context_bytes, t.time);
  if (NodeOf(nodelet) == NodeOf(t.nodelet)) {
    ++p.r.migrations_intra;
    t.nodelet = nodelet;
    Push(p, p.current, t.time, true);
  } else {
    ++p.r.migrations_inter;
    t.nodelet = nodelet;
    t.leaving = kThreadPacket + 1;
  }
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
  Report& r = PartOf(t.nodelet).r;
  r.instructions += instructions;
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
  PartOf(t.nodelet).r.local_reads += words;
}

void Simulator::Write(Thread& t, int32_t array, int64_t i, int64_t words) {
  const int32_t owner = Owner(array, i);
  Part& p = PartOf(t.nodelet);
  for (int64_t w = 0; w < words; ++w) {
    Issue(t, 1);
    if (owner < 0 || owner == t.nodelet) {
      t.pending = std::max(t.pending, Channel(t.nodelet, m_.store_cycles, t.time));
      ++p.r.local_writes;
      continue;
    }
    ++p.r.remote_writes;
    Cycles injected = t.time;
    const Cycles arrive = Send(t.nodelet, owner, m_.write_packet_bytes, t.time, &injected);
    t.time = std::max(t.time, injected);
    if (NodeOf(owner) != NodeOf(t.nodelet)) {  // the receiving node serves it
      ++p.r.remote_writes_inter;
      p.writes_out[p.parity][NodeOf(owner)].push_back({arrive, owner});
      p.out_earliest[p.parity] = std::min(p.out_earliest[p.parity], arrive);
      continue;
    }
    // The writer learns of the completion a network latency later (it waits for its writes when
    // it finishes). No source states an acknowledgement packet per write, so none is charged to
    // the engines or links.
    const Cycles done = Channel(owner, m_.remote_write_cycles, arrive);
    t.pending = std::max(t.pending, done + m_.intra_node_latency_cycles);
  }
}

bool Simulator::Atomic(Thread& t, int32_t array, int64_t i) {
  if (t.atomic_done) {  // the reply to this atomic came back
    t.atomic_done = false;
    return true;
  }
  const int32_t home = Owner(array, i);
  const int32_t owner = home < 0 ? t.nodelet : home;    // a replicated word: the local copy
  const Cycles rmw = m_.load_cycles + m_.store_cycles;  // read-modify-write at the memory side
  Part& p = PartOf(t.nodelet);
  Issue(t, 1);
  ++p.r.atomics;
  if (owner == t.nodelet) {
    t.time = Channel(owner, rmw, t.time) + m_.memory_latency_cycles;
    return true;
  }
  ++p.r.remote_atomics;
  const Cycles arrive = Send(t.nodelet, owner, m_.atomic_packet_bytes, t.time);
  if (NodeOf(owner) != NodeOf(t.nodelet)) {  // a round trip through the hand-overs
    t.time = arrive;
    t.atomic_to = owner;
    t.leaving = kAtomicPacket + 1;
    return false;
  }
  const Cycles done = Channel(owner, rmw, arrive) + m_.memory_latency_cycles;
  t.time = Send(owner, t.nodelet, m_.atomic_packet_bytes, done);  // the reply
  return true;
}

int32_t Simulator::NewThread(Part& p, const Thread& t) {
  int32_t id;
  if (!p.free_threads.empty()) {
    id = p.free_threads.back();
    p.free_threads.pop_back();
  } else {
    id = p.threads.Add();
  }
  p.threads[id] = t;
  return id;
}

void Simulator::Spawn(Thread& parent, Program* program, int32_t nodelet, const int64_t* state) {
  if (nodelet < 0 || nodelet >= n_) throw std::invalid_argument("spawn on a nodelet out of range");
  Part& p = PartOf(parent.nodelet);
  Issue(parent, m_.spawn_instructions);
  ++p.r.spawns;
  Thread child;
  child.nodelet = nodelet;
  child.program = program;
  std::copy(state, state + 8, child.s);
  Cycles at = parent.time;
  if (nodelet != parent.nodelet) {
    ++p.r.remote_spawns;
    Cycles injected = at;
    at = Send(parent.nodelet, nodelet, m_.context_bytes, at, &injected);
    parent.time = std::max(parent.time, injected);
    if (NodeOf(nodelet) != NodeOf(parent.nodelet)) {
      child.time = at;
      child.leaving = kThreadPacket + 1;
      child.spawned = true;
      Post(p, child);
      return;
    }
  }
  child.time = child.pending = at;
  Part& q = PartOf(nodelet);
  ++q.r.threads_created;
  ++q.r.threads_started[nodelet];
  Push(q, NewThread(q, child), at, true);
}

void Simulator::Push(Part& p, int32_t thread, Cycles time, bool arrive) {
  p.events.Push(Event{time, p.seq++, thread, arrive});
}

void Simulator::Enter(Thread& t, Cycles time) {
  t.time = std::max(t.time, time);
  const int32_t d = t.nodelet;
  Report& r = PartOf(d).r;
  r.peak_threads[d] = std::max(r.peak_threads[d], ++resident_[d].count);
}

void Simulator::Release(int32_t nodelet, Cycles time) {
  --resident_[nodelet].count;
  if (!waiting_[nodelet].empty()) {
    Part& p = PartOf(nodelet);
    const int32_t next = waiting_[nodelet].front();
    waiting_[nodelet].pop_front();
    Enter(p.threads[next], time);
    Push(p, next, p.threads[next].time, false);
  }
}

int32_t Simulator::Destination(const Thread& packet) const {
  return packet.leaving - 1 == kAtomicPacket ? packet.atomic_to : packet.nodelet;
}

void Simulator::Post(Part& p, const Thread& packet) {
  p.out[p.parity][NodeOf(Destination(packet))].push_back(packet);
  p.out_earliest[p.parity] = std::min(p.out_earliest[p.parity], packet.time);
}

// The threadlet `id` of part p leaves it as a packet (Run returned after setting t.leaving).
void Simulator::Leave(Part& p, int32_t id, Thread& t) {
  Post(p, t);
  p.free_threads.push_back(id);
}

void Simulator::RunWindow(int32_t index, int32_t parity, Cycles until) {
  Part& p = parts_[index];
  p.parity = parity;
  for (auto& box : p.out[parity]) box.clear();  // handed over in the last window
  for (auto& box : p.writes_out[parity]) box.clear();
  p.out_earliest[parity] = std::numeric_limits<Cycles>::infinity();
  if (m_.nodes > 1) HandOver(index);
  const int32_t first = index * m_.nodelets_per_node, last = first + m_.nodelets_per_node;
  // One node runs the whole simulation as one window, on the calling thread: Ctrl-C is polled
  // here (RunWorkers' catch stops the run); with more, RunWorkers polls between windows.
  const bool poll = m_.nodes == 1;
  int64_t events = 0;
  while (!p.events.empty()) {
    if (poll && (++events & 4095) == 0) PollInterrupt();
    const Event e = p.events.Pop();
    if (e.time >= until) {  // the next window's
      p.events.Push(e);
      return;
    }
    if (p.events.next_hint() >= 0) __builtin_prefetch(p.threads.Address(p.events.next_hint()));
    p.current = e.thread;
    if (e.time > p.now + 256) {  // forget busy periods that can no longer be reached
      p.now = e.time;
      for (int32_t d = first; d < last; ++d) {
        channel_[d].Advance(p.now);
        for (int32_t c = 0; c < m_.cores_per_nodelet; ++c)
          core_[static_cast<size_t>(d) * m_.cores_per_nodelet + c].Advance(p.now);
      }
      for (auto* group : {&engine_, &link_out_, &link_in_}) (*group)[index].Advance(p.now);
    }
    Thread& t = p.threads[e.thread];
    if (e.arrive) {  // a threadlet reaches a nodelet: it runs at once if there is room
      const int32_t d = t.nodelet;
      if (resident_[d].count >= m_.threads_per_nodelet()) {
        ++p.r.arrivals_waited[d];
        waiting_[d].push_back(e.thread);
        continue;
      }
      Enter(t, e.time);
    }
    const Step step = t.program->Run(*this, t);
    if (step == Step::kContinue) {
      Push(p, e.thread, t.time, false);
    } else if (step == Step::kDone) {
      Issue(t, 0);
      p.end = std::max(p.end, std::max(t.time, t.pending));
      ++p.r.threads_finished;
      Release(t.nodelet, t.time);
      p.free_threads.push_back(e.thread);
    } else if (t.leaving) {
      Leave(p, e.thread, t);
    } else if (t.next_read) {  // a migration within the node
      __builtin_prefetch(t.next_read);
      t.next_read = nullptr;
    }
  }
}

// The earliest of node p's pending events and of the packets it sent in its last window.
Cycles Simulator::NextWindow(const Part& p) {
  const Cycles sent = p.out_earliest[p.parity];
  return p.events.empty() ? sent : std::min(sent, p.events.Earliest());
}

void Simulator::HandOver(int32_t d) {
  // In the order they reach the node; ties in a fixed order (sender, then sending order).
  Part& p = parts_[d];
  // A box is posted in its sender's event order, nearly the order of arrival (a busy engine
  // serves its packets in turn): each box is sorted by itself, cheaply, and the boxes merged.
  const auto earlier = [](const Arrival& a, const Arrival& b) {
    return a.time != b.time ? a.time < b.time : a.order < b.order;
  };
  std::vector<Arrival>& in = p.in;
  std::vector<size_t>& runs = p.runs;  // where each box's arrivals begin in `in`
  in.clear();
  runs.clear();
  const auto end_run = [&] {
    if (in.size() == runs.back()) return runs.pop_back();
    const auto first = in.begin() + static_cast<std::ptrdiff_t>(runs.back());
    if (!std::is_sorted(first, in.end(), earlier)) std::sort(first, in.end(), earlier);
  };
  for (size_t from = 0; from < parts_.size(); ++from) {
    std::vector<Thread>& box = parts_[from].out[p.parity ^ 1][d];
    runs.push_back(in.size());
    for (size_t i = 0; i < box.size(); ++i)
      in.push_back({box[i].time, static_cast<int64_t>((from << 40) | i), &box[i], nullptr});
    end_run();
    const std::vector<WritePacket>& writes = parts_[from].writes_out[p.parity ^ 1][d];
    runs.push_back(in.size());
    for (size_t i = 0; i < writes.size(); ++i)
      in.push_back({writes[i].time, static_cast<int64_t>((from << 40) | (1ll << 39) | i), nullptr,
                    &writes[i]});
    end_run();
  }
  // Merge neighbouring runs, pass after pass, between `in` and p.merged.
  std::vector<Arrival>& merged = p.merged;
  while (runs.size() > 1) {
    merged.resize(in.size());
    for (size_t r = 0; r < runs.size(); r += 2) {
      const size_t a = runs[r], b = r + 1 < runs.size() ? runs[r + 1] : in.size();
      const size_t c = r + 2 < runs.size() ? runs[r + 2] : in.size();
      std::merge(in.begin() + a, in.begin() + b, in.begin() + b, in.begin() + c, merged.begin() + a,
                 earlier);
      runs[r / 2] = a;  // read already: r / 2 <= r
    }
    runs.resize((runs.size() + 1) / 2);
    in.swap(merged);
  }
  for (const Arrival& arrival : in) {
    if (arrival.time < p.window_end)  // its window bound failed: the node has run past it
      throw std::logic_error("emu simulator bug: a packet between nodes arrives in its window");
    if (arrival.write) {
      const WritePacket& write = *arrival.write;
      const Cycles arrive = Receive(write.to, m_.write_packet_bytes, write.time);
      const Cycles done = Channel(write.to, m_.remote_write_cycles, arrive);
      p.end = std::max(p.end, done + m_.intra_node_latency_cycles + m_.inter_node_latency_cycles);
      continue;
    }
    const Thread& packet = *arrival.packet;
    const int32_t to = Destination(packet);
    const Packet kind = static_cast<Packet>(packet.leaving - 1);
    const Cycles arrive =
        Receive(to, kind == kThreadPacket ? m_.context_bytes : m_.atomic_packet_bytes, packet.time);
    if (kind == kAtomicPacket) {  // served here; the reply goes back at the next hand-over
      Thread reply = packet;
      const Cycles rmw = m_.load_cycles + m_.store_cycles;
      const Cycles done = Channel(to, rmw, arrive) + m_.memory_latency_cycles;
      reply.leaving = kReplyPacket + 1;
      reply.time = Send(to, reply.nodelet, m_.atomic_packet_bytes, done);
      Post(p, reply);  // handed over after this window
      continue;
    }
    const int32_t id = NewThread(p, packet);  // the one copy: into this node's store
    Thread& t = p.threads[id];
    t.leaving = 0;
    if (t.next_read) {
      __builtin_prefetch(t.next_read);
      t.next_read = nullptr;
    }
    if (kind == kThreadPacket) {
      t.time = std::max(t.time, arrive);
      if (t.spawned) {
        t.spawned = false;
        t.pending = t.time;
        ++p.r.threads_created;
        ++p.r.threads_started[to];
      }
      Push(p, id, t.time, true);
    } else {  // kReplyPacket: the asker goes on where it waited, still resident there
      t.time = arrive;
      t.atomic_done = true;
      Push(p, id, t.time, false);
    }
  }
}

Cycles Simulator::RunWorkers(Cycles start, const std::vector<Worker>& workers) {
  ++phases_;
  phase_workers_.assign(n_, {});
  for (const Worker& w : workers) {
    if (w.nodelet < 0 || w.nodelet >= n_)
      throw std::invalid_argument("worker nodelet out of range");
    phase_workers_[w.nodelet].push_back(&w);
  }
  phase_leaders_.clear();
  for (int32_t d = 0; d < n_; ++d)
    if (!phase_workers_[d].empty()) phase_leaders_.push_back(d);
  for (Part& p : parts_) p.end = start;
  Thread root;
  root.time = root.pending = start;
  root.program = root_.get();
  ++parts_[0].r.threads_created;
  ++parts_[0].r.threads_started[0];
  Push(parts_[0], NewThread(parts_[0], root), start, true);

  // Windows until nothing is pending. Each host thread takes the same whole nodes every window,
  // and every one works out the next window itself from what the nodes posted at the end of the
  // last (in slots by parity, so that one thread's next window writes none another still reads):
  // one barrier per window, and the same order of simulation whatever their number. A window
  // starts at the earliest pending event or packet and ends a lookahead after the earliest start
  // any engine can give a packet: every request comes after the last window's end, and engines
  // only fill up, so what an engine offered then bounds all its packets of this window.
  const int32_t nodes = m_.nodes;
  const Team team(std::min(host_threads_, nodes));  // fewer on a busy machine: a barrier a window
  const int32_t threads = team.size();
  std::vector<std::exception_ptr> errors(nodes);
  std::exception_ptr interrupted;
  for (Part& p : parts_) {
    p.parity = parity_;
    p.next_window[parity_] = NextWindow(p);
    p.next_send[0] = p.next_send[1] = -std::numeric_limits<Cycles>::infinity();
    p.window_end = -std::numeric_limits<Cycles>::infinity();
  }
  failed_[0] = failed_[1] = false;
  const int32_t first_parity = parity_;
  int32_t last_parity = parity_;
#pragma omp parallel num_threads(threads) if (threads > 1)
  {
    int32_t parity = first_parity;
    for (;;) {
      Cycles from = std::numeric_limits<Cycles>::infinity();
      Cycles send = std::numeric_limits<Cycles>::infinity();
      for (const Part& p : parts_) {
        from = std::min(from, p.next_window[parity]);
        send = std::min(send, p.next_send[parity]);
      }
      if (failed_[parity] || from == std::numeric_limits<Cycles>::infinity()) break;
      const Cycles until =
          nodes == 1 ? std::numeric_limits<Cycles>::infinity() : std::max(from, send) + lookahead_;
      parity ^= 1;
#pragma omp master
      try {
        PollInterrupt();  // Ctrl-C: every thread stops after this window, as on a node's error
      } catch (...) {
        interrupted = std::current_exception();
        failed_[parity] = true;  // read after the loop's barrier
      }
#pragma omp for schedule(static)
      for (int32_t d = 0; d < nodes; ++d) {
        Part& p = parts_[d];
        try {
          RunWindow(d, parity, until);
          p.window_end = until;
          p.next_window[parity] = NextWindow(p);
          if (nodes > 1) p.next_send[parity] = engine_[d].EarliestStart(until);
        } catch (...) {
          errors[d] = std::current_exception();
#pragma omp atomic write
          failed_[parity] = true;  // read after the barrier
        }
      }
    }
#pragma omp master
    last_parity = parity;
  }
  parity_ = last_parity;  // alternates across phases too: no packet is handed over twice
  if (interrupted) std::rethrow_exception(interrupted);
  for (const auto& error : errors)
    if (error) std::rethrow_exception(error);
  Cycles end = start;
  for (const Part& p : parts_) end = std::max(end, p.end);
  // The join: each worker's completion travels to its leader and the leaders' to the root.
  end += 2 * m_.intra_node_latency_cycles + (m_.nodes > 1 ? m_.inter_node_latency_cycles : 0);
  return end;
}

Report Simulator::report(Cycles end) const {
  Report r = parts_[0].r;
  for (size_t i = 1; i < parts_.size(); ++i) r.Add(parts_[i].r);
  r.phases = phases_;
  // Busy times from the resources themselves (they add up their work).
  r.channel_busy.assign(n_, 0);
  r.core_busy.assign(n_, 0);
  for (int32_t d = 0; d < n_; ++d) {
    r.channel_busy[d] = channel_[d].busy();
    for (int32_t c = 0; c < m_.cores_per_nodelet; ++c)
      r.core_busy[d] += core_[static_cast<size_t>(d) * m_.cores_per_nodelet + c].busy();
  }
  r.engine_busy.assign(m_.nodes, 0);
  r.link_busy.assign(m_.nodes, 0);
  for (int32_t b = 0; b < m_.nodes; ++b) {
    r.engine_busy[b] = engine_[b].busy();
    r.link_busy[b] = link_out_[b].busy() + link_in_[b].busy();
  }
  r.cycles = end;
  r.seconds = end / m_.clock_hz;
  return r;
}

}  // namespace irreg::emu

#include "md/velocity_verlet.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>
#include <string>

#include "core/interrupt.hpp"

namespace irreg::md {

VelocityVerlet::VelocityVerlet(LjSystem* system, const std::vector<double>& positions,
                               const std::vector<double>& velocities, double mass, double dt,
                               double volume)
    : system_(system), mass_(mass), dt_(dt), volume_(volume) {
  const int64_t n = system_->num_atoms();
  if (static_cast<int64_t>(positions.size()) != 3 * n ||
      static_cast<int64_t>(velocities.size()) != 3 * n)
    throw std::invalid_argument("positions and velocities must be n x 3 for the system's atoms");
  if (!(mass > 0) || !(dt > 0)) throw std::invalid_argument("mass and dt must be positive");
  std::vector<double> forces(3 * n);
  system_->Compute(positions.data(), true, forces.data(), &totals_);  // checks the positions
  const std::vector<int32_t>& order = system_->order();
  x_.assign(4 * n, 0.0), v_.assign(4 * n, 0.0);
  for (int64_t p = 0; p < n; ++p)
    for (int d = 0; d < 3; ++d) {
      x_[4 * p + d] = positions[3 * static_cast<int64_t>(order[p]) + d];
      v_[4 * p + d] = velocities[3 * static_cast<int64_t>(order[p]) + d];
    }
  generation_ = system_->atoms_generation();
  loads_ = system_->position_loads();
}

namespace {

// One atom's update (see Move): kKicks half kicks, a drift, its position in the system, and its
// squared move since the last build; `bad` gets a bit where a velocity or a move is not finite.
template <int kKicks, bool kBuilt>
inline double MoveAtom(int64_t p, double* __restrict v, double* __restrict pos,
                       const double* __restrict f, const double* __restrict built, double h,
                       double dt, int* bad) {
  double d2 = 0.0;
  for (int d = 0; d < 4; ++d) {
    const int64_t k = 4 * p + d;
    if (kKicks > 0) {
      v[k] += h * f[k];
      if (kKicks > 1) v[k] += h * f[k];
      pos[k] += dt * v[k];
      *bad |= !(std::abs(v[k]) <= std::numeric_limits<double>::max());
    }
    const double moved = kBuilt ? pos[k] - built[k] : pos[k];
    d2 += moved * moved;
  }
  *bad |= (!(d2 <= std::numeric_limits<double>::max())) << 1;
  return d2;
}

// Every atom; two atoms a turn, so that the two chains of max overlap. Returns the largest d2.
template <int kKicks, bool kBuilt>
double MoveAtoms(int64_t n, double* v, double* pos, const double* f, const double* built, double h,
                 double dt, int* bad) {
  double worst0 = 0.0, worst1 = 0.0;
  int64_t p = 0;
  for (; p + 1 < n; p += 2) {
    worst0 = std::max(worst0, MoveAtom<kKicks, kBuilt>(p, v, pos, f, built, h, dt, bad));
    worst1 = std::max(worst1, MoveAtom<kKicks, kBuilt>(p + 1, v, pos, f, built, h, dt, bad));
  }
  if (p < n) worst0 = std::max(worst0, MoveAtom<kKicks, kBuilt>(p, v, pos, f, built, h, dt, bad));
  return std::max(worst0, worst1);
}

template <int kKicks>
double MoveWith(bool with_built, int64_t n, double* v, double* pos, const double* f,
                const double* built, double h, double dt, int* bad) {
  return with_built ? MoveAtoms<kKicks, true>(n, v, pos, f, built, h, dt, bad)
                    : MoveAtoms<kKicks, false>(n, v, pos, f, built, h, dt, bad);
}

}  // namespace

// The largest squared move of an atom since the last build (infinity before the first), after,
// with kicks > 0, `kicks` half kicks by the system's forces (two: the last step's closing one and
// this step's opening one, in one pass over the atoms, the same additions as two passes) and a
// drift of the system's positions themselves. Non-finite velocities or positions throw.
double VelocityVerlet::Move(int kicks, double half_dt_over_m) {
  const int64_t n = system_->num_atoms();
  double* pos = system_->internal_positions();
  const double* built = system_->built_positions();
  const double* f = system_->internal_forces();
  const bool with_built = built != nullptr;
  int bad = 0;
  double* v = v_.data();
  const double h = half_dt_over_m;
  const double worst = kicks == 0   ? MoveWith<0>(with_built, n, v, pos, f, built, h, dt_, &bad)
                       : kicks == 1 ? MoveWith<1>(with_built, n, v, pos, f, built, h, dt_, &bad)
                                    : MoveWith<2>(with_built, n, v, pos, f, built, h, dt_, &bad);
  if (bad & 1) ThrowForcesNotFinite();
  if (bad & 2)
    throw std::invalid_argument("positions are no longer finite at step " +
                                std::to_string(step_ + 1) + ": the run blew up (dt too large?)");
  return with_built ? worst : std::numeric_limits<double>::infinity();
}

// The driver's positions (x_, unwrapped) into the system's, where someone else's call left
// others; and back after a run.
void VelocityVerlet::Restore() {
  const int64_t n = system_->num_atoms();
  double* pos = system_->internal_positions();
  const double* offset = system_->offsets().data();
  for (int64_t k = 0; k < 4 * n; ++k) pos[k] = x_[k] - offset[k];
}

void VelocityVerlet::Save() {
  const int64_t n = system_->num_atoms();
  const double* pos = system_->internal_positions();
  const double* offset = system_->offsets().data();
  for (int64_t k = 0; k < 4 * n; ++k) x_[k] = pos[k] + offset[k];
}

void VelocityVerlet::ThrowForcesNotFinite() {
  throw std::invalid_argument(
      "the Lennard-Jones forces are not finite: atoms on top of each other (two atoms moved "
      "onto one point since the last neighbour build)");
}

void VelocityVerlet::Forces(bool energy_virial) {
  LjTotals totals;
  Restore();
  system_->ComputeInternal(Move(0, 0.0), energy_virial, &totals);
  if (energy_virial) totals_ = totals;
}

void VelocityVerlet::Run(int64_t steps) {
  if (system_->atoms_generation() != generation_)
    throw std::invalid_argument(
        "the LjSystem was set to other atoms since this driver was made: make a new driver");
  // Someone else's positions are in the system: the driver's own back, and their forces (its
  // half kick needs them).
  if (system_->position_loads() != loads_) Forces(false);
  if (steps == 0) return;
  const double half_dt_over_m = 0.5 * dt_ / mass_;
  // The updates stay serial at any thread count: O(n) work, about 50 us at 32,000 atoms, less
  // than what waking the team twice per step costs on a busy machine. The forces run on the
  // system's threads. A step's closing half kick is done with the next step's opening one.
  for (int64_t s = 0; s < steps; ++s) {
    // Ctrl-C stops between steps, in the state of the last whole step (its closing kick done).
    try {
      PollInterrupt();
    } catch (...) {
      if (s > 0) CloseKick(half_dt_over_m);
      Save();
      throw;
    }
    const bool last = s + 1 == steps;
    LjTotals totals;
    system_->ComputeInternal(Move(s == 0 ? 1 : 2, half_dt_over_m), last, &totals);
    if (last) totals_ = totals;
    ++step_;
  }
  CloseKick(half_dt_over_m);
  Save();
}

// The closing half kick of the last step, by the system's forces.
void VelocityVerlet::CloseKick(double half_dt_over_m) {
  const int64_t n = system_->num_atoms();
  const double* f = system_->internal_forces();
  double sum[4] = {0.0, 0.0, 0.0, 0.0};  // a chain per lane: the loop stays vectorized
  for (int64_t p = 0; p < n; ++p)
    for (int d = 0; d < 4; ++d) sum[d] += (v_[4 * p + d] += half_dt_over_m * f[4 * p + d]);
  if (!std::isfinite(sum[0] + sum[1] + sum[2] + sum[3])) ThrowForcesNotFinite();
}

ThermoRow VelocityVerlet::Thermo() const {
  const int64_t n = system_->num_atoms();
  double v2 = 0.0;
  for (double v : v_) v2 += v * v;
  const double ke = 0.5 * mass_ * v2;
  const double dof = n > 1 ? 3.0 * n - 3.0 : 3.0;
  const double trace = totals_.virial[0] + totals_.virial[1] + totals_.virial[2];
  const double per_atom = n > 0 ? 1.0 / n : 0.0;
  return ThermoRow{step_, 2.0 * ke / dof, totals_.energy * per_atom,
                   (ke + totals_.energy) * per_atom, (2.0 * ke - trace) / (3.0 * volume_)};
}

std::vector<double> VelocityVerlet::positions() const {
  if (system_->atoms_generation() != generation_)
    throw std::invalid_argument("the LjSystem was set to other atoms since this driver was made");
  const std::vector<int32_t>& order = system_->order();
  std::vector<double> out(x_.size() / 4 * 3);
  for (size_t p = 0; p < order.size(); ++p)
    for (int d = 0; d < 3; ++d) out[3 * static_cast<size_t>(order[p]) + d] = x_[4 * p + d];
  return out;
}

}  // namespace irreg::md

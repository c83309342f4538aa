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
  computes_ = system_->stats().computes;
}

// pos = x - offset for every atom (4 lanes, the last 0 throughout), and the largest squared move
// since the last build. With kicks > 0, first `kicks` half kicks by the system's forces (two:
// the last step's closing one and this step's opening one, in one pass over the atoms, the
// same additions as two passes) and a drift.
double VelocityVerlet::Move(int kicks, double half_dt_over_m) {
  const int64_t n = system_->num_atoms();
  double* pos = system_->internal_positions();
  const double* offset = system_->offsets().data();
  const double* built = system_->built_positions();
  const double* f = system_->internal_forces();
  // Branch-free: the largest move by max, and sums of moves and of velocities to see NaN or inf
  // (which max would drop); two chains each, for even and odd atoms.
  double worst[2] = {0.0, 0.0}, moves[2] = {0.0, 0.0}, speeds[2] = {0.0, 0.0};
  for (int64_t p = 0; p < n; ++p) {
    double d2 = 0.0, v = 0.0;
    for (int d = 0; d < 4; ++d) {
      const int64_t k = 4 * p + d;
      if (kicks > 0) {
        v_[k] += half_dt_over_m * f[k];
        if (kicks > 1) v_[k] += half_dt_over_m * f[k];
        x_[k] += dt_ * v_[k];
        v += v_[k];
      }
      pos[k] = x_[k] - offset[k];
      const double moved = pos[k] - (built != nullptr ? built[k] : 0.0);
      d2 += moved * moved;
    }
    worst[p & 1] = std::max(worst[p & 1], d2);
    moves[p & 1] += d2;
    speeds[p & 1] += v;
  }
  if (!std::isfinite(speeds[0] + speeds[1])) ThrowForcesNotFinite();
  if (!std::isfinite(moves[0] + moves[1]))
    throw std::invalid_argument("positions are no longer finite at step " +
                                std::to_string(step_ + 1) + ": the run blew up (dt too large?)");
  return built != nullptr ? std::max(worst[0], worst[1]) : std::numeric_limits<double>::infinity();
}

void VelocityVerlet::ThrowForcesNotFinite() {
  throw std::invalid_argument(
      "the Lennard-Jones forces are not finite: atoms on top of each other (two atoms moved "
      "onto one point since the last neighbour build)");
}

void VelocityVerlet::Forces(bool energy_virial) {
  LjTotals totals;
  system_->ComputeInternal(Move(0, 0.0), energy_virial, &totals);
  if (energy_virial) totals_ = totals;
  computes_ = system_->stats().computes;
}

void VelocityVerlet::Run(int64_t steps) {
  if (system_->atoms_generation() != generation_)
    throw std::invalid_argument(
        "the LjSystem was set to other atoms since this driver was made: make a new driver");
  // Someone else's forces are in the system: the driver's own first (its half kick needs them).
  if (system_->stats().computes != computes_) Forces(false);
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
      throw;
    }
    const bool last = s + 1 == steps;
    LjTotals totals;
    system_->ComputeInternal(Move(s == 0 ? 1 : 2, half_dt_over_m), last, &totals);
    computes_ = system_->stats().computes;
    if (last) totals_ = totals;
    ++step_;
  }
  CloseKick(half_dt_over_m);
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

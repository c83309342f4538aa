// The standalone NVE driver for `irreg md lj` and `irreg bench md` (not for ASE users, whose
// drivers are ase.md's): velocity Verlet as LAMMPS's fix nve, thermo as LAMMPS prints it.
#pragma once

#include <cstdint>
#include <vector>

#include "md/lj_system.hpp"

namespace irreg::md {

struct ThermoRow {
  int64_t step;
  double temperature;  // 2 KE / (3N - 3), as LAMMPS counts degrees of freedom
  double pe_per_atom;
  double etotal_per_atom;
  double pressure;  // (2 KE - trace(virial)) / (3 V): LAMMPS's compute pressure
};

// The atoms are integrated in the system's internal order, in its internal positions, and kicked
// by its internal forces (LjSystem::ComputeInternal): no step gathers positions into the internal
// order or scatters forces back, and the displacement check rides on the drift.
class VelocityVerlet {
 public:
  // positions and velocities: n x 3, caller order; the system must be set to these atoms.
  // Computes the forces of step 0 (with energy and virial, for the first thermo row).
  VelocityVerlet(LjSystem* system, const std::vector<double>& positions,
                 const std::vector<double>& velocities, double mass, double dt, double volume);

  // Advances `steps` steps, forces on the system's threads (LjSystem::threads()); the last one
  // also computes energy and virial for Thermo(). The system must still hold the driver's
  // atoms; forces computed on it by others in between are computed again at the driver's
  // positions first.
  void Run(int64_t steps);
  ThermoRow Thermo() const;

  int64_t step() const { return step_; }
  const LjSystem& system() const { return *system_; }
  std::vector<double> positions() const;  // n x 3, caller order (unwrapped)

 private:
  double Move(int kicks, double half_dt_over_m);
  void Restore();
  void Save();
  void CloseKick(double half_dt_over_m);
  [[noreturn]] static void ThrowForcesNotFinite();
  void Forces(bool energy_virial);

  LjSystem* system_;
  // Internal order, 4 per atom. Between runs x_ holds the positions (unwrapped, the caller's
  // frame); during a run the system's own internal positions are the state.
  std::vector<double> x_, v_;
  double mass_, dt_, volume_;
  int64_t step_ = 0;
  int64_t generation_ = 0;  // the system's atoms_generation() the driver was made for
  int64_t loads_ = 0;       // the system's position_loads() when its positions were the driver's
  LjTotals totals_;         // of the last force evaluation that computed them
};

}  // namespace irreg::md

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

class VelocityVerlet {
 public:
  // positions and velocities: n x 3, caller order; the system must be set to these atoms.
  // Computes the forces of step 0 (with energy and virial, for the first thermo row).
  VelocityVerlet(LjSystem* system, std::vector<double> positions, std::vector<double> velocities,
                 double mass, double dt, double volume);

  // Advances `steps` steps, forces on the system's threads (LjSystem::threads()); the last one
  // also computes energy and virial for Thermo().
  void Run(int64_t steps);
  ThermoRow Thermo() const;

  int64_t step() const { return step_; }
  const LjSystem& system() const { return *system_; }
  const std::vector<double>& positions() const { return x_; }
  const std::vector<double>& velocities() const { return v_; }
  const std::vector<double>& forces() const { return f_; }

 private:
  LjSystem* system_;
  std::vector<double> x_, v_, f_;
  double mass_, dt_, volume_;
  int64_t step_ = 0;
  LjTotals totals_;  // of the last force evaluation that computed them
};

}  // namespace irreg::md

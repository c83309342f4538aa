// Lennard-Jones parameters as the force kernels use them, following ase.calculators.lj:
// u(r) = 4 eps ((sigma/r)^12 - (sigma/r)^6) for r <= rc; either shifted by u(rc) (smooth =
// false, ASE's default; LAMMPS `pair_modify shift yes`) or multiplied by ASE's C^1 cutoff
// function between ro and rc (smooth = true). `shift = false` with smooth = false is LAMMPS's
// plain lj/cut. du = (du/dr) / r, so the force on i from j is du * (x_j - x_i).
#pragma once

namespace irreg::md {

struct LjCoefficients {
  double sigma2;
  double eps4;         // 4 epsilon
  double minus_eps24;  // -24 epsilon
  double rc2, ro2;
  double energy_shift;  // u(rc) when shifted, else 0 (never with smooth)
  bool smooth;

  static LjCoefficients Make(double epsilon, double sigma, double rc, double ro, bool smooth,
                             bool shift) {
    const double sr6 = (sigma / rc) * (sigma / rc) * (sigma / rc) * (sigma / rc) *
                       (sigma / rc) * (sigma / rc);
    return LjCoefficients{sigma * sigma,
                          4.0 * epsilon,
                          -24.0 * epsilon,
                          rc * rc,
                          ro * ro,
                          (shift && !smooth) ? 4.0 * epsilon * (sr6 * sr6 - sr6) : 0.0,
                          smooth};
  }
};

// Totals of one force evaluation: energy and the virial sum over pairs of du * d (x) d in Voigt
// order xx, yy, zz, yz, xz, xy (ASE's stress is this divided by the volume).
struct LjTotals {
  double energy = 0.0;
  double virial[6] = {0, 0, 0, 0, 0, 0};
};

}  // namespace irreg::md

// Lennard-Jones parameters as the force kernels use them, following ase.calculators.lj and
// LAMMPS's lj/cut: u(r) = 4 eps ((sigma/r)^12 - (sigma/r)^6) for r <= rc, per pair of species;
// either shifted by u(rc) (shift = true: ASE's default, asap3's `modified`, LAMMPS `pair_modify
// shift yes`), left as it is (shift = false: LAMMPS's plain lj/cut), or multiplied by ASE's C^1
// cutoff function between ro and rc (smooth = true, never shifted).
//
// Kept in LAMMPS's form, which needs no sigma/r: with s = r^-6,
//   u = s (lj3 s - lj4) - shift,     du = (du/dr) / r = -r^-2 s (lj1 s - lj2),
// so the force on i from j is du * (x_j - x_i).
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

namespace irreg::md {

// One pair of species, 8 doubles: a kernel loads the first four for forces and the last four
// only for energies (two aligned 32-byte rows).
struct alignas(64) LjPairCoefficients {
  double lj1;        // 48 eps sigma^12
  double lj2;        // 24 eps sigma^6
  double rc2;        // cutoff squared
  double inv_span3;  // smooth: 1 / (rc2 - ro2)^3, else 0
  double lj3;        // 4 eps sigma^12
  double lj4;        // 4 eps sigma^6
  double shift;      // u(rc) when shifted, else 0 (never with smooth)
  double unused;

  static LjPairCoefficients Make(double epsilon, double sigma, double rc, double ro, bool smooth,
                                 bool shift) {
    const double s2 = sigma * sigma, s6 = s2 * s2 * s2, s12 = s6 * s6;
    const double rc2 = rc * rc, inv_rc6 = 1.0 / (rc2 * rc2 * rc2);
    const double span = rc2 - ro * ro;
    LjPairCoefficients c{};
    c.lj1 = 48.0 * epsilon * s12, c.lj2 = 24.0 * epsilon * s6, c.rc2 = rc2;
    c.inv_span3 = smooth ? 1.0 / (span * span * span) : 0.0;
    c.lj3 = 4.0 * epsilon * s12, c.lj4 = 4.0 * epsilon * s6;
    c.shift = (shift && !smooth) ? inv_rc6 * (c.lj3 * inv_rc6 - c.lj4) : 0.0;
    return c;
  }
};

struct LjCoefficients {
  int32_t num_types = 1;
  std::vector<LjPairCoefficients> pair;  // num_types x num_types, symmetric
  double ro2 = 0.0;                      // smooth: onset of the cutoff function, squared
  double max_rc = 0.0;                   // the neighbour list's radius is max_rc + skin
  bool smooth = false;

  const LjPairCoefficients& of(int32_t a, int32_t b) const { return pair[a * num_types + b]; }

  // epsilon, sigma, rc: num_types x num_types each, row-major (checked by the caller).
  static LjCoefficients Make(int32_t num_types, const double* epsilon, const double* sigma,
                             const double* rc, double ro, bool smooth, bool shift) {
    LjCoefficients c;
    c.num_types = num_types;
    c.ro2 = ro * ro;
    c.smooth = smooth;
    c.pair.resize(static_cast<std::size_t>(num_types) * num_types);
    for (int32_t k = 0; k < num_types * num_types; ++k) {
      c.pair[k] = LjPairCoefficients::Make(epsilon[k], sigma[k], rc[k], ro, smooth, shift);
      c.max_rc = c.max_rc > rc[k] ? c.max_rc : rc[k];
    }
    return c;
  }
};

// One pair at squared distance r2 <= rc2 (scalar code): returns du; with kEnergy (or kSmooth,
// which needs it) *u gets the pair energy.
template <bool kEnergy, bool kSmooth>
inline double LjPair(const LjPairCoefficients& p, double ro2, double r2, double* u) {
  const double inv_r2 = 1.0 / r2;
  const double s = inv_r2 * inv_r2 * inv_r2;
  double du = -inv_r2 * s * (p.lj1 * s - p.lj2);
  if (kEnergy || kSmooth) *u = s * (p.lj3 * s - p.lj4) - p.shift;
  if (kSmooth && r2 >= ro2) {
    const double a = p.rc2 - r2;
    const double fc = a * a * (p.rc2 + 2.0 * r2 - 3.0 * ro2) * p.inv_span3;
    const double dfc = 6.0 * a * (ro2 - r2) * p.inv_span3;
    du = fc * du + 2.0 * dfc * *u;
    *u *= fc;
  }
  return du;
}

// Totals of one force evaluation: energy and the virial sum over pairs of du * d (x) d in Voigt
// order xx, yy, zz, yz, xz, xy (ASE's stress is this divided by the volume).
struct LjTotals {
  double energy = 0.0;
  double virial[6] = {0, 0, 0, 0, 0, 0};
};

}  // namespace irreg::md

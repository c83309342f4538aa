// Non-Group: the Lennard-Jones force over the plain half list, one pair at a time (the seed's
// original serial code, Table 4 / Fig. 9 "Serial"). Also the only kernel that splits energy and
// virial per atom (ASE's `energies` and `stresses`: half of each pair to each end).
#pragma once

#include "md/lj_coefficients.hpp"
#include "md/neighbor_build.hpp"

namespace irreg::md {

// positions/forces: 4 doubles per atom; forces are added to. types: the species of each atom
// (null: all 0). atom_energy (n) and atom_virial
// (6 per atom) may be null; when given, totals are filled too.
void LjOverPairList(const PairList& pairs, const double* shifts, const LjCoefficients& c,
                    const int32_t* types, const double* positions, bool energy_virial,
                    double* forces, double* atom_energy, double* atom_virial, LjTotals* totals);

}  // namespace irreg::md

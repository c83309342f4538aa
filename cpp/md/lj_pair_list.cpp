#include "md/lj_pair_list.hpp"

namespace irreg::md {
namespace {

template <bool kEnergyVirial, bool kSmooth, bool kPerAtom>
void Sweep(const PairList& pairs, const double* shifts, const LjCoefficients& c,
           const int32_t* types, const double* pos, double* force, double* atom_energy,
           double* atom_virial, LjTotals* totals) {
  const int64_t n = static_cast<int64_t>(pairs.row_begin.size()) - 1;
  const int32_t log2 = pairs.log2_columns_per_image;
  const int32_t atom_mask = (int32_t{1} << log2) - 1;
  double energy = 0.0, v[6] = {0, 0, 0, 0, 0, 0};
  for (int64_t i = 0; i < n; ++i) {
    const double xi = pos[4 * i], yi = pos[4 * i + 1], zi = pos[4 * i + 2];
    const LjPairCoefficients* row = c.pair.data() + (types ? types[i] * c.num_types : 0);
    double fxi = 0.0, fyi = 0.0, fzi = 0.0;
    for (int64_t k = pairs.row_begin[i]; k < pairs.row_begin[i + 1]; ++k) {
      const int32_t col = pairs.cols[k];
      const int64_t j = col & atom_mask;
      const double* sh = shifts + 3 * (col >> log2);
      const double dx = pos[4 * j] + sh[0] - xi;
      const double dy = pos[4 * j + 1] + sh[1] - yi;
      const double dz = pos[4 * j + 2] + sh[2] - zi;
      const double r2 = dx * dx + dy * dy + dz * dz;
      const LjPairCoefficients& p = row[types ? types[j] : 0];
      if (r2 > p.rc2) continue;
      double u = 0.0;
      const double du = LjPair<kEnergyVirial, kSmooth>(p, c.ro2, r2, &u);
      const double fx = du * dx, fy = du * dy, fz = du * dz;
      fxi += fx, fyi += fy, fzi += fz;
      force[4 * j] -= fx, force[4 * j + 1] -= fy, force[4 * j + 2] -= fz;
      if (kEnergyVirial) {
        energy += u;
        const double w[6] = {fx * dx, fy * dy, fz * dz, fy * dz, fx * dz, fx * dy};
        for (int q = 0; q < 6; ++q) v[q] += w[q];
        if (kPerAtom) {
          atom_energy[i] += 0.5 * u, atom_energy[j] += 0.5 * u;
          for (int q = 0; q < 6; ++q) atom_virial[6 * i + q] += 0.5 * w[q];
          for (int q = 0; q < 6; ++q) atom_virial[6 * j + q] += 0.5 * w[q];
        }
      }
    }
    force[4 * i] += fxi, force[4 * i + 1] += fyi, force[4 * i + 2] += fzi;
  }
  if (kEnergyVirial) {
    totals->energy += energy;
    for (int q = 0; q < 6; ++q) totals->virial[q] += v[q];
  }
}

template <bool kSmooth>
void Pick(const PairList& pairs, const double* shifts, const LjCoefficients& c,
          const int32_t* types, const double* pos, bool energy_virial, double* force,
          double* atom_energy, double* atom_virial, LjTotals* totals) {
  if (atom_energy != nullptr || atom_virial != nullptr)
    Sweep<true, kSmooth, true>(pairs, shifts, c, types, pos, force, atom_energy, atom_virial,
                               totals);
  else if (energy_virial)
    Sweep<true, kSmooth, false>(pairs, shifts, c, types, pos, force, nullptr, nullptr, totals);
  else
    Sweep<false, kSmooth, false>(pairs, shifts, c, types, pos, force, nullptr, nullptr, totals);
}

}  // namespace

void LjOverPairList(const PairList& pairs, const double* shifts, const LjCoefficients& c,
                    const int32_t* types, const double* positions, bool energy_virial,
                    double* forces, double* atom_energy, double* atom_virial, LjTotals* totals) {
  const auto pick = c.smooth ? &Pick<true> : &Pick<false>;
  pick(pairs, shifts, c, types, positions, energy_virial, forces, atom_energy, atom_virial, totals);
}

}  // namespace irreg::md

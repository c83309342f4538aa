// The grouped Lennard-Jones force kernel (seed 000 §2.3, §5, §6.3.2), compiled once per ISA.
// Per vector of lanes of a conflict-free group: both ends' positions, the group's periodic
// shift, lanes beyond the pair's cutoff masked, du, then the force added to both ends. With
// several species each lane reads its pair's coefficients by the two atoms' types.
//
// One sweep for every ISA: the wide ISAs keep each lane's difference vector whole, the scalar
// ISA (one lane per vector) three doubles (simd/xyz_rows.hpp says why).
#include "core/types.hpp"
#include "md/md_kernels.hpp"
#include "md/neighbor_kernels.hpp"
#include "simd/vec.hpp"
#include "simd/xyz_rows.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using V = simd::Vec;
using X = simd::XyzRows;
using F = V::F64;
using md::GroupSpan;

// The coefficients one vector of lanes uses (broadcast for one species, per lane for several).
struct PairCoefficients {
  F lj1, lj2, rc2, inv_span3, lj3, lj4, shift;

  static PairCoefficients Broadcast(const md::LjPairCoefficients& p) {
    return {V::Set1F64(p.lj1), V::Set1F64(p.lj2), V::Set1F64(p.rc2),  V::Set1F64(p.inv_span3),
            V::Set1F64(p.lj3), V::Set1F64(p.lj4), V::Set1F64(p.shift)};
  }
};

// Energy and virial sums of one sweep, in vectors until the end.
struct Sums {
  F energy = V::ZeroF64(),
    v[6] = {V::ZeroF64(), V::ZeroF64(), V::ZeroF64(), V::ZeroF64(), V::ZeroF64(), V::ZeroF64()};

  void Add(V::MaskF64 m, F u, F fx, F fy, F fz, F dx, F dy, F dz) {
    energy = V::AddF64(energy, V::SelectF64(m, u, V::ZeroF64()));
    v[0] = V::MulAdd(fx, dx, v[0]);
    v[1] = V::MulAdd(fy, dy, v[1]);
    v[2] = V::MulAdd(fz, dz, v[2]);
    v[3] = V::MulAdd(fy, dz, v[3]);
    v[4] = V::MulAdd(fx, dz, v[4]);
    v[5] = V::MulAdd(fx, dy, v[5]);
  }
  void Into(md::LjTotals* totals) const {
    totals->energy += V::SumF64(energy);
    for (int k = 0; k < 6; ++k) totals->virial[k] += V::SumF64(v[k]);
  }
};

// du (zero outside the mask) and, with kEnergy or kSmooth, the pair energy u, in LAMMPS's form:
// s = r^-6, du = -r^-2 s (lj1 s - lj2), u = s (lj3 s - lj4) - shift, times ASE's cutoff function
// between ro and rc when smooth.
template <bool kEnergy, bool kSmooth>
F PairForce(const PairCoefficients& c, F ro2, V::MaskF64 m, F r2, F* u) {
  const F one = V::Set1F64(1.0), zero = V::ZeroF64();
  const F inv_r2 = V::DivF64(one, V::SelectF64(m, r2, one));
  const F s = V::MulF64(V::MulF64(inv_r2, inv_r2), inv_r2);
  F du = V::MulF64(V::SubF64(zero, V::MulF64(inv_r2, s)), V::SubF64(V::MulF64(c.lj1, s), c.lj2));
  if (kEnergy || kSmooth)
    *u = V::SubF64(V::MulF64(s, V::SubF64(V::MulF64(c.lj3, s), c.lj4)), c.shift);
  if (kSmooth) {
    // (rc2 - r2)^2 (rc2 + 2 r2 - 3 ro2) / (rc2 - ro2)^3 on squared distances
    const F two = V::Set1F64(2.0), three = V::Set1F64(3.0), six = V::Set1F64(6.0);
    const F a = V::SubF64(c.rc2, r2);
    const F b = V::SubF64(V::MulAdd(two, r2, c.rc2), V::MulF64(three, ro2));
    const F fc_tail = V::MulF64(V::MulF64(V::MulF64(a, a), b), c.inv_span3);
    const F dfc_tail = V::MulF64(V::MulF64(six, V::MulF64(a, V::SubF64(ro2, r2))), c.inv_span3);
    const V::MaskF64 inner = V::LtF64(r2, ro2);
    const F fc = V::SelectF64(inner, one, fc_tail);
    const F dfc = V::SelectF64(inner, zero, dfc_tail);
    du = V::MulAdd(fc, du, V::MulF64(V::MulF64(two, dfc), *u));
    *u = V::MulF64(*u, fc);
  }
  return V::SelectF64(m, du, zero);
}

// The coefficients of each lane's pair of species: a row of four per lane, transposed.
void LoadPairCoefficients(const md::LjCoefficients& c, const int32_t* types, const int32_t* row,
                          const int32_t* col, bool energy, PairCoefficients* out) {
  const double* first[V::kLanesF64];
  const double* second[V::kLanesF64];
  for (int k = 0; k < V::kLanesF64; ++k) {
    const md::LjPairCoefficients& p = c.of(types[row[k]], types[col[k]]);
    first[k] = &p.lj1, second[k] = &p.lj3;
  }
  F v[4];
  X::Transpose(first, v);
  out->lj1 = v[0], out->lj2 = v[1], out->rc2 = v[2], out->inv_span3 = v[3];
  if (energy) {
    X::Transpose(second, v);
    out->lj3 = v[0], out->lj4 = v[1], out->shift = v[2];
  }
}

template <bool kEnergyVirial, bool kSmooth, bool kTypes>
void Sweep(const md::LjGroups& p, const md::LjCoefficients& c, const double* pos, double* force,
           md::LjTotals* totals) {
  PairCoefficients coef = PairCoefficients::Broadcast(c.pair[0]);
  const F ro2 = V::Set1F64(c.ro2);
  Sums sums;
  const int32_t atom_mask = (int32_t{1} << p.log2_columns_per_image) - 1;
  alignas(64) int32_t row[V::kLanesF64], col[V::kLanesF64];
  alignas(64) double du_lanes[V::kLanesF64];

  for (int64_t sp = 0; sp < p.num_spans; ++sp) {
    const GroupSpan& span = p.spans[sp];
    const int64_t i0 = span.row_base;
    const double* pos_i = pos + 4 * i0;
    for (int64_t q = 0; q < span.num_groups; ++q) {
      const md::PairGroup& g = span.groups[q];
      const X::Row shift = X::Shift(p.shifts + 3 * (g.col_base >> p.log2_columns_per_image));
      const int64_t j0 = g.col_base & atom_mask;
      const double* pos_j = pos + 4 * j0;
      for (int lane = 0; lane < kLanes; lane += V::kLanesF64) {
        const unsigned bits = (g.active >> lane) & ((1u << V::kLanesF64) - 1);
        if (bits == 0) continue;
        V::MaskF64 m = V::MaskF64FromBits(bits);
        // Inactive lanes hold atoms of the tile too; their du is 0.
        for (int k = 0; k < V::kLanesF64; ++k) row[k] = g.row[lane + k], col[k] = g.col[lane + k];
        X::Row d[V::kLanesF64];
        X::LoadDifferences(pos_i, pos_j, row, col, shift, d);
        F dx, dy, dz;
        X::ToXyz(d, &dx, &dy, &dz);
        const F r2 = V::MulAdd(dx, dx, V::MulAdd(dy, dy, V::MulF64(dz, dz)));
        if (kTypes) {
          int32_t row_atom[V::kLanesF64], col_atom[V::kLanesF64];
          for (int k = 0; k < V::kLanesF64; ++k) {
            row_atom[k] = static_cast<int32_t>(i0) + row[k];
            col_atom[k] = static_cast<int32_t>(j0) + col[k];
          }
          // The smooth cutoff needs u, and so lj3, lj4, even when no energy is asked for.
          LoadPairCoefficients(c, p.types, row_atom, col_atom, kEnergyVirial || kSmooth, &coef);
        }
        m = V::MaskAndF64(m, V::LeF64(r2, coef.rc2));
        if (!V::AnyF64(m)) continue;
        F u;
        const F du = PairForce<kEnergyVirial, kSmooth>(coef, ro2, m, r2, &u);
        V::StoreF64(du_lanes, du);
        X::AddForces(force + 4 * i0, force + 4 * j0, row, col, du_lanes, d);
        if (kEnergyVirial)
          sums.Add(m, u, V::MulF64(du, dx), V::MulF64(du, dy), V::MulF64(du, dz), dx, dy, dz);
      }
    }
  }
  if (kEnergyVirial) sums.Into(totals);
}

template <bool kEnergyVirial, bool kSmooth>
void PickTypes(const md::LjGroups& pairs, const md::LjCoefficients& c, const double* positions,
               double* forces, md::LjTotals* totals) {
  if (pairs.types != nullptr && c.num_types > 1)
    Sweep<kEnergyVirial, kSmooth, true>(pairs, c, positions, forces, totals);
  else
    Sweep<kEnergyVirial, kSmooth, false>(pairs, c, positions, forces, totals);
}

void LjOverGroups(const md::LjGroups& pairs, const md::LjCoefficients& c, const double* positions,
                  bool energy_virial, double* forces, md::LjTotals* totals) {
  if (c.smooth) {
    if (energy_virial)
      PickTypes<true, true>(pairs, c, positions, forces, totals);
    else
      PickTypes<false, true>(pairs, c, positions, forces, totals);
  } else {
    if (energy_virial)
      PickTypes<true, false>(pairs, c, positions, forces, totals);
    else
      PickTypes<false, false>(pairs, c, positions, forces, totals);
  }
}

}  // namespace

md::MdKernels MakeMdKernels() { return md::MdKernels{&LjOverGroups, InteriorRowKernel()}; }

}  // namespace IRREG_ISA_NS
}  // namespace irreg

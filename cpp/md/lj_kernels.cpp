// The grouped Lennard-Jones force kernel (seed 000 §2.3, §5, §6.3.2), compiled once per ISA.
// Per vector of lanes of a conflict-free group: gather both ends' positions, add the group's
// periodic shift, mask lanes beyond the cutoff, compute du, then gather-add-scatter the force on
// the column ends and afterwards on the row ends. No atom repeats within a group's rows or
// within its columns, so no update is lost; an atom that is a row in one lane and a column in
// another is read back after its first update, because the two ends are done one after another.
#include "core/types.hpp"
#include "md/md_kernels.hpp"
#include "md/xyz_loads.hpp"
#include "simd/vec.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

template <bool kEnergyVirial, bool kSmooth>
void Sweep(const md::LjGroups& p, const md::LjCoefficients& c, const double* pos, double* force,
           md::LjTotals* totals) {
  using V = simd::Vec;
  using F = V::F64;
  const F zero = V::ZeroF64(), one = V::Set1F64(1.0), two = V::Set1F64(2.0);
  const F rc2 = V::Set1F64(c.rc2), ro2 = V::Set1F64(c.ro2), sigma2 = V::Set1F64(c.sigma2);
  const F eps4 = V::Set1F64(c.eps4), minus_eps24 = V::Set1F64(c.minus_eps24);
  const F shift = V::Set1F64(c.energy_shift);
  // ASE's cutoff function on squared distances: (rc2 - r2)^2 (rc2 + 2 r2 - 3 ro2) / (rc2 - ro2)^3.
  const double span = c.rc2 - c.ro2;
  const F inv_span3 = V::Set1F64(kSmooth ? 1.0 / (span * span * span) : 0.0);
  const F three = V::Set1F64(3.0), six = V::Set1F64(6.0);
  F energy = zero, vxx = zero, vyy = zero, vzz = zero, vyz = zero, vxz = zero, vxy = zero;
  const int32_t atom_mask = (int32_t{1} << p.log2_columns_per_image) - 1;

  for (int64_t q = 0; q < p.num_groups; ++q) {
    const int64_t g = p.groups ? p.groups[q] : q;
    const int32_t col_base = p.col_base[g];
    const double* sh = p.shifts + 3 * (col_base >> p.log2_columns_per_image);
    const F sx = V::Set1F64(sh[0]), sy = V::Set1F64(sh[1]), sz = V::Set1F64(sh[2]);
    const int64_t i0 = 4 * static_cast<int64_t>(p.row_base[g]);
    const int64_t j0 = 4 * static_cast<int64_t>(col_base & atom_mask);
    for (int lane = 0; lane < kLanes; lane += V::kLanesF64) {
      const int64_t slot = g * kLanes + lane;
      const V::IdxF64 row = V::LoadIdxF64(p.xcoord + slot);
      V::MaskF64 m = V::NonNegativeF64(row);
      if (!V::AnyF64(m)) continue;
      // Holes and padding point at the tile's first atom and carry zero force.
      const V::IdxF64 r = V::ClampIdxF64(row);
      const V::IdxF64 col = V::ClampIdxF64(V::LoadIdxF64(p.ycoord + slot));
      F xi, yi, zi, xj, yj, zj;
      LoadXyz(pos + i0, r, &xi, &yi, &zi);
      LoadXyz(pos + j0, col, &xj, &yj, &zj);
      const F dx = V::SubF64(V::AddF64(xj, sx), xi);
      const F dy = V::SubF64(V::AddF64(yj, sy), yi);
      const F dz = V::SubF64(V::AddF64(zj, sz), zi);
      const F r2 = V::MulAdd(dx, dx, V::MulAdd(dy, dy, V::MulF64(dz, dz)));
      m = V::MaskAndF64(m, V::LeF64(r2, rc2));
      if (!V::AnyF64(m)) continue;
      const F inv_r2 = V::DivF64(one, V::SelectF64(m, r2, one));
      const F s2 = V::MulF64(sigma2, inv_r2);
      const F c6 = V::MulF64(V::MulF64(s2, s2), s2);
      const F c12 = V::MulF64(c6, c6);
      F du = V::MulF64(V::MulF64(minus_eps24, V::SubF64(V::MulF64(two, c12), c6)), inv_r2);
      F u = zero;
      if (kEnergyVirial || kSmooth) u = V::MulF64(eps4, V::SubF64(c12, c6));
      if (kSmooth) {
        const F a = V::SubF64(rc2, r2);
        const F fc_tail = V::MulF64(V::MulF64(V::MulF64(a, a),
                                              V::SubF64(V::MulAdd(two, r2, rc2), V::MulF64(three, ro2))),
                                    inv_span3);
        const F dfc_tail = V::MulF64(V::MulF64(six, V::MulF64(a, V::SubF64(ro2, r2))), inv_span3);
        const V::MaskF64 inner = V::LtF64(r2, ro2);
        const F fc = V::SelectF64(inner, one, fc_tail);
        const F dfc = V::SelectF64(inner, zero, dfc_tail);
        du = V::MulAdd(fc, du, V::MulF64(V::MulF64(two, dfc), u));
        u = V::MulF64(u, fc);
      } else if (kEnergyVirial) {
        u = V::SubF64(u, shift);
      }
      du = V::SelectF64(m, du, zero);
      const F fx = V::MulF64(du, dx), fy = V::MulF64(du, dy), fz = V::MulF64(du, dz);
      AddXyz(force + j0, col, m, V::SubF64(zero, fx), V::SubF64(zero, fy), V::SubF64(zero, fz));
      AddXyz(force + i0, r, m, fx, fy, fz);
      if (kEnergyVirial) {
        energy = V::AddF64(energy, V::SelectF64(m, u, zero));
        vxx = V::MulAdd(fx, dx, vxx);
        vyy = V::MulAdd(fy, dy, vyy);
        vzz = V::MulAdd(fz, dz, vzz);
        vyz = V::MulAdd(fy, dz, vyz);
        vxz = V::MulAdd(fx, dz, vxz);
        vxy = V::MulAdd(fx, dy, vxy);
      }
    }
  }
  if (kEnergyVirial) {
    totals->energy += V::SumF64(energy);
    totals->virial[0] += V::SumF64(vxx);
    totals->virial[1] += V::SumF64(vyy);
    totals->virial[2] += V::SumF64(vzz);
    totals->virial[3] += V::SumF64(vyz);
    totals->virial[4] += V::SumF64(vxz);
    totals->virial[5] += V::SumF64(vxy);
  }
}

void LjOverGroups(const md::LjGroups& pairs, const md::LjCoefficients& c, const double* positions,
                  bool energy_virial, double* forces, md::LjTotals* totals) {
  if (c.smooth) {
    if (energy_virial)
      Sweep<true, true>(pairs, c, positions, forces, totals);
    else
      Sweep<false, true>(pairs, c, positions, forces, totals);
  } else {
    if (energy_virial)
      Sweep<true, false>(pairs, c, positions, forces, totals);
    else
      Sweep<false, false>(pairs, c, positions, forces, totals);
  }
}

}  // namespace

md::MdKernels MakeMdKernels() { return md::MdKernels{&LjOverGroups}; }

}  // namespace IRREG_ISA_NS
}  // namespace irreg

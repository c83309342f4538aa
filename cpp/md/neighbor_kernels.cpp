// The neighbour build's row for an atom away from every face, compiled once per ISA: each
// stencil line's candidates a vector at a time, their squared distances, and the partners kept
// (within the radius, after i) compressed into the row. A line's last vector reads past its end
// into the next line's atoms (or the arrays' slack), masked off; close contacts (below
// min_distance) are rare and checked lane by lane.
#include "md/neighbor_kernels.hpp"

#include "simd/vec.hpp"

namespace irreg {
namespace IRREG_ISA_NS {
namespace {

using V = simd::Vec;
constexpr int kPer = V::kLanes / V::kLanesF64;  // double vectors per int32 vector

int32_t InteriorRow(const md::InteriorRows& in, int32_t i, int32_t bin, int32_t* cols,
                    md::Closest* close) {
  const V::F64 xi = V::Set1F64(in.pos[4 * i]), yi = V::Set1F64(in.pos[4 * i + 1]),
               zi = V::Set1F64(in.pos[4 * i + 2]);
  const V::F64 radius2 = V::Set1F64(in.radius2), min2 = V::Set1F64(in.min2);
  const V::I32 me = V::Set1(i);
  const int32_t* begin = in.bin_begin + bin;
  int32_t kept = 0;
  for (int32_t l = 0; l < in.num_lines; ++l) {
    const int32_t first = begin[in.line_offset[l]];
    const int32_t len = begin[in.line_offset[l] + in.line_span[l]] - first;
    for (int32_t q = 0; q < len; q += V::kLanes) {
      unsigned within = 0, near = 0;
      for (int h = 0; h < kPer; ++h) {
        const int64_t at = static_cast<int64_t>(first) + q + h * V::kLanesF64;
        const V::F64 dx = V::SubF64(V::LoadF64(in.x + at), xi);
        const V::F64 dy = V::SubF64(V::LoadF64(in.y + at), yi);
        const V::F64 dz = V::SubF64(V::LoadF64(in.z + at), zi);
        // (dx dx + dy dy) + dz dz, as the scalar rows: the same pairs on every ISA (no FMA:
        // see CMakeLists.txt)
        const V::F64 d2 =
            V::AddF64(V::AddF64(V::MulF64(dx, dx), V::MulF64(dy, dy)), V::MulF64(dz, dz));
        within |= V::BitsF64(V::LeF64(d2, radius2)) << (h * V::kLanesF64);
        near |= V::BitsF64(V::LtF64(d2, min2)) << (h * V::kLanesF64);
      }
      const int32_t rest = len - q;
      const unsigned live =
          rest >= V::kLanes ? (V::kLanes >= 32 ? ~0u : (1u << V::kLanes) - 1) : (1u << rest) - 1;
      const V::I32 js = V::Load(in.atoms + first + q);
      const V::Mask keep = V::MaskAnd(V::MaskFromBits(within & live), V::Lt(me, js));
      if (near & live & V::Bits(keep)) [[unlikely]] {
        for (int k = 0; k < V::kLanes; ++k) {
          if (!((near & live & V::Bits(keep)) >> k & 1u)) continue;
          const int64_t at = static_cast<int64_t>(first) + q + k;
          const double dx = in.x[at] - in.pos[4 * i], dy = in.y[at] - in.pos[4 * i + 1],
                       dz = in.z[at] - in.pos[4 * i + 2];
          const double r2 = dx * dx + dy * dy + dz * dz;
          const int32_t j = in.atoms[at];
          if (close->j < 0 || r2 < close->r2 || (r2 == close->r2 && j < close->j))
            *close = md::Closest{j, r2};
        }
      }
      kept += V::CompressStore(cols + kept, keep, js);
    }
  }
  return kept;
}

}  // namespace

md::InteriorRowFn InteriorRowKernel() { return &InteriorRow; }

}  // namespace IRREG_ISA_NS
}  // namespace irreg

#include "md/neighbor_build.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <stdexcept>

namespace irreg::md {
namespace {

// Fractional coordinates of every atom, 3 per atom.
std::vector<double> FractionalCoordinates(const double* pos, int64_t n, const Box& box) {
  std::vector<double> s(3 * n);
  for (int64_t i = 0; i < n; ++i)
    for (int a = 0; a < 3; ++a) s[3 * i + a] = box.Fractional(pos + 4 * i, a);
  return s;
}

constexpr size_t kSlackAtoms = 16;

// Bins no narrower than `width` across, so the neighbours of an atom lie in the bins within
// `reach` steps along each axis (a triclinic bin's planes are still width apart). An open axis
// spans the atoms' extent; a periodic one the cell, and a periodic axis narrower than the
// radius has reach > bins, which is how one atom meets several images of another. A sparse
// cloud gets coarser bins rather than more than `max_bins_per_atom` bins per atom, so no pass
// over the bins costs more than a pass over the atoms.
struct Binning {
  int32_t bins[3];
  int32_t reach[3];
  double width[3];                 // Cartesian distance between a bin's two planes
  double lo[3], scale[3];          // bin coordinate = (s - lo) * scale
  std::vector<int32_t> bin_of;     // per atom
  std::vector<int32_t> coords;     // per atom, 3: the bin's (a, b, c)
  std::vector<int32_t> bin_begin;  // per bin + 1, into atoms
  std::vector<int32_t> atoms;      // atoms sorted by bin, ascending within a bin

  Binning(const double* pos, int64_t n, const Box& box, double radius, double min_width,
          int64_t max_bins_per_atom) {
    const std::vector<double> s = FractionalCoordinates(pos, n, box);
    int64_t total = 1;
    double span[3];  // fractional extent binned along each axis
    for (int a = 0; a < 3; ++a) {
      lo[a] = 0.0;
      span[a] = 1.0;
      if (!box.periodic(a) && n > 0) {
        double mn = std::numeric_limits<double>::infinity(), mx = -mn;
        for (int64_t i = 0; i < n; ++i)
          mn = std::min(mn, s[3 * i + a]), mx = std::max(mx, s[3 * i + a]);
        lo[a] = mn;
        span[a] = std::max(mx - mn, 1e-12);
      }
      const double length = span[a] * box.height(a);  // Cartesian extent across the planes
      bins[a] =
          static_cast<int32_t>(std::max(1.0, std::min(1024.0, std::floor(length / min_width))));
      total *= bins[a];
    }
    const int64_t cap = std::max<int64_t>(64, max_bins_per_atom * n);
    while (total > cap) {
      const double shrink = std::cbrt(static_cast<double>(cap) / static_cast<double>(total));
      total = 1;
      for (int a = 0; a < 3; ++a)
        total *= (bins[a] = std::max(1, static_cast<int32_t>(std::floor(bins[a] * shrink))));
    }
    for (int a = 0; a < 3; ++a) {
      scale[a] = bins[a] / span[a];
      width[a] = span[a] * box.height(a) / bins[a];
      double steps = std::ceil(radius / width[a]);
      if (!box.periodic(a)) steps = std::min(steps, bins[a] - 1.0);  // flat axes: 1e12 steps
      reach[a] = static_cast<int32_t>(std::min(steps, 1e6));
    }
    bin_of.resize(n);
    coords.resize(3 * n);
    bin_begin.assign(total + 1, 0);
    for (int64_t i = 0; i < n; ++i) {
      int32_t* b = coords.data() + 3 * i;
      for (int a = 0; a < 3; ++a) {
        const double x = (s[3 * i + a] - lo[a]) * scale[a];
        b[a] = std::min(bins[a] - 1, std::max(0, static_cast<int32_t>(std::floor(x))));
      }
      bin_of[i] = (b[0] * bins[1] + b[1]) * bins[2] + b[2];
      ++bin_begin[bin_of[i] + 1];
    }
    for (int64_t b = 0; b < total; ++b) bin_begin[b + 1] += bin_begin[b];
    atoms.assign(n + kSlackAtoms, -1);  // slack read (masked off) by the per-ISA rows
    std::vector<int32_t> fill(bin_begin.begin(), bin_begin.end() - 1);
    for (int64_t i = 0; i < n; ++i) atoms[fill[bin_of[i]]++] = static_cast<int32_t>(i);
  }

  void Coords(int32_t bin, int32_t* b) const {
    b[2] = bin % bins[2];
    b[1] = (bin / bins[2]) % bins[1];
    b[0] = bin / (bins[2] * bins[1]);
  }
};

int32_t FloorDiv(int32_t x, int32_t m) { return x >= 0 ? x / m : -((-x + m - 1) / m); }

// Whether contact a is to be reported rather than b (b.i < 0: none yet).
bool Closer(const CloseContact& a, const CloseContact& b) {
  if (b.i < 0) return true;
  if (a.distance != b.distance) return a.distance < b.distance;
  return a.i != b.i ? a.i < b.i : a.j < b.j;
}

bool PositiveImage(int a, int b, int c) {
  return a > 0 || (a == 0 && (b > 0 || (b == 0 && c > 0)));
}

struct Emitter {
  const double* pos;
  const Box& box;
  double radius2, min2;
  int32_t log2;
  std::vector<int32_t>* cols;  // the rows being built append here
  CloseContact* close;

  // Keeps (i, j, image) when within the radius (the caller picked the half-list copy).
  void Offer(int32_t i, int32_t j, int a, int b, int c) {
    const int32_t img = box.ImageOf(a, b, c);
    OfferShifted(i, j, img, box.shifts() + 3 * img);
  }
  void OfferShifted(int32_t i, int32_t j, int32_t img, const double* sh) {
    const double dx = pos[4 * j] + sh[0] - pos[4 * i];
    const double dy = pos[4 * j + 1] + sh[1] - pos[4 * i + 1];
    const double dz = pos[4 * j + 2] + sh[2] - pos[4 * i + 2];
    const double r2 = dx * dx + dy * dy + dz * dz;
    if (r2 > radius2) return;
    if (r2 < min2) NoteClose(i, j, r2);
    cols->push_back(j | (img << log2));
  }
  // The closest contact so far (ties: the smallest (i, j)).
  void NoteClose(int32_t i, int32_t j, double r2) {
    const CloseContact c{i, j, std::sqrt(r2)};
    if (Closer(c, *close)) *close = c;
  }
};

// Rows [first, last) of the half list, appended to emit.cols, with ends[i - first] = the number
// of entries in emit.cols after row i. Each row depends only on its own atom, so row ranges can
// be built anywhere and concatenated.
struct RowRange {
  int32_t first, last;
  int64_t* ends;
};

}  // namespace

// The rows of one method, with what they share made once.
struct NeighborRows::Method {
  explicit Method(const Emitter& e) : proto(e) {}
  virtual ~Method() = default;
  virtual void Rows(const RowRange& rows, Emitter& emit) const = 0;
  Emitter proto;  // cols and close set per call
};

namespace {

// LAMMPS's bins: half the radius across, so the stencil below hugs the sphere (a bin of the
// radius would make every atom test 27 bins' worth, 3.3x the sphere's volume).
constexpr double kBinsPerRadius = 2.0;
constexpr int64_t kMaxBinsPerAtom = 4;

// One line of the stencil: the bins (da, db, -dc_max..dc_max) around an atom's bin, contiguous
// in bin order, so one range of the bin-sorted atoms (split only where it wraps).
struct StencilLine {
  int32_t da, db, dc_max;
};

// The lines of bins that can hold a neighbour: the bins' closest points within the radius.
// Orthorhombic cells sum the gaps along the axes; a triclinic cell uses the largest one alone
// (the planes of different axes are not orthogonal), a bound that is looser but never wrong.
std::vector<StencilLine> Stencil(const Binning& bins, const Box& box, double radius) {
  bool orthogonal = true;
  for (int a = 0; a < 3; ++a)
    for (int c = 0; c < 3; ++c)
      if (a != c && box.vector(a)[c] != 0.0) orthogonal = false;
  // Slack for an atom that rounding put into the bin next to its own.
  const double radius2 = radius * radius * (1.0 + 1e-9);
  auto gap = [&](int a, int32_t d) { return std::max(0, std::abs(d) - 1) * bins.width[a]; };
  auto within = [&](int32_t da, int32_t db, int32_t dc) {
    const double g[3] = {gap(0, da), gap(1, db), gap(2, dc)};
    if (orthogonal) return g[0] * g[0] + g[1] * g[1] + g[2] * g[2] <= radius2;
    const double m = std::max({g[0], g[1], g[2]});
    return m * m <= radius2;
  };
  std::vector<StencilLine> lines;
  for (int32_t da = -bins.reach[0]; da <= bins.reach[0]; ++da)
    for (int32_t db = -bins.reach[1]; db <= bins.reach[1]; ++db) {
      if (!within(da, db, 0)) continue;
      int32_t dc = 0;
      while (dc < bins.reach[2] && within(da, db, dc + 1)) ++dc;
      lines.push_back({da, db, dc});
    }
  return lines;
}

// Positions in bin order, one array per axis: a stencil line's candidates are a contiguous run.
// Slack after the last atom of the bin-sorted arrays: the per-ISA row reads whole vectors.
constexpr size_t kSlack = 16;

struct BinnedPositions {
  std::vector<double> x, y, z;

  BinnedPositions(const double* pos, const std::vector<int32_t>& atoms, size_t n)
      : x(n + kSlack), y(n + kSlack), z(n + kSlack) {
    for (size_t k = 0; k < n; ++k) {
      const double* p = pos + 4 * static_cast<int64_t>(atoms[k]);
      x[k] = p[0], y[k] = p[1], z[k] = p[2];
    }
  }
};

// Bin x of a periodic axis with nb bins, and the image of the cell it lies in. Bins within the
// cell are the common case, so the division is only for stencils wider than the cell.
int32_t WrapBin(int32_t x, int32_t nb, int32_t* image) {
  if (x >= 0 && x < nb) return *image = 0, x;
  *image = FloorDiv(x, nb);
  return x - *image * nb;
}

struct BinnedRows final : NeighborRows::Method {
  const Binning bins;
  const std::vector<StencilLine> stencil;
  const BinnedPositions sorted;
  // A bin at least `reach` from every face sees its whole stencil in the cell itself: each line
  // is bins [bin + offset, bin + offset + span), found without wrapping or images.
  std::vector<int32_t> line_offset, line_span;

  bool sparse = false;  // fewer atoms than bins: see Rows
  const MdKernels& kernels;
  InteriorRows interior;    // the per-ISA row's view of the above
  size_t row_capacity = 0;  // candidates of any atom's stencil, at most, plus the slack

  BinnedRows(const Emitter& e, int64_t n, double radius, const MdKernels& k)
      : Method(e),
        bins(e.pos, n, e.box, radius, radius / kBinsPerRadius, kMaxBinsPerAtom),
        stencil(Stencil(bins, e.box, radius)),
        sorted(e.pos, bins.atoms, n),
        kernels(k) {
    sparse = n < static_cast<int64_t>(bins.bin_begin.size()) - 1;
    const int32_t* nb = bins.bins;
    int64_t spans = 0;
    for (const StencilLine& line : stencil) {
      line_offset.push_back((line.da * nb[1] + line.db) * nb[2] - line.dc_max);
      line_span.push_back(2 * line.dc_max + 1);
      spans += line_span.back();
    }
    int32_t fullest = 0;
    for (size_t b = 0; b + 1 < bins.bin_begin.size(); ++b)
      fullest = std::max(fullest, bins.bin_begin[b + 1] - bins.bin_begin[b]);
    row_capacity = static_cast<size_t>(std::min<int64_t>(spans * fullest, n)) + 2 * kSlack;
    interior = InteriorRows{e.pos,
                            sorted.x.data(),
                            sorted.y.data(),
                            sorted.z.data(),
                            bins.atoms.data(),
                            bins.bin_begin.data(),
                            line_offset.data(),
                            line_span.data(),
                            static_cast<int32_t>(stencil.size()),
                            e.radius2,
                            e.min2};
  }

  bool Interior(const int32_t* b) const {
    for (int a = 0; a < 3; ++a)
      if (b[a] < bins.reach[a] || b[a] >= bins.bins[a] - bins.reach[a]) return false;
    return true;
  }

  void Rows(const RowRange& rows, Emitter& emit) const override {
    const double* pos = emit.pos;
    const Box& box = emit.box;
    const int32_t* nb = bins.bins;
    const int64_t num_lines = static_cast<int64_t>(stencil.size());
    std::vector<double> r2;    // a run's squared distances, computed in one vectorized pass
    std::vector<int32_t> row;  // the row's columns: every candidate written, the kept counted
    int64_t kept = 0;
    const double radius2 = emit.radius2, min2 = emit.min2;
    // Partners of atom i among the bin-sorted atoms [first, first + len) in image img.
    auto scan = [&](int32_t i, int32_t first, int32_t len, int32_t img, int32_t from) {
      if (r2.size() < static_cast<size_t>(len)) r2.resize(2 * len);
      if (row.size() < static_cast<size_t>(kept + len)) row.resize(2 * (kept + len));
      const double* sh = box.shifts() + 3 * img;
      const double sx = sh[0], sy = sh[1], sz = sh[2];
      const double xi = pos[4 * i], yi = pos[4 * i + 1], zi = pos[4 * i + 2];
      const double* x = sorted.x.data() + first;
      const double* y = sorted.y.data() + first;
      const double* z = sorted.z.data() + first;
      double* d2 = r2.data();
      for (int32_t q = 0; q < len; ++q) {
        const double dx = x[q] + sx - xi, dy = y[q] + sy - yi, dz = z[q] + sz - zi;
        d2[q] = dx * dx + dy * dy + dz * dz;
      }
      // Branch-free: whether a pair is kept is unpredictable; a close contact is rare.
      const int32_t* js = bins.atoms.data() + first;
      int32_t* cols = row.data();
      const int32_t img_bits = img << emit.log2;
      int64_t k = kept;
      for (int32_t q = 0; q < len; ++q) {
        const bool keep = (d2[q] <= radius2) & (js[q] >= from);
        if (d2[q] < min2) [[unlikely]]
          if (keep) emit.NoteClose(i, js[q], d2[q]);
        cols[k] = js[q] | img_bits;
        k += keep;
      }
      kept = k;
    };
    // Sparse bins (a gas): a line holds an atom or two, or none, so a scan per line costs its
    // set-up and mispredicted branches. The lines' candidates are listed first instead, four
    // indices written per line whatever its length (a longer line writes all of its own), and
    // then scanned in one pass.
    std::vector<int32_t> listed;
    const auto scan_listed = [&](int32_t i, int32_t count) {
      if (r2.size() < static_cast<size_t>(count)) r2.resize(2 * count);
      if (row.size() < static_cast<size_t>(count)) row.resize(2 * count);
      const double xi = pos[4 * i], yi = pos[4 * i + 1], zi = pos[4 * i + 2];
      const int32_t* at = listed.data();
      double* d2 = r2.data();
      for (int32_t c = 0; c < count; ++c) {
        const int32_t q = at[c];
        const double dx = sorted.x[q] - xi, dy = sorted.y[q] - yi, dz = sorted.z[q] - zi;
        d2[c] = dx * dx + dy * dy + dz * dz;
      }
      int32_t* cols = row.data();
      int64_t k = 0;
      for (int32_t c = 0; c < count; ++c) {
        const int32_t j = bins.atoms[at[c]];
        const bool keep = (d2[c] <= radius2) & (j > i);
        if (d2[c] < min2) [[unlikely]]
          if (keep) emit.NoteClose(i, j, d2[c]);
        cols[k] = j;
        k += keep;
      }
      kept = k;
    };
    for (int32_t i = rows.first; i < rows.last; ++i) {
      const int32_t* bi = bins.coords.data() + 3 * static_cast<int64_t>(i);
      kept = 0;
      if (sparse && Interior(bi)) {
        const int32_t* begin = bins.bin_begin.data() + bins.bin_of[i];
        int32_t count = 0;
        for (int64_t l = 0; l < num_lines; ++l) {
          const int32_t first = begin[line_offset[l]];
          const int32_t len = begin[line_offset[l] + line_span[l]] - first;
          if (listed.size() < static_cast<size_t>(count + len + 4))
            listed.resize(2 * (count + len + 4));
          int32_t* to = listed.data() + count;
          to[0] = first, to[1] = first + 1, to[2] = first + 2, to[3] = first + 3;
          for (int32_t k = 4; k < len; ++k) to[k] = first + k;
          count += len;
        }
        scan_listed(i, count);
      } else if (Interior(bi)) {
        if (row.size() < row_capacity) row.resize(row_capacity);
        Closest closest;
        kept = kernels.interior_row(interior, i, bins.bin_of[i], row.data(), &closest);
        if (closest.j >= 0) [[unlikely]]
          emit.NoteClose(i, closest.j, closest.r2);
      } else {
        for (const StencilLine& line : stencil) {
          const int32_t xa = bi[0] + line.da, xb = bi[1] + line.db;
          if (!box.periodic(0) && (xa < 0 || xa >= nb[0])) continue;
          if (!box.periodic(1) && (xb < 0 || xb >= nb[1])) continue;
          int32_t ia, ib;
          const int32_t ba = WrapBin(xa, nb[0], &ia), bb = WrapBin(xb, nb[1], &ib);
          int32_t xc = bi[2] - line.dc_max, xc_last = bi[2] + line.dc_max;
          if (!box.periodic(2)) xc = std::max(xc, 0), xc_last = std::min(xc_last, nb[2] - 1);
          const int32_t line_base = (ba * nb[1] + bb) * nb[2];
          while (xc <= xc_last) {  // one image of the cell per pass
            int32_t ic;
            const int32_t bc = WrapBin(xc, nb[2], &ic);
            const int32_t bc_last = std::min(xc_last - ic * nb[2], nb[2] - 1);
            xc += bc_last - bc + 1;
            const int32_t first = bins.bin_begin[line_base + bc];
            const int32_t len = bins.bin_begin[line_base + bc_last + 1] - first;
            if (len == 0) continue;
            // Half list: partners after i, or i itself in an image after (0, 0, 0).
            const bool own_cell = (ia | ib | ic) == 0;
            scan(i, first, len, own_cell ? 0 : box.ImageOf(ia, ib, ic),
                 own_cell || !PositiveImage(ia, ib, ic) ? i + 1 : i);
          }
        }
      }
      emit.cols->insert(emit.cols->end(), row.begin(), row.begin() + kept);
      rows.ends[i - rows.first] = static_cast<int64_t>(emit.cols->size());
    }
  }
};

// Moldyn's method. When every periodic axis is at least twice the radius, the only image that
// can be in range is the nearest (fractional difference rounded); one fused pass computes it for
// a block of partners. Smaller cells try every image in reach.
struct AllPairsRows final : NeighborRows::Method {
  const int64_t n;
  const double radius;
  const std::vector<double> s;  // fractional coordinates, 3 per atom
  bool nearest_only = true;
  std::vector<double> sx, sy, sz;  // nearest_only: s by axis

  AllPairsRows(const Emitter& e, int64_t atoms, double r)
      : Method(e), n(atoms), radius(r), s(FractionalCoordinates(e.pos, atoms, e.box)) {
    for (int a = 0; a < 3; ++a)
      if (e.box.periodic(a) && 2.0 * radius >= e.box.height(a)) nearest_only = false;
    if (!nearest_only) return;
    sx.resize(n), sy.resize(n), sz.resize(n);
    for (int64_t i = 0; i < n; ++i) sx[i] = s[3 * i], sy[i] = s[3 * i + 1], sz[i] = s[3 * i + 2];
  }

  void Rows(const RowRange& rows, Emitter& emit) const override {
    if (nearest_only)
      Nearest(rows, emit);
    else
      EveryImage(rows, emit);
  }

  void Nearest(const RowRange& rows, Emitter& emit) const {
    const Box& box = emit.box;
    const double* A = box.vector(0);
    const double* B = box.vector(1);
    const double* C = box.vector(2);
    const double pa = box.periodic(0), pb = box.periodic(1), pc = box.periodic(2);
    constexpr int64_t kBlock = 256;
    double r2[kBlock];
    for (int32_t i = rows.first; i < rows.last; ++i) {
      for (int64_t j0 = i + 1; j0 < n; j0 += kBlock) {
        const int64_t len = std::min(kBlock, n - j0);
        for (int64_t q = 0; q < len; ++q) {
          double da = sx[j0 + q] - sx[i], db = sy[j0 + q] - sy[i], dc = sz[j0 + q] - sz[i];
          da -= pa * std::nearbyint(da);
          db -= pb * std::nearbyint(db);
          dc -= pc * std::nearbyint(dc);
          const double dx = da * A[0] + db * B[0] + dc * C[0];
          const double dy = da * A[1] + db * B[1] + dc * C[1];
          const double dz = da * A[2] + db * B[2] + dc * C[2];
          r2[q] = dx * dx + dy * dy + dz * dz;
        }
        for (int64_t q = 0; q < len; ++q) {
          if (r2[q] > emit.radius2) continue;
          const int32_t j = static_cast<int32_t>(j0 + q);
          int img[3];
          for (int a = 0; a < 3; ++a)
            img[a] = box.periodic(a)
                         ? -static_cast<int>(std::nearbyint(s[3 * j + a] - s[3 * i + a]))
                         : 0;
          emit.Offer(i, j, img[0], img[1], img[2]);
        }
      }
      rows.ends[i - rows.first] = static_cast<int64_t>(emit.cols->size());
    }
  }

  void EveryImage(const RowRange& rows, Emitter& emit) const {
    const Box& box = emit.box;
    for (int32_t i = rows.first; i < rows.last; ++i) {
      for (int32_t j = i; j < n; ++j) {
        int lo[3], hi[3];
        for (int a = 0; a < 3; ++a) {
          lo[a] = hi[a] = 0;
          if (!box.periodic(a)) continue;
          const double ds = s[3 * j + a] - s[3 * i + a], r = radius / box.height(a);
          lo[a] = static_cast<int>(std::ceil(-r - ds));
          hi[a] = static_cast<int>(std::floor(r - ds));
        }
        for (int a = lo[0]; a <= hi[0]; ++a)
          for (int b = lo[1]; b <= hi[1]; ++b)
            for (int c = lo[2]; c <= hi[2]; ++c)
              if (j > i || PositiveImage(a, b, c)) emit.Offer(i, j, a, b, c);
      }
      rows.ends[i - rows.first] = static_cast<int64_t>(emit.cols->size());
    }
  }
};

}  // namespace

NeighborRows::NeighborRows(NeighborMethod method, const double* positions, int64_t n,
                           const Box& box, double radius, int32_t log2_columns_per_image,
                           double min_distance, const MdKernels& kernels)
    : n_(n), log2_(log2_columns_per_image) {
  const Emitter proto{
      positions, box,    radius * radius, min_distance * min_distance, log2_columns_per_image,
      nullptr,   nullptr};
  if (method == NeighborMethod::kBinned)
    method_ = std::make_unique<BinnedRows>(proto, n, radius, kernels);
  else
    method_ = std::make_unique<AllPairsRows>(proto, n, radius);
}

NeighborRows::~NeighborRows() = default;

void NeighborRows::Rows(int32_t first, int32_t last, std::vector<int32_t>* cols,
                        int64_t* ends) const {
  CloseContact close;
  Emitter emit = method_->proto;
  emit.cols = cols;
  emit.close = &close;
  method_->Rows(RowRange{first, last, ends}, emit);
  if (close.i >= 0) {  // rare: only atoms closer than min_distance
    std::lock_guard<std::mutex> lock(close_mutex_);
    if (Closer(close, close_)) close_ = close;
  }
}

CloseContact NeighborRows::close() const {
  std::lock_guard<std::mutex> lock(close_mutex_);
  return close_;
}

// On one thread row by row; on more, chunks of rows on their own buffers, concatenated in row
// order after a prefix sum of their sizes, so the list is the serial one exactly.
void BuildPairs(NeighborMethod method, const double* positions, int64_t n, const Box& box,
                double radius, int32_t log2_columns_per_image, double min_distance,
                const MdKernels& kernels, PairList* out, CloseContact* close, int32_t threads) {
  const NeighborRows rows(method, positions, n, box, radius, log2_columns_per_image, min_distance,
                          kernels);
  out->log2_columns_per_image = log2_columns_per_image;
  out->row_begin.assign(n + 1, 0);
  out->cols.clear();
  if (threads <= 1 || n < 2) {
    rows.Rows(0, static_cast<int32_t>(n), &out->cols, out->row_begin.data() + 1);
    *close = rows.close();
    return;
  }
  // Several chunks per thread: rows differ in cost (all-pairs rows shrink, open boundaries).
  const int64_t chunks = std::min<int64_t>(n, 8 * static_cast<int64_t>(threads));
  std::vector<std::vector<int32_t>> part(chunks);
  std::vector<int64_t> base(chunks + 1, 0);
  const auto first = [&](int64_t c) { return static_cast<int32_t>(n * c / chunks); };
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c)
      rows.Rows(first(c), first(c + 1), &part[c], out->row_begin.data() + 1 + first(c));
#pragma omp single
    {
      for (int64_t c = 0; c < chunks; ++c)
        base[c + 1] = base[c] + static_cast<int64_t>(part[c].size());
      out->cols.resize(base[chunks]);
    }
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c) {
      std::copy(part[c].begin(), part[c].end(), out->cols.begin() + base[c]);
      for (int64_t i = first(c); i < first(c + 1); ++i) out->row_begin[i + 1] += base[c];
    }
  }
  *close = rows.close();
}

std::vector<int32_t> SpatialOrder(const double* positions, int64_t n, const Box& box,
                                  double radius) {
  const Binning bins(positions, n, box, radius, radius, 4);
  // Morton key of each bin: interleave the bits of its three coordinates.
  auto spread = [](uint64_t x) {
    uint64_t r = 0;
    for (int bit = 0; bit < 21; ++bit) r |= ((x >> bit) & 1u) << (3 * bit);
    return r;
  };
  const int64_t total = static_cast<int64_t>(bins.bin_begin.size()) - 1;
  std::vector<std::pair<uint64_t, int32_t>> keyed(total);
  for (int32_t b = 0; b < total; ++b) {
    int32_t c[3];
    bins.Coords(b, c);
    keyed[b] = {(spread(c[0]) << 2) | (spread(c[1]) << 1) | spread(c[2]), b};
  }
  std::sort(keyed.begin(), keyed.end());
  std::vector<int32_t> order;
  order.reserve(n);
  for (const auto& kb : keyed)
    for (int32_t k = bins.bin_begin[kb.second]; k < bins.bin_begin[kb.second + 1]; ++k)
      order.push_back(bins.atoms[k]);
  return order;
}

}  // namespace irreg::md

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
    atoms.resize(n);
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
  // The closest contact so far; the first of equally close ones stays.
  void NoteClose(int32_t i, int32_t j, double r2) {
    if (close->i < 0 || r2 < close->distance * close->distance)
      *close = CloseContact{i, j, std::sqrt(r2)};
  }
};

// Rows [first, last) of the half list, appended to emit.cols, with ends[i] = the number of
// entries in emit.cols after row i. Each row depends only on its own atom, so row ranges can be
// built anywhere and concatenated.
struct RowRange {
  int32_t first, last;
  int64_t* ends;
};

// Builds every row with `row(i, emit)` and writes out->row_begin and out->cols: on one thread
// row by row; on more, chunks of rows on their own buffers, concatenated in row order after a
// prefix sum of their sizes, so the list (and the closest contact) are the serial ones exactly.
template <typename RowFn>
void BuildRows(int64_t n, int32_t threads, const Emitter& proto, PairList* out, CloseContact* close,
               RowFn&& row) {
  if (threads <= 1 || n < 2) {
    Emitter emit = proto;
    emit.cols = &out->cols;
    emit.close = close;
    row(RowRange{0, static_cast<int32_t>(n), out->row_begin.data() + 1}, emit);
    return;
  }
  // Several chunks per thread: rows differ in cost (all-pairs rows shrink, open boundaries).
  const int64_t chunks = std::min<int64_t>(n, 8 * static_cast<int64_t>(threads));
  std::vector<std::vector<int32_t>> part(chunks);
  std::vector<CloseContact> closes(chunks);
  std::vector<int64_t> base(chunks + 1, 0);
#pragma omp parallel num_threads(threads)
  {
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c) {
      Emitter emit = proto;
      emit.cols = &part[c];
      emit.close = &closes[c];
      row(RowRange{static_cast<int32_t>(n * c / chunks), static_cast<int32_t>(n * (c + 1) / chunks),
                   out->row_begin.data() + 1},
          emit);
    }
#pragma omp single
    {
      for (int64_t c = 0; c < chunks; ++c)
        base[c + 1] = base[c] + static_cast<int64_t>(part[c].size());
      out->cols.resize(base[chunks]);
    }
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c) {
      std::copy(part[c].begin(), part[c].end(), out->cols.begin() + base[c]);
      for (int64_t i = n * c / chunks; i < n * (c + 1) / chunks; ++i)
        out->row_begin[i + 1] += base[c];
    }
  }
  // The serial scan keeps the first of equally close contacts: so does a merge in row order.
  for (const CloseContact& c : closes)
    if (c.i >= 0 && (close->i < 0 || c.distance < close->distance)) *close = c;
}

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
struct BinnedPositions {
  std::vector<double> x, y, z;

  explicit BinnedPositions(const double* pos, const std::vector<int32_t>& atoms)
      : x(atoms.size()), y(atoms.size()), z(atoms.size()) {
    for (size_t k = 0; k < atoms.size(); ++k) {
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

void BuildBinned(const double* pos, int64_t n, const Box& box, double radius, int32_t threads,
                 const Emitter& proto, PairList* out, CloseContact* close) {
  const Binning bins(pos, n, box, radius, radius / kBinsPerRadius, kMaxBinsPerAtom);
  const std::vector<StencilLine> stencil = Stencil(bins, box, radius);
  const BinnedPositions sorted(pos, bins.atoms);
  const int32_t* nb = bins.bins;
  // A bin at least `reach` from every face sees its whole stencil in the cell itself: each line
  // is bins [bin + offset, bin + offset + span), found without wrapping or images.
  std::vector<int32_t> line_offset, line_span;
  for (const StencilLine& line : stencil) {
    line_offset.push_back((line.da * nb[1] + line.db) * nb[2] - line.dc_max);
    line_span.push_back(2 * line.dc_max + 1);
  }
  const int64_t num_lines = static_cast<int64_t>(stencil.size());
  auto interior = [&](const int32_t* b) {
    for (int a = 0; a < 3; ++a)
      if (b[a] < bins.reach[a] || b[a] >= nb[a] - bins.reach[a]) return false;
    return true;
  };
  BuildRows(n, threads, proto, out, close, [&](const RowRange& rows, Emitter& emit) {
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
    for (int32_t i = rows.first; i < rows.last; ++i) {
      const int32_t* bi = bins.coords.data() + 3 * static_cast<int64_t>(i);
      kept = 0;
      if (interior(bi)) {
        const int32_t* begin = bins.bin_begin.data() + bins.bin_of[i];
        for (int64_t l = 0; l < num_lines; ++l) {
          const int32_t first = begin[line_offset[l]];
          const int32_t len = begin[line_offset[l] + line_span[l]] - first;
          if (len > 0) scan(i, first, len, 0, i + 1);
        }
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
      rows.ends[i] = static_cast<int64_t>(emit.cols->size());
    }
  });
}

// Moldyn's method. When every periodic axis is at least twice the radius, the only image that
// can be in range is the nearest (fractional difference rounded); one fused pass computes it for
// a block of partners. Smaller cells try every image in reach.
void BuildAllPairs(const double* pos, int64_t n, const Box& box, double radius, int32_t threads,
                   const Emitter& proto, PairList* out, CloseContact* close) {
  const std::vector<double> s = FractionalCoordinates(pos, n, box);
  bool nearest_only = true;
  for (int a = 0; a < 3; ++a)
    if (box.periodic(a) && 2.0 * radius >= box.height(a)) nearest_only = false;
  if (nearest_only) {
    std::vector<double> sx(n), sy(n), sz(n);
    for (int64_t i = 0; i < n; ++i) sx[i] = s[3 * i], sy[i] = s[3 * i + 1], sz[i] = s[3 * i + 2];
    const double* A = box.vector(0);
    const double* B = box.vector(1);
    const double* C = box.vector(2);
    const double pa = box.periodic(0), pb = box.periodic(1), pc = box.periodic(2);
    BuildRows(n, threads, proto, out, close, [&](const RowRange& rows, Emitter& emit) {
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
        rows.ends[i] = static_cast<int64_t>(emit.cols->size());
      }
    });
    return;
  }
  BuildRows(n, threads, proto, out, close, [&](const RowRange& rows, Emitter& emit) {
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
      rows.ends[i] = static_cast<int64_t>(emit.cols->size());
    }
  });
}

}  // namespace

void BuildPairs(NeighborMethod method, const double* positions, int64_t n, const Box& box,
                double radius, int32_t log2_columns_per_image, double min_distance, PairList* out,
                CloseContact* close, int32_t threads) {
  out->log2_columns_per_image = log2_columns_per_image;
  out->row_begin.assign(n + 1, 0);
  out->cols.clear();
  *close = CloseContact{};
  const Emitter proto{
      positions, box,    radius * radius, min_distance * min_distance, log2_columns_per_image,
      nullptr,   nullptr};
  if (method == NeighborMethod::kBinned)
    BuildBinned(positions, n, box, radius, threads, proto, out, close);
  else
    BuildAllPairs(positions, n, box, radius, threads, proto, out, close);
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

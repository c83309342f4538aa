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

// Bins no narrower than `radius` across, so the neighbours of an atom lie in the bins within
// `reach` steps along each axis (a triclinic bin's planes are still radius apart). An open axis
// spans the atoms' extent; a periodic one the cell, and a periodic axis narrower than the
// radius has reach > bins, which is how one atom meets several images of another.
struct Binning {
  int32_t bins[3];
  int32_t reach[3];
  double lo[3], scale[3];  // bin coordinate = (s - lo) * scale
  std::vector<int32_t> bin_of;     // per atom
  std::vector<int32_t> bin_begin;  // per bin + 1, into atoms
  std::vector<int32_t> atoms;      // atoms sorted by bin, ascending within a bin

  Binning(const double* pos, int64_t n, const Box& box, double radius) {
    const std::vector<double> s = FractionalCoordinates(pos, n, box);
    int64_t total = 1;
    double span[3];  // fractional extent binned along each axis
    for (int a = 0; a < 3; ++a) {
      lo[a] = 0.0;
      span[a] = 1.0;
      if (!box.periodic(a) && n > 0) {
        double mn = std::numeric_limits<double>::infinity(), mx = -mn;
        for (int64_t i = 0; i < n; ++i) mn = std::min(mn, s[3 * i + a]), mx = std::max(mx, s[3 * i + a]);
        lo[a] = mn;
        span[a] = std::max(mx - mn, 1e-12);
      }
      const double length = span[a] * box.height(a);  // Cartesian extent across the planes
      bins[a] = static_cast<int32_t>(std::max(1.0, std::min(1024.0, std::floor(length / radius))));
      total *= bins[a];
    }
    // Sparse clouds in a large open region: coarser bins rather than more bins than atoms.
    const int64_t cap = std::max<int64_t>(64, 4 * n);
    while (total > cap) {
      total = 1;
      for (int a = 0; a < 3; ++a) total *= (bins[a] = std::max(1, (bins[a] + 1) / 2));
    }
    for (int a = 0; a < 3; ++a) {
      scale[a] = bins[a] / span[a];
      const double bin_width = span[a] * box.height(a) / bins[a];
      double steps = std::ceil(radius / bin_width);
      if (!box.periodic(a)) steps = std::min(steps, bins[a] - 1.0);  // flat axes: 1e12 steps
      reach[a] = static_cast<int32_t>(std::min(steps, 1e6));
    }
    bin_of.resize(n);
    bin_begin.assign(total + 1, 0);
    for (int64_t i = 0; i < n; ++i) {
      int32_t b[3];
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

bool PositiveImage(int a, int b, int c) { return a > 0 || (a == 0 && (b > 0 || (b == 0 && c > 0))); }

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
    if (r2 < min2 && (close->i < 0 || r2 < close->distance * close->distance))
      *close = CloseContact{i, j, std::sqrt(r2)};
    cols->push_back(j | (img << log2));
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
void BuildRows(int64_t n, int32_t threads, const Emitter& proto, PairList* out,
               CloseContact* close, RowFn&& row) {
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
      for (int64_t c = 0; c < chunks; ++c) base[c + 1] = base[c] + static_cast<int64_t>(part[c].size());
      out->cols.resize(base[chunks]);
    }
#pragma omp for schedule(dynamic, 1)
    for (int64_t c = 0; c < chunks; ++c) {
      std::copy(part[c].begin(), part[c].end(), out->cols.begin() + base[c]);
      for (int64_t i = n * c / chunks; i < n * (c + 1) / chunks; ++i) out->row_begin[i + 1] += base[c];
    }
  }
  // The serial scan keeps the first of equally close contacts: so does a merge in row order.
  for (const CloseContact& c : closes)
    if (c.i >= 0 && (close->i < 0 || c.distance < close->distance)) *close = c;
}

void BuildBinned(const double* pos, int64_t n, const Box& box, double radius, int32_t threads,
                 const Emitter& proto, PairList* out, CloseContact* close) {
  const Binning bins(pos, n, box, radius);
  const int32_t* nb = bins.bins;
  BuildRows(n, threads, proto, out, close, [&](const RowRange& rows, Emitter& emit) {
    for (int32_t i = rows.first; i < rows.last; ++i) {
      int32_t bi[3];
      bins.Coords(bins.bin_of[i], bi);
      for (int32_t da = -bins.reach[0]; da <= bins.reach[0]; ++da) {
        const int32_t xa = bi[0] + da;
        if (!box.periodic(0) && (xa < 0 || xa >= nb[0])) continue;
        const int32_t ia = FloorDiv(xa, nb[0]), ba = xa - ia * nb[0];
        for (int32_t db = -bins.reach[1]; db <= bins.reach[1]; ++db) {
          const int32_t xb = bi[1] + db;
          if (!box.periodic(1) && (xb < 0 || xb >= nb[1])) continue;
          const int32_t ib = FloorDiv(xb, nb[1]), bb = xb - ib * nb[1];
          for (int32_t dc = -bins.reach[2]; dc <= bins.reach[2]; ++dc) {
            const int32_t xc = bi[2] + dc;
            if (!box.periodic(2) && (xc < 0 || xc >= nb[2])) continue;
            const int32_t ic = FloorDiv(xc, nb[2]), bc = xc - ic * nb[2];
            const int32_t bin = (ba * nb[1] + bb) * nb[2] + bc;
            const bool self_ok = PositiveImage(ia, ib, ic);
            const int32_t img = box.ImageOf(ia, ib, ic);
            const double* sh = box.shifts() + 3 * img;
            // Atoms within a bin are ascending: skip to the first partner after i.
            const int32_t* first = bins.atoms.data() + bins.bin_begin[bin];
            const int32_t* last = bins.atoms.data() + bins.bin_begin[bin + 1];
            first = std::lower_bound(first, last, self_ok ? i : i + 1);
            for (; first != last; ++first) emit.OfferShifted(i, *first, img, sh);
          }
        }
      }
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
              img[a] = box.periodic(a) ? -static_cast<int>(std::nearbyint(s[3 * j + a] - s[3 * i + a])) : 0;
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
                double radius, int32_t log2_columns_per_image, double min_distance,
                PairList* out, CloseContact* close, int32_t threads) {
  out->log2_columns_per_image = log2_columns_per_image;
  out->row_begin.assign(n + 1, 0);
  out->cols.clear();
  *close = CloseContact{};
  const Emitter proto{positions, box, radius * radius, min_distance * min_distance,
                      log2_columns_per_image, nullptr, nullptr};
  if (method == NeighborMethod::kBinned)
    BuildBinned(positions, n, box, radius, threads, proto, out, close);
  else
    BuildAllPairs(positions, n, box, radius, threads, proto, out, close);
}

std::vector<int32_t> SpatialOrder(const double* positions, int64_t n, const Box& box,
                                  double radius) {
  const Binning bins(positions, n, box, radius);
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

#include "md/box.hpp"

#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string>

namespace irreg::md {
namespace {

void Cross(const double* u, const double* v, double* out) {
  out[0] = u[1] * v[2] - u[2] * v[1];
  out[1] = u[2] * v[0] - u[0] * v[2];
  out[2] = u[0] * v[1] - u[1] * v[0];
}
double Dot(const double* u, const double* v) { return u[0] * v[0] + u[1] * v[1] + u[2] * v[2]; }
double Norm(const double* u) { return std::sqrt(Dot(u, u)); }

// A unit vector orthogonal to the given ones (0, 1 or 2 of them, assumed independent).
void Complete(const double (*given)[3], int n_given, double* out) {
  if (n_given == 2) {
    Cross(given[0], given[1], out);
  } else {
    // The Cartesian axis least aligned with the given vector (any axis with none).
    int best = 0;
    double least = 2.0;
    for (int e = 0; e < 3; ++e) {
      const double align = n_given == 0 ? 0.0 : std::fabs(given[0][e]) / Norm(given[0]);
      if (align < least) least = align, best = e;
    }
    out[0] = out[1] = out[2] = 0.0;
    out[best] = 1.0;
    if (n_given == 1) {  // Gram-Schmidt against the given vector
      const double proj = Dot(out, given[0]) / Dot(given[0], given[0]);
      for (int d = 0; d < 3; ++d) out[d] -= proj * given[0][d];
    }
  }
  const double len = Norm(out);
  for (int d = 0; d < 3; ++d) out[d] /= len;
}

const char* kAxisName[3] = {"a", "b", "c"};

}  // namespace

Box::Box(const double* cell, const bool* pbc, double radius) {
  // Accept the cell vectors that are independent of those accepted before; fill open gaps.
  double accepted[3][3];
  int n_accepted = 0;
  bool missing[3] = {false, false, false};
  for (int a = 0; a < 3; ++a) {
    periodic_[a] = pbc[a];
    const double* v = cell + 3 * a;
    const double len = Norm(v);
    if (!std::isfinite(len))  // else a NaN fails "len > 0" below and reads as a zero vector
      throw std::invalid_argument(std::string("cell vector ") + kAxisName[a] +
                                  (std::isnan(len) ? " has a NaN component" : " is infinite") +
                                  "; give a finite cell");
    bool independent = len > 0.0;
    if (independent && n_accepted == 1) {
      double c[3];
      Cross(accepted[0], v, c);
      independent = Norm(c) > 1e-10 * len * Norm(accepted[0]);
    } else if (independent && n_accepted == 2) {
      double c[3];
      Cross(accepted[0], accepted[1], c);
      independent = std::fabs(Dot(c, v)) > 1e-10 * Norm(c) * len;
    }
    if (!independent) {
      if (pbc[a])
        throw std::invalid_argument(
            std::string("the cell has zero volume: periodic cell vector ") + kAxisName[a] +
            (len > 0.0 ? " lies in the plane of the others" : " is zero") +
            "; give the periodic directions a cell vector of non-zero length each");
      missing[a] = true;
      continue;
    }
    for (int d = 0; d < 3; ++d) basis_[a][d] = accepted[n_accepted][d] = v[d];
    ++n_accepted;
  }
  for (int a = 0; a < 3; ++a) {
    if (!missing[a]) continue;
    Complete(accepted, n_accepted, basis_[a]);
    for (int d = 0; d < 3; ++d) accepted[n_accepted][d] = basis_[a][d];
    ++n_accepted;
  }

  // inverse_ maps Cartesian to fractional: s = x * inverse_ (rows of basis_ are vectors).
  double bxc[3], cxa[3], axb[3];
  Cross(basis_[1], basis_[2], bxc);
  Cross(basis_[2], basis_[0], cxa);
  Cross(basis_[0], basis_[1], axb);
  const double volume = Dot(basis_[0], bxc);
  const double* normals[3] = {bxc, cxa, axb};
  for (int a = 0; a < 3; ++a) {
    for (int d = 0; d < 3; ++d) inverse_[d][a] = normals[a][d] / volume;
    height_[a] = std::fabs(volume) / Norm(normals[a]);
  }

  // Atoms are wrapped into the cell at the neighbour build (fractional coordinates in [0, 1],
  // give or take rounding), so a neighbour's image has |a| <= radius / height_a + 1.
  for (int a = 0; a < 3; ++a) {
    const double reach = std::floor(radius / height_[a] + 1.0 + 1e-9);
    if (periodic_[a] && !(reach < 4096.0))
      throw std::invalid_argument(std::string("the cell is too thin along ") + kAxisName[a] +
                                  " for the cutoff: " + std::to_string(height_[a]) +
                                  " between periodic planes for a neighbour radius of " +
                                  std::to_string(radius));
    range_[a] = periodic_[a] ? static_cast<int32_t>(reach) : 0;
  }
  const int64_t images = int64_t{2 * range_[0] + 1} * (2 * range_[1] + 1) * (2 * range_[2] + 1);
  if (images > (int64_t{1} << 20))
    throw std::invalid_argument("the cell is too small for the cutoff: " + std::to_string(images) +
                                " periodic images within reach");
  image_code_.assign(images, -1);
  shifts_.assign(3, 0.0);  // image 0: no shift
  int64_t code = 0;
  for (int a = -range_[0]; a <= range_[0]; ++a)
    for (int b = -range_[1]; b <= range_[1]; ++b)
      for (int c = -range_[2]; c <= range_[2]; ++c, ++code) {
        if (a == 0 && b == 0 && c == 0) {
          image_code_[code] = 0;
          continue;
        }
        image_code_[code] = static_cast<int32_t>(shifts_.size() / 3);
        for (int d = 0; d < 3; ++d)
          shifts_.push_back(a * basis_[0][d] + b * basis_[1][d] + c * basis_[2][d]);
      }
}

int32_t Box::ImageOf(int a, int b, int c) const {
  if (std::abs(a) > range_[0] || std::abs(b) > range_[1] || std::abs(c) > range_[2])
    throw std::logic_error("periodic image outside the image table: atoms not wrapped?");
  const int64_t code =
      ((int64_t{a} + range_[0]) * (2 * range_[1] + 1) + (b + range_[1])) * (2 * range_[2] + 1) +
      (c + range_[2]);
  return image_code_[code];
}

}  // namespace irreg::md

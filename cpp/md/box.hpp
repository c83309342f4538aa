// The simulation cell as the neighbour build and the force kernel see it (DESIGN §7): three
// basis vectors (ASE's cell rows), each axis periodic or open, and the table of periodic images
// a pair may reach within the neighbour radius.
//
// A pair is stored as (i, j, image k): the distance vector is x_j + shift[k] - x_i, exact for
// orthorhombic and triclinic cells and for boxes smaller than the cutoff (several images of one
// atom), where a minimum-image convention would be wrong.
#pragma once

#include <cstdint>
#include <vector>

namespace irreg::md {

class Box {
 public:
  // cell: 3x3 row-major (rows are the cell vectors, as in ASE); pbc per axis. radius is the
  // neighbour radius (cutoff + skin). Open axes with a zero or dependent vector get a made-up
  // unit vector, so an atom cloud with no cell works; a periodic axis that is zero or dependent
  // is a zero-volume cell and throws std::invalid_argument.
  Box(const double* cell, const bool* pbc, double radius);

  bool periodic(int axis) const { return periodic_[axis]; }
  // Distance between the two lattice planes spanned by the other two basis vectors.
  double height(int axis) const { return height_[axis]; }
  // Fractional coordinate of x along axis.
  double Fractional(const double* x, int axis) const {
    return x[0] * inverse_[0][axis] + x[1] * inverse_[1][axis] + x[2] * inverse_[2][axis];
  }
  const double* vector(int axis) const { return basis_[axis]; }

  // Images: every integer combination (a, b, c) with |a| <= image_range(0), ... ; open axes have
  // range 0. Image 0 is always (0, 0, 0).
  int32_t image_range(int axis) const { return range_[axis]; }
  int32_t num_images() const { return static_cast<int32_t>(shifts_.size() / 3); }
  int32_t ImageOf(int a, int b, int c) const;
  const double* shifts() const { return shifts_.data(); }  // 3 per image, Cartesian

 private:
  double basis_[3][3];
  double inverse_[3][3];
  double height_[3];
  bool periodic_[3];
  int32_t range_[3];
  std::vector<int32_t> image_code_;  // (a, b, c) in range order -> image number
  std::vector<double> shifts_;
};

}  // namespace irreg::md

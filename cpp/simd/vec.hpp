// Selects the vector type of the ISA this translation unit is compiled for. Only simd/ holds a
// per-ISA #if or an intrinsic (the typed operations kernels need besides Vec's are here too:
// xyz_rows.hpp, byte_distances.hpp); kernel bodies are templates over `Vec`.
#pragma once

#if defined(IRREG_TARGET_AVX512)
#include "simd/vec_avx512.hpp"
namespace irreg::IRREG_ISA_NS::simd {
using Vec = Avx512;
}
#elif defined(IRREG_TARGET_AVX2)
#include "simd/vec_avx2.hpp"
namespace irreg::IRREG_ISA_NS::simd {
using Vec = Avx2;
}
#elif defined(IRREG_TARGET_SCALAR)
#include "simd/vec_scalar.hpp"
namespace irreg::IRREG_ISA_NS::simd {
using Vec = Scalar;
}
#else
#error "compile kernels with one of IRREG_TARGET_SCALAR/AVX2/AVX512 (see CMakeLists.txt)"
#endif

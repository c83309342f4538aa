// What the running CPU and operating system can execute, read once with cpuid and xgetbv.
#pragma once

namespace irreg {

struct CpuFeatures {
  bool avx2 = false;    // AVX2 + FMA, with YMM state enabled by the OS
  bool avx512 = false;  // F + CD + BW + VL + DQ, with ZMM/opmask state enabled by the OS
};

// Cached after the first call.
const CpuFeatures& DetectCpuFeatures();

}  // namespace irreg

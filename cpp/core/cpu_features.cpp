#include "core/cpu_features.hpp"

#include <cstdlib>
#include <cstring>
#include <sstream>
#include <stdexcept>
#include <string>

#if defined(__x86_64__) || defined(_M_X64)
#include <cpuid.h>

#include <cstdint>
#endif

namespace irreg {
namespace {

#if defined(__x86_64__) || defined(_M_X64)
uint64_t ReadXcr0() {
  uint32_t eax = 0, edx = 0;
  __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
  return (static_cast<uint64_t>(edx) << 32) | eax;
}

CpuFeatures Detect() {
  CpuFeatures f;
  unsigned eax, ebx, ecx, edx;
  if (!__get_cpuid(1, &eax, &ebx, &ecx, &edx)) return f;
  const bool osxsave = ecx & (1u << 27);
  const bool fma = ecx & (1u << 12);
  const bool avx = ecx & (1u << 28);
  if (!osxsave || !avx) return f;
  const uint64_t xcr0 = ReadXcr0();
  // The instructions exist only if the OS saves their registers on context switch.
  const bool ymm_state = (xcr0 & 0x6) == 0x6;
  const bool zmm_state = (xcr0 & 0xE6) == 0xE6;
  if (__get_cpuid_max(0, nullptr) < 7) return f;
  __cpuid_count(7, 0, eax, ebx, ecx, edx);
  const bool avx2 = ebx & (1u << 5);
  const bool avx512f = ebx & (1u << 16), avx512dq = ebx & (1u << 17);
  const bool avx512cd = ebx & (1u << 28), avx512bw = ebx & (1u << 30);
  const bool avx512vl = ebx & (1u << 31);
  f.avx2 = ymm_state && avx2 && fma;
  f.avx512 = f.avx2 && zmm_state && avx512f && avx512dq && avx512cd && avx512bw && avx512vl;
  return f;
}
#else
CpuFeatures Detect() { return CpuFeatures{}; }
#endif

// IRREG_DISABLE_CPU_FEATURES=avx512[,avx2] hides features the CPU has, so tests can check the
// fallbacks and the errors on any machine (like numpy's NPY_DISABLE_CPU_FEATURES).
// An unknown name is an error, not ignored: a typo would leave the fallback it meant to test
// untested.
CpuFeatures WithoutDisabled(CpuFeatures f) {
  const char* disabled = std::getenv("IRREG_DISABLE_CPU_FEATURES");
  if (disabled == nullptr) return f;
  std::string names(disabled);
  for (char& c : names)
    if (c == ',') c = ' ';
  std::istringstream words(names);
  for (std::string name; words >> name;) {
    if (name == "avx512") {
      f.avx512 = false;
    } else if (name == "avx2") {
      f.avx2 = f.avx512 = false;
    } else {
      throw std::invalid_argument("IRREG_DISABLE_CPU_FEATURES: unknown feature '" + name +
                                  "'; the features are avx512 and avx2, separated by commas");
    }
  }
  return f;
}

}  // namespace

const CpuFeatures& DetectCpuFeatures() {
  static const CpuFeatures features = WithoutDisabled(Detect());
  return features;
}

}  // namespace irreg

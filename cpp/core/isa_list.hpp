// The ONE list of ISAs (DESIGN §3). The per-ISA namespace declarations, the dispatch table and
// the names in its error messages all expand it; only CMakeLists.txt (compiler flags) names the
// ISAs again.
#pragma once

// IRREG_ISAS(X, ...) calls X(ns, name, built, runnable, if_not_built, ...) once per ISA, the
// extra arguments passed on (core/isa_tables.hpp uses them to name a component's table):
//   ns            the namespace irreg::<ns> its kernels are compiled in (CMake's IRREG_ISA_NS)
//   name          the name IRREG_ISA, isa= and the *_isas() lists use
//   built         the macro CMake defines when the ISA is compiled in; 1 when it always is
//   runnable      an expression: can this CPU run it (core/cpu_features.hpp)
//   if_not_built  what to do about it, appended to the "not compiled" error
// Rows are in order of preference, best first. The emulated AVX-512 comes after scalar, which
// always runs, so it is only ever used when asked for; SIMDe builds it with AVX2 + FMA.
#define IRREG_ISAS(X, ...)                                                                     \
  X(avx512, "avx512", IRREG_HAVE_AVX512, ::irreg::DetectCpuFeatures().avx512, "", __VA_ARGS__) \
  X(avx2, "avx2", IRREG_HAVE_AVX2, ::irreg::DetectCpuFeatures().avx2, "", __VA_ARGS__)         \
  X(scalar, "scalar", 1, true, "", __VA_ARGS__)                                                \
  X(avx512_emu, "avx512-emu", IRREG_HAVE_AVX512_EMU, ::irreg::DetectCpuFeatures().avx2,        \
    " (install SIMDe, e.g. apt-get install libsimde-dev, and reinstall irreg)", __VA_ARGS__)

// How many rows IRREG_ISAS has: the size of every per-ISA table.
#define IRREG_COUNT_ISA(...) +1
inline constexpr int kNumIsas = 0 IRREG_ISAS(IRREG_COUNT_ISA);
#undef IRREG_COUNT_ISA

// IRREG_IS_BUILT(macro) is true when `macro` is defined as 1 (what a bare CMake compile
// definition gives), else false. Unlike #ifdef it works inside an X-macro expansion: a defined
// macro pastes into IRREG_BUILT_PLACEHOLDER_1, whose comma shifts `true` into the picked
// position (the Linux kernel's IS_ENABLED).
#define IRREG_IS_BUILT(macro) IRREG_IS_BUILT_PASTE(macro)
#define IRREG_IS_BUILT_PASTE(value) IRREG_IS_BUILT_PICK(IRREG_BUILT_PLACEHOLDER_##value)
#define IRREG_IS_BUILT_PICK(placeholder_or_junk) \
  IRREG_IS_BUILT_SECOND(placeholder_or_junk true, false, ~)
#define IRREG_IS_BUILT_SECOND(ignored, value, ...) value
#define IRREG_BUILT_PLACEHOLDER_1 0,

#include "core/dispatch.hpp"

#include <cstdlib>
#include <stdexcept>

#include "core/cpu_features.hpp"
#include "graph/graph_kernels.hpp"
#include "align/similarity_kernels.hpp"
#include "md/md_kernels.hpp"

namespace irreg {
namespace {

struct IsaEntry {
  const char* name;
  const KernelTable& (*table)();
  const graph::GraphKernelTable& (*graph_table)();
  const md::MdKernelTable& (*md_table)();
  const align::AlignKernelTable& (*align_table)();
  bool (*runnable)();
};

bool Always() { return true; }
bool HasAvx2() { return DetectCpuFeatures().avx2; }
bool HasAvx512() { return DetectCpuFeatures().avx512; }

// The single list of ISAs, best first. The emulated AVX-512 build is compiled with AVX2 flags.
const IsaEntry kIsas[] = {
#ifdef IRREG_HAVE_AVX512
    {"avx512", &avx512::Kernels, &avx512::GraphKernels, &avx512::MdKernels, &avx512::AlignKernels, &HasAvx512},
#endif
#ifdef IRREG_HAVE_AVX2
    {"avx2", &avx2::Kernels, &avx2::GraphKernels, &avx2::MdKernels, &avx2::AlignKernels, &HasAvx2},
#endif
    {"scalar", &scalar::Kernels, &scalar::GraphKernels, &scalar::MdKernels, &scalar::AlignKernels, &Always},
#ifdef IRREG_HAVE_AVX512_EMU
    {"avx512-emu", &avx512_emu::Kernels, &avx512_emu::GraphKernels, &avx512_emu::MdKernels, &avx512_emu::AlignKernels, &HasAvx2},
#endif
};

const char* const kKnownIsas = "scalar, avx2, avx512, avx512-emu";

const IsaEntry& Lookup(const std::string& name) {
  for (const IsaEntry& e : kIsas)
    if (name == e.name) return e;
  if (name == "scalar" || name == "avx2" || name == "avx512" || name == "avx512-emu")
    throw std::runtime_error("ISA '" + name +
                             "' was not compiled into this build of irreg" +
                             (name == "avx512-emu"
                                  ? " (install SIMDe, e.g. apt-get install libsimde-dev, and "
                                    "reinstall irreg)"
                                  : ""));
  throw std::invalid_argument("unknown ISA '" + name + "'; expected one of " + kKnownIsas);
}

const IsaEntry& Checked(const std::string& name) {
  const IsaEntry& e = Lookup(name);
  if (!e.runnable())
    throw std::runtime_error("ISA '" + name + "' cannot run on this CPU; available: " + [] {
      std::string s;
      for (const std::string& n : AvailableIsas()) s += (s.empty() ? "" : ", ") + n;
      return s;
    }());
  return e;
}

}  // namespace

std::vector<std::string> CompiledIsas() {
  std::vector<std::string> out;
  for (const IsaEntry& e : kIsas) out.emplace_back(e.name);
  return out;
}

std::vector<std::string> AvailableIsas() {
  std::vector<std::string> out;
  for (const IsaEntry& e : kIsas)
    if (e.runnable()) out.emplace_back(e.name);
  return out;
}

std::string BestIsa() {
  for (const IsaEntry& e : kIsas)
    if (e.runnable() && std::string(e.name) != "avx512-emu") return e.name;
  return "scalar";
}

const std::string& DefaultIsa() {
  static const std::string isa = [] {
    const char* forced = std::getenv("IRREG_ISA");
    if (forced == nullptr || *forced == '\0') return BestIsa();
    try {
      return std::string(Checked(forced).name);
    } catch (const std::exception& err) {
      throw std::runtime_error(std::string("IRREG_ISA=") + forced + ": " + err.what());
    }
  }();
  return isa;
}

std::string ResolveIsa(const std::string& requested) {
  if (requested.empty()) return DefaultIsa();
  return Checked(requested).name;
}

const KernelTable& KernelsFor(const std::string& requested) {
  if (requested.empty()) return Checked(DefaultIsa()).table();
  return Checked(requested).table();
}

const graph::GraphKernelTable& GraphKernelsFor(const std::string& requested) {
  return Checked(requested.empty() ? DefaultIsa() : requested).graph_table();
}

const md::MdKernelTable& MdKernelsFor(const std::string& requested) {
  return Checked(requested.empty() ? DefaultIsa() : requested).md_table();
}

const align::AlignKernelTable& AlignKernelsFor(const std::string& requested) {
  return Checked(requested.empty() ? DefaultIsa() : requested).align_table();
}

}  // namespace irreg

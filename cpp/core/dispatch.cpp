#include "core/dispatch.hpp"

#include <algorithm>
#include <cstdlib>
#include <limits>
#include <map>
#include <memory>
#include <mutex>
#include <stdexcept>

#include "core/cpu_features.hpp"
#include "core/isa_list.hpp"

namespace irreg {
namespace {

struct IsaEntry {
  const char* name;
  bool is_built;
  bool (*runnable)();
  const char* if_not_built;

  bool built() const { return is_built; }
};

// One entry per row of IRREG_ISAS, built or not, so that a known name can be told from an
// unknown one.
#define IRREG_ISA_ENTRY(ns, name, built, runnable, if_not_built, ...) \
  {name, IRREG_IS_BUILT(built), []() -> bool { return runnable; }, if_not_built},
const IsaEntry kIsas[] = {IRREG_ISAS(IRREG_ISA_ENTRY)};
#undef IRREG_ISA_ENTRY

std::string Join(const std::vector<std::string>& names) {
  std::string s;
  for (const std::string& n : names) s += (s.empty() ? "" : ", ") + n;
  return s;
}

const IsaEntry& Lookup(const std::string& name) {
  for (const IsaEntry& e : kIsas) {
    if (name != e.name) continue;
    if (!e.built())
      throw std::runtime_error("ISA '" + name + "' was not compiled into this build of irreg" +
                               e.if_not_built);
    return e;
  }
  std::vector<std::string> known;
  for (const IsaEntry& e : kIsas) known.emplace_back(e.name);
  throw std::invalid_argument("unknown ISA '" + name + "'; expected one of " + Join(known));
}

const IsaEntry& Checked(const std::string& name) {
  const IsaEntry& e = Lookup(name);
  if (!e.runnable())
    throw std::runtime_error("ISA '" + name +
                             "' cannot run on this CPU; available: " + Join(AvailableIsas()));
  return e;
}

}  // namespace

std::vector<std::string> CompiledIsas() {
  std::vector<std::string> out;
  for (const IsaEntry& e : kIsas)
    if (e.built()) out.emplace_back(e.name);
  return out;
}

std::vector<std::string> AvailableIsas() {
  std::vector<std::string> out;
  for (const IsaEntry& e : kIsas)
    if (e.built() && e.runnable()) out.emplace_back(e.name);
  return out;
}

std::string BestIsa() {
  // Scalar always runs and precedes the emulated AVX-512, so the emulation is never picked.
  return AvailableIsas().front();
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

int IsaIndex(const std::string& requested) {
  const IsaEntry& e = Checked(requested.empty() ? DefaultIsa() : requested);
  return static_cast<int>(&e - kIsas);
}

const IsaChoice& ChooseIsaByMeasurement(const std::string& family,
                                        const std::function<double(const std::string&)>& seconds_of,
                                        int repeats) {
  // Choices live for the process; the lock is held while a family measures, so two threads
  // asking at once measure once (and not beside each other).
  static std::mutex mutex;
  static std::map<std::string, std::unique_ptr<IsaChoice>> chosen;
  std::lock_guard<std::mutex> lock(mutex);
  std::unique_ptr<IsaChoice>& slot = chosen[family];
  if (slot) return *slot;
  auto choice = std::make_unique<IsaChoice>();
  const char* forced = std::getenv("IRREG_ISA");
  std::vector<std::string> candidates;
  for (const std::string& isa : AvailableIsas())
    if (isa != "avx512-emu") candidates.push_back(isa);  // emulation never wins; never time it
  if (forced != nullptr && *forced != '\0') {
    choice->isa = DefaultIsa();
    choice->chosen_by = "IRREG_ISA";
  } else if (candidates.size() == 1) {
    choice->isa = candidates.front();
    choice->chosen_by = "only one ISA";
  } else {
    std::vector<double> best(candidates.size(), std::numeric_limits<double>::infinity());
    for (int r = 0; r < repeats; ++r)
      for (size_t k = 0; k < candidates.size(); ++k)
        best[k] = std::min(best[k], seconds_of(candidates[k]));
    size_t win = 0;
    for (size_t k = 0; k < candidates.size(); ++k) {
      choice->seconds.emplace_back(candidates[k], best[k]);
      if (best[k] < best[win]) win = k;
    }
    choice->isa = candidates[win];
    choice->chosen_by = "measurement";
  }
  slot = std::move(choice);
  return *slot;
}

}  // namespace irreg

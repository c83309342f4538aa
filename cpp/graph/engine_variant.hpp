// The seed's engine variants (seed 000 §6.2; engine.hpp says what each does), named once: the
// registry lists them for every algorithm and the run wrappers parse them from here.
#pragma once

#include "core/named_values.hpp"

namespace irreg::graph {

enum class Variant { kSerial, kNaive, kOpt, kOptSearch };
inline constexpr NamedValue<Variant> kEngineVariantNames[] = {
    {"serial", Variant::kSerial, "the serial Pregel engine (one edge at a time)"},
    {"naive", Variant::kNaive, "the vertex-centric engine with naive SIMD, seed 000"},
    {"opt", Variant::kOpt, "the vertex-centric engine over the grouped index, seed 000's opt"},
    {"opt-search", Variant::kOptSearch,
     "the vertex-centric engine over the grouped index, activated by search"},
};

}  // namespace irreg::graph

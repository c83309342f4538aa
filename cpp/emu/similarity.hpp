// The aligner's similarity phase (seed 002 §3.3, §5.3) on the Emu model: the first round's
// buckets of nx_irreg.align, ALL (a task per G1 bucket, `threads` workers) or PAIR (a threadlet
// per bucket pair, shuffled), BLK (vertices in equal id blocks) or HCB (vertices with their
// bucket, buckets in Hilbert order spread over nodelets by edges). Scores are the aligner's.
#pragma once

#include "align/aligner.hpp"
#include "emu/simulator.hpp"

namespace irreg::emu {

struct SimilarityOptions {
  align::Scheme scheme = align::Scheme::kAll;
  align::Layout layout = align::Layout::kHcb;
  int32_t threads = 256;
  int32_t k = 10;
  int32_t bucket_size = 128;
  uint64_t seed = 0;
};

struct SimilarityResult {
  align::TopK top;      // candidate lists from the simulated run
  align::TopK cpu_top;  // the same phase by the aligner on the CPU
  Report report;
  double bytes = 0;  // vertex records read and candidate lists read and updated
  int64_t comparisons = 0;
  int64_t tasks = 0;
};

SimilarityResult SimulateSimilarity(const Machine& m, const align::LabelledGraph& g1,
                                    const align::LabelledGraph& g2, const SimilarityOptions& o);

}  // namespace irreg::emu

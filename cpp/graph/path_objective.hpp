// What a label-setting search optimizes: the smallest sum of weights (SSSP) or the largest
// smallest weight along the path (SSWP, widest path). Delta-stepping and Dijkstra take it.
#pragma once

namespace irreg::graph {

enum class PathObjective { kShortest, kWidest };

}  // namespace irreg::graph

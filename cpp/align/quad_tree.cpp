#include "align/quad_tree.hpp"

#include <algorithm>
#include <numeric>

namespace irreg::align {
namespace {

constexpr int32_t kLevels = 16;  // the plane is a 2^16 x 2^16 grid

struct Node {
  int32_t level;
  uint32_t x, y;  // cell at this level: covers [x, x + 1) << (kLevels - level)
  int32_t child[4] = {-1, -1, -1, -1};
  int64_t begin, end;  // its points: pts[begin, end)
  int32_t leaf = -1;   // bucket number once leaves are ordered
};

struct Point {
  uint32_t x, y;
  int32_t id;     // vertex id in its graph
  int32_t graph;  // 0: G1, 1: G2
};

uint32_t Quantize(double v, double lo, double span) {
  if (span <= 0) return 0;
  const double t = (v - lo) / span * ((1u << kLevels) - 1);
  return static_cast<uint32_t>(std::clamp(t, 0.0, static_cast<double>((1u << kLevels) - 1)));
}

class Builder {
 public:
  Builder(std::vector<Point> pts, int32_t bucket_size) : pts_(std::move(pts)), cap_(bucket_size) {
    nodes_.push_back(Node{0, 0, 0, {-1, -1, -1, -1}, 0, static_cast<int64_t>(pts_.size())});
    Split(0);
  }
  std::vector<Node>& nodes() { return nodes_; }
  std::vector<Point>& points() { return pts_; }

 private:
  void Split(int32_t id) {
    const Node node = nodes_[id];
    if (node.end - node.begin <= cap_ || node.level == kLevels) return;
    bool same = true;
    for (int64_t i = node.begin + 1; i < node.end && same; ++i)
      same = pts_[i].x == pts_[node.begin].x && pts_[i].y == pts_[node.begin].y;
    if (same) return;
    const int32_t shift = kLevels - node.level - 1;
    const auto quadrant = [&](const Point& p) {
      return static_cast<int32_t>(((p.x >> shift) & 1u) | (((p.y >> shift) & 1u) << 1));
    };
    // A stable partition into the four quadrants (a counting sort: the points keep their
    // order within a quadrant, as a stable sort by quadrant would leave them).
    int64_t count[4] = {0, 0, 0, 0};
    for (int64_t i = node.begin; i < node.end; ++i) ++count[quadrant(pts_[i])];
    int64_t next[4] = {0, count[0], count[0] + count[1], count[0] + count[1] + count[2]};
    scratch_.resize(node.end - node.begin);
    for (int64_t i = node.begin; i < node.end; ++i) scratch_[next[quadrant(pts_[i])]++] = pts_[i];
    std::copy(scratch_.begin(), scratch_.end(), pts_.begin() + node.begin);
    int64_t at = node.begin;
    for (int32_t q = 0; q < 4; ++q) {
      const int64_t end = at + count[q];
      Node child{node.level + 1,
                 (node.x << 1) | (q & 1u),
                 (node.y << 1) | (q >> 1u),
                 {-1, -1, -1, -1},
                 at,
                 end};
      nodes_[id].child[q] = static_cast<int32_t>(nodes_.size());
      nodes_.push_back(child);
      Split(nodes_[id].child[q]);
      at = end;
    }
  }

  std::vector<Point> pts_, scratch_;
  int64_t cap_;
  std::vector<Node> nodes_;
};

bool IsLeaf(const Node& n) { return n.child[0] < 0; }

// Half-open cell extent on the finest grid.
void Extent(const Node& n, int64_t* x0, int64_t* x1, int64_t* y0, int64_t* y1) {
  const int32_t s = kLevels - n.level;
  *x0 = static_cast<int64_t>(n.x) << s, *x1 = static_cast<int64_t>(n.x + 1) << s;
  *y0 = static_cast<int64_t>(n.y) << s, *y1 = static_cast<int64_t>(n.y + 1) << s;
}

}  // namespace

uint64_t HilbertKey(uint32_t x, uint32_t y, int32_t order) {
  uint64_t d = 0;
  for (uint32_t s = 1u << (order - 1); s > 0; s >>= 1) {
    const uint32_t rx = (x & s) ? 1 : 0, ry = (y & s) ? 1 : 0;
    d += static_cast<uint64_t>(s) * s * ((3 * rx) ^ ry);
    if (ry == 0) {  // rotate the quadrant so the curve stays continuous
      if (rx == 1) x = s - 1 - x, y = s - 1 - y;
      std::swap(x, y);
    }
  }
  return d;
}

Buckets BuildBuckets(const std::vector<double>& x1, const std::vector<double>& y1,
                     const std::vector<double>& x2, const std::vector<double>& y2,
                     int32_t bucket_size) {
  double lox = 0, hix = 0, loy = 0, hiy = 0;
  bool first = true;
  for (const auto* xs : {&x1, &x2})
    for (double v : *xs)
      lox = first ? v : std::min(lox, v), hix = first ? v : std::max(hix, v), first = false;
  first = true;
  for (const auto* ys : {&y1, &y2})
    for (double v : *ys)
      loy = first ? v : std::min(loy, v), hiy = first ? v : std::max(hiy, v), first = false;
  std::vector<Point> pts;
  pts.reserve(x1.size() + x2.size());
  for (size_t v = 0; v < x1.size(); ++v)
    pts.push_back({Quantize(x1[v], lox, hix - lox), Quantize(y1[v], loy, hiy - loy),
                   static_cast<int32_t>(v), 0});
  for (size_t v = 0; v < x2.size(); ++v)
    pts.push_back({Quantize(x2[v], lox, hix - lox), Quantize(y2[v], loy, hiy - loy),
                   static_cast<int32_t>(v), 1});
  Builder builder(std::move(pts), std::max(bucket_size, 1));
  std::vector<Node>& nodes = builder.nodes();
  std::vector<Point>& points = builder.points();

  std::vector<int32_t> leaves;
  for (int32_t i = 0; i < static_cast<int32_t>(nodes.size()); ++i)
    if (IsLeaf(nodes[i]) && nodes[i].end > nodes[i].begin) leaves.push_back(i);
  std::vector<uint64_t> key(nodes.size(), 0);
  for (int32_t i : leaves) {
    const int32_t s = kLevels - nodes[i].level;
    key[i] = HilbertKey(nodes[i].x << s, nodes[i].y << s, kLevels);
  }
  std::sort(leaves.begin(), leaves.end(), [&](int32_t a, int32_t b) { return key[a] < key[b]; });

  Buckets b;
  b.begin1.push_back(0);
  b.begin2.push_back(0);
  for (size_t r = 0; r < leaves.size(); ++r) {
    Node& leaf = nodes[leaves[r]];
    leaf.leaf = static_cast<int32_t>(r);
    b.depth = std::max(b.depth, leaf.level);
    if (leaf.end - leaf.begin > bucket_size) ++b.oversized;
    const size_t m1 = b.members1.size(), m2 = b.members2.size();
    for (int64_t i = leaf.begin; i < leaf.end; ++i)
      (points[i].graph == 0 ? b.members1 : b.members2).push_back(points[i].id);
    std::sort(b.members1.begin() + m1, b.members1.end());
    std::sort(b.members2.begin() + m2, b.members2.end());
    b.begin1.push_back(static_cast<int64_t>(b.members1.size()));
    b.begin2.push_back(static_cast<int64_t>(b.members2.size()));
  }
  // Touching leaves: descend into every node whose extent meets the leaf's grown by one cell.
  b.neighbour_begin.push_back(0);
  std::vector<int32_t> stack;
  for (int32_t li : leaves) {
    int64_t x0, x1e, y0, y1e;
    Extent(nodes[li], &x0, &x1e, &y0, &y1e);
    --x0, ++x1e, --y0, ++y1e;
    const size_t start = b.neighbours.size();
    stack.assign(1, 0);
    while (!stack.empty()) {
      const Node& n = nodes[stack.back()];
      stack.pop_back();
      int64_t a0, a1, c0, c1;
      Extent(n, &a0, &a1, &c0, &c1);
      if (a1 <= x0 || a0 >= x1e || c1 <= y0 || c0 >= y1e || n.end == n.begin) continue;
      if (IsLeaf(n)) {
        b.neighbours.push_back(n.leaf);
      } else {
        for (int32_t c : n.child) stack.push_back(c);
      }
    }
    std::sort(b.neighbours.begin() + start, b.neighbours.end());
    b.neighbour_begin.push_back(static_cast<int64_t>(b.neighbours.size()));
  }
  return b;
}

}  // namespace irreg::align

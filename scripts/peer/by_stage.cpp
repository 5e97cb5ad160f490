// The C++ peer (SebWouters/rubik) solving as ../shared/peer/seb_bench.cpp has
// it solve, the same states from the same seed, but stage by stage over all
// of them: every state's first stage, then every state's second, and so on.
// Each pass reads one of the peer's four tables (8-byte entries: at most
// 8.7 MB, stage 2's), not all four at once (14 MB in 3,500 pages), so far
// more of its reads hit the cache and the TLB. It stands in for the peer on
// a machine whose cache serves all its tables at once; as-is, on a 2-core
// share of a 32 MB cache, it runs at half this speed.
// Built and run by peer-tables-in-cache.sh beside this file.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <vector>
#include "rubik.h"

int main(int argc, char** argv) {
  size_t count = argc > 1 ? strtoul(argv[1], nullptr, 10) : 1000000;
  rubik::thistlethwaite tt;
  std::mt19937 gen(1);
  std::uniform_int_distribution<int> dist(0, rubik::action::G0.size() - 1);
  std::vector<rubik::compact_state> states(count);
  for (auto& s : states)
    for (int i = 0; i < 60; i++) s.twist(rubik::action::G0[dist(gen)]);
  auto start = std::chrono::steady_clock::now();
  uint64_t total = 0;
  for (auto& s : states) {
    for (uint32_t key = tt.key01(s); key; total++) { auto st = tt.lut_g0_g1[key]; s.twist(st.a); key = st.key; }
  }
  for (auto& s : states) {
    for (uint32_t key = tt.key12(s); key; total++) { auto st = tt.lut_g1_g2[key]; s.twist(st.a); key = st.key; }
  }
  for (auto& s : states) {
    for (uint32_t key = tt.key23(s); key; total++) { auto st = tt.lut_g2_g3[key]; s.twist(st.a); key = st.key; }
  }
  for (auto& s : states) {
    for (uint32_t key = tt.key34(s); key; total++) { auto st = tt.lut_g3_g4[key]; s.twist(st.a); key = st.key; }
  }
  double secs = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  printf("peer by stage: %.0f solves/s, mean %.2f moves\n", count / secs, double(total) / count);
}

// The policy files that carry decision tables: every `.vigie` under tests/engine/decisions/ and
// rules/, sorted. Shared by the tests that run every table (decisions_test, trace_option_test).
#ifndef VIGIE_TESTS_ENGINE_POLICY_FILES_HPP
#define VIGIE_TESTS_ENGINE_POLICY_FILES_HPP

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace vigie::testing {

inline std::vector<std::string> policy_files() {
  namespace fs = std::filesystem;
  std::vector<std::string> out;
  for (const char* dir : {"tests/engine/decisions", "rules"}) {
    fs::path d = fs::path(VIGIE_SOURCE_DIR) / dir;
    if (!fs::exists(d)) continue;
    for (const auto& e : fs::directory_iterator(d))
      if (e.path().extension() == ".vigie") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace vigie::testing

#endif  // VIGIE_TESTS_ENGINE_POLICY_FILES_HPP

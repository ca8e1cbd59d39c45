// Helpers shared by the shell golden and corpus tests: reading JSON Lines, the corpus folder,
// and the update mode (VIGIE_UPDATE_GOLDEN=1 rewrites expected files instead of comparing).
#ifndef VIGIE_TESTS_SHELL_GOLDEN_HPP
#define VIGIE_TESTS_SHELL_GOLDEN_HPP

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace vigie::shell::testing {

inline bool update_mode() {
  const char* v = std::getenv("VIGIE_UPDATE_GOLDEN");
  return v != nullptr && std::string(v) == "1";
}

inline std::string source_path(const std::string& rel) {
  return std::string(VIGIE_SOURCE_DIR) + "/" + rel;
}

inline std::string corpus_path(const std::string& name) {
  return std::string(VIGIE_CORPUS_DIR) + "/" + name;
}

inline bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

inline bool write_file(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary);
  out << text;
  return static_cast<bool>(out);
}

// Rows of a .jsonl file; false when the file is absent.
inline bool read_jsonl(const std::string& path, std::vector<nlohmann::json>& rows) {
  std::ifstream in(path);
  if (!in) return false;
  std::string line;
  while (std::getline(in, line)) {
    if (!line.empty()) rows.push_back(nlohmann::json::parse(line));
  }
  return true;
}

}  // namespace vigie::shell::testing

#endif  // VIGIE_TESTS_SHELL_GOLDEN_HPP

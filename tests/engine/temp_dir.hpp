// A temporary folder on the real filesystem for the native-only tests (std::filesystem is fine
// there): created under the canonical temporary folder (`/tmp` may itself be a link), removed
// with everything in it when the test ends.
#ifndef VIGIE_TESTS_ENGINE_TEMP_DIR_HPP
#define VIGIE_TESTS_ENGINE_TEMP_DIR_HPP

#include <filesystem>
#include <random>
#include <string>
#include <system_error>

namespace vigie::testing {

struct TempDir {
  std::filesystem::path path;
  explicit TempDir(const std::string& prefix = "vigie-test") {
    std::random_device rd;
    auto base = std::filesystem::canonical(std::filesystem::temp_directory_path());
    path = base / (prefix + "-" + std::to_string(rd()) + "-" + std::to_string(rd()));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // The folder, or `rel` below it, as a string.
  std::string str(const std::string& rel = "") const {
    return rel.empty() ? path.string() : (path / rel).string();
  }
};

}  // namespace vigie::testing

#endif  // VIGIE_TESTS_ENGINE_TEMP_DIR_HPP
